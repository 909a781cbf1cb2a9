/**
 * The whole app by keyboard alone, as a user without a mouse goes through it: camera read, fix a
 * digit, hint, solve, export, record 10 shots, stop, encode and play. Only key presses drive the
 * page; the test reads what is shown. Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppUnderTest, boardDigits, openApp } from '../../devkit/browser'
import { READABLE_PHOTO, fakeWebcamArgs, fakeWebcamFile, groundTruth, waitForRead } from '../../devkit/reading'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const document: any

let app: AppUnderTest

beforeAll(async () => {
  app = await openApp({ chromiumArgs: fakeWebcamArgs(await fakeWebcamFile(READABLE_PHOTO, { width: 640, height: 360, fps: 10 })) })
})

afterAll(async () => {
  expect(app.remoteRequests).toEqual([])
  await app?.close()
})

/** Presses Tab until the focused element matches `selector`, as a user tabbing to a control. */
async function tabTo(page: Page, selector: string, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${selector}`)
}

/** Moves the board's cursor to `cell` with the arrow keys. */
async function arrowTo(page: Page, cell: number): Promise<void> {
  const from = Number(await page.getAttribute('[data-cell][aria-selected="true"]', 'data-cell'))
  const [dr, dc] = [Math.floor(cell / 9) - Math.floor(from / 9), (cell % 9) - (from % 9)]
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp')
  for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft')
}

const status = (page: Page) => page.textContent('[data-testid="status"]')

describe('keyboard only', () => {
  it('reads from the camera, fixes a digit, hints, solves, exports, records, encodes and plays', async () => {
    const { page } = app
    const truth = groundTruth(READABLE_PHOTO)

    // Camera on (W): held steady, the grid is read by itself; then camera off (W).
    await page.keyboard.press('w')
    expect(await waitForRead(page)).toMatch(/^Read \d+ givens from the camera/)
    expect(await boardDigits(page)).toBe(truth)
    await page.keyboard.press('w')

    // Fix a digit: givens are locked in play, so switch to Review read (Tab to the mode, an arrow
    // key, B back to the board), type over a given, then put it right.
    const given = [...truth].findIndex((d) => d !== '0')
    const wrong = String((Number(truth[given]) % 9) + 1)
    if (!(await page.isChecked('[data-testid="mode-review"]'))) {
      await tabTo(page, '[data-testid="mode-play"]')
      await page.keyboard.press('ArrowLeft')
      expect(await page.isChecked('[data-testid="mode-review"]')).toBe(true)
      await page.keyboard.press('b')
    }
    await arrowTo(page, given)
    await page.keyboard.press(wrong)
    expect(await page.getAttribute(`[data-cell="${given}"]`, 'data-corrected')).toBe('true')
    expect((await boardDigits(page))[given]).toBe(wrong)
    await page.keyboard.press(truth[given])
    expect(await boardDigits(page)).toBe(truth)

    // Hint (H) while there is something left to find, then solve (S).
    await page.keyboard.press('h')
    await page.waitForSelector('[data-testid="hint-text"]', { timeout: 20_000 })
    await page.keyboard.press('s')
    await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(/exactly one solution/)
    expect(await boardDigits(page)).not.toContain('0')

    // Export (E) opens the panel with the focus inside it; Tab to Save PNG, Enter.
    await page.keyboard.press('e')
    await tabTo(page, '[data-testid="export-save"]')
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(download.suggestedFilename()).toMatch(/^sudoku-solved.*\.png$/)
    await page.keyboard.press('Escape')

    // Record: open the time-lapse section, a short interval, then R; stop with R after 10 shots.
    await tabTo(page, '[data-testid="timelapse-section"] summary')
    await page.keyboard.press('Enter')
    await tabTo(page, '[data-testid="tl-interval"]')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('0.5')
    // Letters typed in a field are the field's: leave it (Shift+Tab) before pressing R.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('r')
    await page.waitForSelector('[data-testid="tl-stop"]', { state: 'visible', timeout: 20_000 })
    // The count includes the one shot that may still be on its way to main, which a stop at that
    // moment loses (TimelapseRecorder.stop does not wait for it): 11 shown is at least 10 recorded.
    await expect.poll(async () => Number(await page.textContent('[data-testid="tl-count"] strong')), { timeout: 30_000 }).toBeGreaterThanOrEqual(11)
    await page.keyboard.press('r')
    await expect.poll(() => page.textContent('[data-testid="tl-message"]'), { timeout: 30_000 }).toMatch(/Recorded \d+ frames/)
    const recorded = Number(/Recorded (\d+) frames/.exec((await page.textContent('[data-testid="tl-message"]')) ?? '')![1])
    expect(recorded).toBeGreaterThanOrEqual(10)

    // Encode, then Play, each reached with Tab and pressed with Enter.
    await tabTo(page, '[data-testid="tl-encode"]')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.textContent('[data-testid="tl-message"]'), { timeout: 90_000 }).toMatch(new RegExp(`Film ready: ${recorded} frames`))
    await tabTo(page, '[data-testid="tl-play"]')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.$eval('[data-testid="tl-film"]', (video) => (video as unknown as { readyState: number }).readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1)
    expect(app.pageErrors).toEqual([])
  }, 300_000)
})
