import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { _electron as electron } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { boardDigits } from '../../devkit/browser'

/** The Electron binary is absent on offline installs (ELECTRON_SKIP_BINARY_DOWNLOAD=1). */
function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()
if (!binary) {
  console.warn(
    'Skipping the desktop-app tests: the Electron binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1). Web mode covers the same renderer and services.',
  )
}

describe.skipIf(!binary)('desktop app (Electron)', () => {
  it('opens a secure window whose editor solves a puzzle', async () => {
    const app = await electron.launch({ executablePath: binary!, args: ['.', '--no-sandbox'] })
    try {
      const page = await app.firstWindow()
      expect(page.url()).toBe('app://sudoku-lens/index.html')
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined')
      await page.fill('[data-testid=puzzle-text]', '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......')
      await page.click('[data-testid=load-text]')
      await page.click('[data-testid=solve]')
      await expect.poll(() => boardDigits(page)).not.toContain('0')
    } finally {
      await app.close()
    }
  })
})
