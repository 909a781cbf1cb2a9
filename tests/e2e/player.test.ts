/**
 * The player's side of the board, as a user sees it: correcting a read (the mode shown, the fix a
 * given the solver sees), problems ringed on the board, the board as one Tab stop with rows and
 * named cells, the selected digit lit everywhere, and pencil mode.
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { Corners } from '../../src/shared/vision/core/image'
import { cellQuad, squareToQuad } from '../../src/shared/vision/core/homography'
import { findConflicts } from '../../src/shared/sudoku/validate'
import { solve } from '../../src/shared/sudoku/solver'
import { boardDigits, useApp } from '../../devkit/browser'
import { READABLE_PHOTO, dropFile, groundTruth, waitForRead } from '../../devkit/reading'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const document: any, getComputedStyle: any, Event: any

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'

/** The first of the Sudoku Exchange hard bank (public domain): 25 givens. */
const HARD = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'

const app = useApp()

const status = () => app().page.textContent('[data-testid=status]')
const cell = (n: number) => `[data-cell="${n}"]`
/** The mode switch's segment a user clicks (its radio is drawn as the filled segment). */
const modeSegment = (mode: string) => `label:has([data-testid=mode-${mode}])`

/**
 * A given of `truth` and a digit that, read there instead, leaves the givens without a solution (and
 * without a clash), with a cell `from` where the page prints that digit.
 */
function misreadOf(truth: string): { at: number; digit: number; from: number } {
  for (let at = 0; at < 81; at++) {
    if (truth[at] === '0') continue
    for (let digit = 1; digit <= 9; digit++) {
      const grid = Uint8Array.from(truth, Number)
      grid[at] = digit
      const from = truth.indexOf(String(digit))
      if (digit !== Number(truth[at]) && from >= 0 && !findConflicts(grid).length && solve(grid, { limit: 1 }).count === 0) return { at, digit, from }
    }
  }
  throw new Error('no misread to simulate')
}

/** The middle 76% of cell `n`'s box in the photo (clear of its grid lines): left, top, width, height. */
function innerBox(corners: Corners, n: number): { left: number; top: number; width: number; height: number } {
  const quad = cellQuad(squareToQuad(corners), n)
  const [left, right] = [Math.min(...quad.map((p) => p.x)), Math.max(...quad.map((p) => p.x))]
  const [top, bottom] = [Math.min(...quad.map((p) => p.y)), Math.max(...quad.map((p) => p.y))]
  const [width, height] = [right - left, bottom - top]
  return { left: Math.round(left + 0.12 * width), top: Math.round(top + 0.12 * height), width: Math.round(0.76 * width), height: Math.round(0.76 * height) }
}

describe('correcting a read', () => {
  const truth = groundTruth(READABLE_PHOTO)
  const { at, digit, from } = misreadOf(truth)

  it('corrects a read given as a given the solver sees, shown as changed; a wrong one is ringed', async () => {
    const { page } = app()
    await dropFile(page, READABLE_PHOTO)
    await waitForRead(page)
    expect(await boardDigits(page)).toBe(truth)
    // Read right, the givens have one solution: the page is ready to play, and can be reviewed.
    expect(await page.isChecked('[data-testid=mode-play]')).toBe(true)
    await page.click(modeSegment('review'))
    expect(await page.textContent('[data-testid=mode-text]')).toMatch(/^Reviewing the read/)

    // The reader "misread" a given: typed over, it stays a given, marked as changed.
    await page.click(cell(at))
    await page.keyboard.press(String(digit))
    expect(await page.getAttribute(cell(at), 'data-given')).toBe('true')
    expect(await page.getAttribute(cell(at), 'data-corrected')).toBe('true')
    expect(await status()).toMatch(new RegExp(`^Corrected r\\dc\\d: read as ${truth[at]}, now ${digit}\\.`))

    // Solving says there is no solution, and rings the given to check.
    await page.click('[data-testid=solve]')
    await expect.poll(status).toMatch(/no solution.*\(ringed\)/)
    expect(await page.getAttribute(cell(at), 'data-problem')).toBe('none')
    expect(await page.$eval(cell(at), (element) => getComputedStyle(element).outlineStyle)).toBe('dashed')

    // Putting the right digit back clears the ring and the mark.
    await page.click(cell(at))
    await page.keyboard.press(truth[at])
    expect(await page.locator('[data-problem]').count()).toBe(0)
    expect(await page.getAttribute(cell(at), 'data-corrected')).toBeNull()
  })

  it('marks on the board a given printed wrong in the photo itself', async () => {
    const { page } = app()
    // Where the misread given is in the photo, from the read above.
    await page.click(cell(at))
    const corners = JSON.parse((await page.getAttribute('[data-testid=cell-crop]', 'data-corners')) ?? 'null') as Corners
    // The cell's digit printed over with the page's own print of another digit, in its own font
    // (a digit in another font passes for writing: paper/print-shape.ts).
    const [source, target] = [innerBox(corners, from), innerBox(corners, at)]
    const patch = await sharp(READABLE_PHOTO).extract(source).resize(target.width, target.height, { fit: 'fill' }).toBuffer()
    const edited = join(mkdtempSync(join(tmpdir(), 'sudoku-lens-misprint-')), 'misprinted.jpg')
    await sharp(READABLE_PHOTO)
      .composite([{ input: patch, left: target.left, top: target.top }])
      .jpeg({ quality: 92 })
      .toFile(edited)
    await dropFile(page, edited)
    await waitForRead(page)
    // The misprint, read as surely as the print around it, leaves the givens without a solution:
    // either the rules chose another digit in the least sure given that mends them (a doubt, there
    // or elsewhere), or the givens stay unsolvable and a cell is ringed.
    const marked = page.locator('[data-doubt="repaired"], [data-problem="none"]')
    await expect.poll(() => marked.count(), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await marked.first().getAttribute('aria-label')).toMatch(/chosen by the Sudoku rules|another digit here makes the puzzle solvable/)
  })

  it('in play, says the player digits are not the puzzle; typed again in "Enter puzzle" they are', async () => {
    const { page } = app()
    // A puzzle missing one given (r1c2's 8, without which it has two solutions): the player puts it in while playing.
    await page.fill('[data-testid=puzzle-text]', `00${HARD.slice(2)}`)
    await page.click('[data-testid=load-text]')
    expect(await page.isChecked('[data-testid=mode-play]')).toBe(true)
    expect(await page.textContent('[data-testid=mode-text]')).toMatch(/^Playing/)
    await page.click(cell(1))
    await page.keyboard.press('8')
    expect(await page.getAttribute(cell(1), 'data-origin')).toBe('typed')
    await page.click('[data-testid=solve]')
    await expect.poll(status).toMatch(/at least 2 solutions.*your 1 digit is not part of the puzzle/)
    expect(await page.locator('[data-problem="multiple"]').count()).toBeGreaterThan(1)

    await page.click(modeSegment('puzzle'))
    expect(await page.textContent('[data-testid=mode-text]')).toMatch(/^Entering a puzzle/)
    await page.click(cell(1))
    await page.keyboard.press('8')
    expect(await page.getAttribute(cell(1), 'data-given')).toBe('true')
    await page.click('[data-testid=solve]')
    await expect.poll(status).toMatch(/exactly one solution/)
    expect(app().pageErrors).toEqual([])
  })
})

describe('the board as a grid', () => {
  it('has 9 rows of named cells, moves with arrows and is one Tab stop', async () => {
    const { page } = app()
    await page.fill('[data-testid=puzzle-text]', PUZZLE)
    await page.click('[data-testid=load-text]')
    expect(await page.locator('[role=grid] [role=row]').count()).toBe(9)
    await page.click(cell(0))
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)
    expect(await focused()).toBe('Row 1, column 1, 4 given')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    expect(await focused()).toBe('Row 2, column 2, 3 given')
    // Tab leaves the board; Shift+Tab comes back to the same cell.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=grid]')))).toBe(false)
    await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe('Row 2, column 2, 3 given')
  })

  it('lights every cell of the selected digit, and writes pencil marks in pencil mode', async () => {
    const { page } = app()
    await page.fill('[data-testid=puzzle-text]', PUZZLE)
    await page.click('[data-testid=load-text]')
    await page.click(cell(0))
    const fours = [...PUZZLE].flatMap((d, n) => (d === '4' && n !== 0 ? [String(n)] : []))
    expect(await page.$$eval('[data-same-digit="true"]', (cells) => cells.map((c) => c.getAttribute('data-cell')).filter((n) => n !== '0'))).toEqual(fours)
    const background = (n: number) => page.$eval(cell(n), (element) => getComputedStyle(element).backgroundColor)
    expect(await background(Number(fours[0]))).not.toBe(await background(3))

    await page.click('[data-testid=pencil-mode]')
    expect(await page.getAttribute('[data-testid=pencil-mode]', 'aria-pressed')).toBe('true')
    await page.click(cell(1))
    await page.keyboard.press('3')
    await page.click('[aria-label="Pencil mark 7"]')
    expect(await page.getAttribute(cell(1), 'data-marks')).toBe('37')
    expect(await page.textContent(cell(1))).toBe('')
    // The marks are drawn small in the cell.
    expect(await page.$$eval('[data-testid=candidates] .mark-cell', (cells) => cells[1].textContent?.trim())).toBe('37')
    await page.click('[data-testid=pencil-mode]')
    await page.keyboard.press('9')
    expect(await page.textContent(cell(1))).toBe('9')
  })
})

describe('the timer', () => {
  it('runs while playing, pauses when the window is hidden, a puzzle is being entered or the solution is shown, and starts again for a new puzzle', async () => {
    const { page } = app()
    await page.fill('[data-testid=puzzle-text]', HARD)
    await page.click('[data-testid=load-text]')
    const shown = async () => (await page.textContent('[data-testid=timer]'))?.trim() ?? ''
    const seconds = async () => {
      const [m, s] = (/(\d+):(\d\d)/.exec(await shown()) ?? []).slice(1).map(Number)
      return m * 60 + s
    }
    await expect.poll(seconds, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(await page.getAttribute('[data-testid=timer]', 'data-running')).toBe('true')

    // The window hidden (another tab, minimised): the time stands still.
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value })
        document.dispatchEvent(new Event('visibilitychange'))
      }, hidden)
    await setHidden(true)
    await expect.poll(shown).toMatch(/paused$/)
    const held = await seconds()
    await page.waitForTimeout(1500)
    expect(await seconds()).toBe(held)
    await setHidden(false)
    await expect.poll(shown).not.toMatch(/paused$/)

    await page.click(modeSegment('puzzle'))
    await expect.poll(shown).toMatch(/paused$/)
    await page.click(modeSegment('play'))
    await page.fill('[data-testid=puzzle-text]', PUZZLE)
    await page.click('[data-testid=load-text]')
    expect(await seconds()).toBeLessThan(held)

    // The solver's answer shown: the time stands still until the next edit puts it away.
    await expect.poll(shown).not.toMatch(/paused$/)
    await page.click('[data-testid=solve]')
    await page.waitForSelector('[data-solved="true"]', { timeout: 30_000 })
    await expect.poll(shown).toMatch(/paused$/)
    const solvedAt = await seconds()
    await page.waitForTimeout(1500)
    expect(await seconds()).toBe(solvedAt)
  })
})
