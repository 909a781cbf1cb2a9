/**
 * Keyboard access: Tab leaves the board for the toolbar and the panels and comes back, keys for
 * the board still work after a button was clicked, and the shortcuts listed by ? do what they say.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { boardDigits, useApp } from '../../devkit/browser'

const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'

const app = useApp()

/** The focused element's test id, or its tag and text; 'board' for the board's one Tab stop (its selected cell). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = (globalThis as any).document.activeElement
    if (element?.closest?.('[data-testid="board"]')) return 'board'
    return element?.dataset?.testid ?? `${element?.tagName}:${element?.textContent?.trim().slice(0, 20)}`
  })
}

describe('keyboard access', () => {
  it('leaves the board with Tab and Shift+Tab and comes back', async () => {
    const { page } = app()
    await page.focus('[data-testid="board"] [tabindex="0"]')
    await page.keyboard.press('Tab')
    expect(await focused(page)).not.toBe('board')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('board')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).not.toBe('board')
    // Backwards from the board: its bar, then the toolbar.
    const reached: string[] = []
    for (let i = 0; i < 12 && !reached.includes('new'); i++) {
      await page.keyboard.press('Shift+Tab')
      reached.push(await focused(page))
    }
    expect(reached).toContain('record-toggle')
    expect(reached).toContain('solve')
    expect(reached).toContain('new')
  })

  it('keeps digits and Ctrl+Z working after a click on a button', async () => {
    const { page } = app()
    await page.click('[data-testid="new"]')
    await page.click('[data-cell="10"]')
    await page.click('[data-testid="show-candidates"]')
    expect(await focused(page)).toBe('show-candidates')
    await page.keyboard.press('7')
    expect(await page.textContent('[data-cell="10"]')).toBe('7')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('3')
    expect(await page.textContent('[data-cell="11"]')).toBe('3')
    await page.keyboard.press('Control+z')
    expect(await page.textContent('[data-cell="11"]')).toBe('')
    // Focus stays where it was: the button the user clicked.
    expect(await focused(page)).toBe('show-candidates')
    await page.click('[data-testid="show-candidates"]')
  })

  it('solves with S, hints with H, and lists the keys with ?', async () => {
    const { page } = app()
    await page.fill('[data-testid="puzzle-text"]', PUZZLE)
    await page.click('[data-testid="load-text"]')
    await page.keyboard.press('h')
    await page.waitForSelector('[data-testid="hint-text"]', { timeout: 20_000 })
    await page.keyboard.press('s')
    await expect.poll(() => page.textContent('[data-testid="status"]'), { timeout: 20_000 }).toMatch(/exactly one solution/)
    expect(await boardDigits(page)).not.toContain('0')
    expect(await page.getAttribute('[data-testid="app-mode"]', 'data-mode')).toBe('solved')

    await page.keyboard.press('?')
    await page.waitForSelector('[data-testid="help"][open]')
    const listed = await page.textContent('[data-testid="help"]')
    for (const key of ['Solve', 'Hint', 'Record a time-lapse', 'Export', 'Tab / Shift+Tab']) expect(listed).toContain(key)
    await page.keyboard.press('Escape')
    expect(await page.isVisible('[data-testid="help"]')).toBe(false)
    expect(app().pageErrors).toEqual([])
  })
})
