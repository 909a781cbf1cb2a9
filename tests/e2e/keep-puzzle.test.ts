/**
 * The puzzle in progress survives a reload and a restart (saved by the main process in the user
 * data folder's games library), its undo history and time included; a damaged save of an older
 * version is one line, not a lost app.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { boardDigits, openApp, savedBoard } from '../../devkit/browser'

const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'

describe('the puzzle kept across reload and restart', () => {
  it('comes back as left: digits, pencil marks, mode, undo history', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'sudoku-lens-keep-'))
    let app = await openApp({ userDataDir })
    try {
      const { page } = app
      await page.fill('[data-testid=puzzle-text]', PUZZLE)
      await page.click('[data-testid=load-text]')
      await page.click('[data-cell="0"]')
      await page.keyboard.press('3')
      await page.click('[data-cell="2"]')
      await page.keyboard.press('Shift+Digit9')
      const before = await boardDigits(page)
      // The save follows each change after a short pause: wait until the file holds the pencil mark.
      const savedMarks = () => savedBoard(userDataDir)?.marks.slice(6, 9)
      await expect.poll(savedMarks, { timeout: 10_000 }).toBe((1 << 8).toString(16))
      await page.reload()
      await expect.poll(() => boardDigits(page)).toBe(before)
      expect(await page.getAttribute('[data-cell="2"]', 'data-marks')).toBe('9')
      expect(await page.isChecked('[data-testid=mode-play]')).toBe(true)
      expect(await page.textContent('[data-testid=status]')).toBe('Your puzzle, as you left it.')
      await app.close()

      app = await openApp({ userDataDir })
      await expect.poll(() => boardDigits(app.page)).toBe(before)
      expect(await app.page.getAttribute('[data-cell="0"]', 'data-origin')).toBe('typed')
      // The history came back too: undo takes off the pencil mark, then the digit.
      await app.page.click('[data-cell="40"]')
      await app.page.keyboard.press('Control+z')
      expect(await app.page.getAttribute('[data-cell="2"]', 'data-marks')).toBeNull()
      await app.page.keyboard.press('Control+z')
      expect(await app.page.textContent('[data-cell="0"]')).toBe('')
      expect(app.remoteRequests).toEqual([])
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('says in one line that a damaged save could not be read, and starts empty', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'sudoku-lens-keep-'))
    writeFileSync(join(userDataDir, 'puzzle.json'), '{"board": {"grid": "12')
    const app = await openApp({ userDataDir })
    try {
      await expect
        .poll(() => app.page.textContent('[data-testid=status]'))
        .toMatch(/^The saved puzzle in .*puzzle\.json is damaged \(.*\); starting with an empty board\.$/)
      expect(await boardDigits(app.page)).toBe('0'.repeat(81))
    } finally {
      await app.close()
    }
  })
})
