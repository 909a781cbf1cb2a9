/**
 * A page in progress through the live camera: a newspaper Sudoku partly solved in pen, with pencil
 * candidates, loads as the player left it (printed givens as givens, pen digits as the player's,
 * pencil marks as marks), and "Check my paper" works on it and on digits typed since.
 * Photo: Alex Kubiesa's sudoku-scanner datasets (end_to_end), MIT licence, (c) 2024 Alex Kubiesa,
 * read through datasets/kubiesa.ts. Which digits are printed and what the pencil marks say was
 * read off the photo by eye (the dataset's labels say only "a digit" or "pencil marks").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKS_LABEL, hasPenPhotos, listPenPhotos } from '../../datasets/kubiesa'
import { boxOf, candidatesOf, cellName, digitsOf } from '../../src/shared/sudoku/board'
import { solve } from '../../src/shared/sudoku/solver'
import { type AppUnderTest, boardDigits, openApp } from '../../devkit/browser'
import { fakeWebcamArgs, fakeWebcamFile, waitForRead } from '../../devkit/reading'

/** Landscape, so the grid is large in the 1280x720 fake webcam. */
const PHOTO = '02_24_iphone_14_1'
/** The printed givens (29); the other labelled digits (5) are written in pen. */
const GIVENS = '003050090610000820080070004000507000508020703000806000300060010067000035090080400'
/** The pencil marks as written, by cell. */
const MARKS: Record<number, string> = { 18: '29', 25: '56', 43: '46', 52: '45', 60: '29', 69: '29', 79: '67', 80: '67' }

const photo = hasPenPhotos('train') ? listPenPhotos('train').find((p) => p.name === PHOTO) : undefined
const labels = photo ? Array.from(photo.labels) : []
/** What the board should show: every labelled digit, pencil-mark cells empty. */
const DIGITS = labels.map((l) => (l === MARKS_LABEL ? 0 : l)).join('')
const givenCells = [...GIVENS].flatMap((d, cell) => (d !== '0' ? [cell] : []))
const entryCells = labels.flatMap((l, cell) => (l && l !== MARKS_LABEL && GIVENS[cell] === '0' ? [cell] : []))
const markCells = labels.flatMap((l, cell) => (l === MARKS_LABEL ? [cell] : []))

describe.skipIf(!photo)('a page in progress from the camera', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await openApp({ chromiumArgs: fakeWebcamArgs(await fakeWebcamFile(photo!.jpg)) })
  })

  afterAll(async () => {
    expect(app.remoteRequests).toEqual([])
    await app?.close()
  })

  it('has labels that agree with the givens read by eye', () => {
    expect(givenCells.every((cell) => labels[cell] === Number(GIVENS[cell]))).toBe(true)
    expect([givenCells.length, entryCells.length, markCells.length]).toEqual([29, 5, 8])
    expect(Object.keys(MARKS).map(Number)).toEqual(markCells)
  })

  it('loads the printed givens as givens, the pen digits as the player own and the pencil marks as marks', async () => {
    const { page } = app
    await page.click('[data-testid="camera-toggle"]')
    await page.waitForSelector('[data-testid="camera"][data-grid="found"]', { timeout: 60_000 })
    const status = await waitForRead(page, 120_000)
    expect(status).toMatch(/^Read 29 givens, 5 of your digits and 8 cells of pencil marks from the camera\./)
    expect(status).toMatch(/Check my paper when you are ready\.$/)
    expect(await boardDigits(page)).toBe(DIGITS)
    const cellsWith = (selector: string) => page.$$eval(selector, (cells) => cells.map((c) => Number(c.getAttribute('data-cell'))).sort((a, b) => a - b))
    expect(await cellsWith('[data-cell][data-given="true"]')).toEqual(givenCells)
    expect(await cellsWith('[data-cell][data-origin="pen"]')).toEqual(entryCells)
    expect(await page.getAttribute(`[data-cell="${entryCells[0]}"]`, 'aria-label')).toMatch(
      new RegExp(`^Row ${Math.floor(entryCells[0] / 9) + 1}, column ${(entryCells[0] % 9) + 1}, ${labels[entryCells[0]]} written in pen`),
    )
    // Pencil marks are shown: the digits written, or that there are marks the reader could not make out.
    for (const cell of markCells) expect([MARKS[cell], 'unread']).toContain(await page.getAttribute(`[data-cell="${cell}"]`, 'data-marks'))
    // Selecting a cell shows it in the photo.
    await page.click(`[data-cell="${entryCells[0]}"]`)
    await expect.poll(() => page.getAttribute('[data-testid="cell-crop"]', 'data-cell-crop')).toBe(String(entryCells[0]))
  })

  it('checks the paper as read, then with a wrong digit typed since, one level per press', async () => {
    const { page } = app
    const checkText = () => page.textContent('[data-testid=check-text]')
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toMatch(/^No mistakes so far/)
    const grid = Uint8Array.from(DIGITS, Number)
    const solution = solve(Uint8Array.from(GIVENS, Number)).solution!
    const cands = candidatesOf(grid)
    const cell = [...grid.keys()].find((c) => !grid[c] && !MARKS[c] && digitsOf(cands[c]).length > 1)!
    const wrong = digitsOf(cands[cell]).find((d) => d !== solution[cell])!
    await page.click(`[data-cell="${cell}"]`)
    await page.keyboard.press(String(wrong))
    for (const expected of [
      'There is a mistake on your paper.',
      `There is a mistake in box ${boxOf(cell) + 1}.`,
      `${cellName(cell)} should not be ${wrong}.`,
    ]) {
      await page.click('[data-testid=check]')
      await expect.poll(checkText).toBe(expected)
    }
    expect(await page.getAttribute('[data-cell].mistake', 'data-cell')).toBe(String(cell))
    expect(app.pageErrors).toEqual([])
  })
})
