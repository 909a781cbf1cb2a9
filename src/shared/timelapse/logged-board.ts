/**
 * The board the move log has after a session's shots, for the live panel's digits filled and
 * "Check my paper" while recording: weighed over every shot, where one shot's own reading may
 * misread a digit or take a speck for pencil marks.
 */
import { CELLS, type Grid, MARKS_UNREAD, type PencilMarks } from '../sudoku/board'
import { marksMask } from '../sudoku/pencil'
import { movesOfEvidence } from './moves'
import { type Page, pagesOf } from './pages'
import { type PageEvidence, pageEvidence, readClearly, settledDigit } from './settled-digits'
import type { ShotRecord } from './shots'

/** The board the log has after a session's last shot: its page's print and the digit settled in each other cell; null for no shots. */
export function loggedBoard(shots: readonly ShotRecord[]): { givens: Grid; entries: Grid } | null {
  const page = lastPageOf(shots)
  return page && { givens: page.givens, entries: loggedEntries(page) }
}

/**
 * What "Check my paper" weighs while recording: checkedBoard's board, and each cell's marks as its
 * last marks move has them, not one shot's reading (which can take a speck for marks). Null for no shots.
 */
export function checkedPaper(shots: readonly ShotRecord[]): { givens: Grid; entries: Grid; marks: PencilMarks } | null {
  const page = lastPageOf(shots)
  if (!page) return null
  const evidence = pageEvidence(page)
  const marks = new Uint16Array(CELLS)
  for (const move of movesOfEvidence(page, evidence)) {
    if (move.kind === 'marks') marks[move.cell] = marksMask(move.marks) | (move.unread ? MARKS_UNREAD : 0)
  }
  return { ...checkedBoardOf(page, evidence), marks }
}

/** How many cells of loggedBoard hold a digit: the live panel's count, which one shot's own board may misread. */
export function loggedDigitsFilled(shots: readonly ShotRecord[]): number {
  const board = loggedBoard(shots)
  return board ? digitsOn(board.givens, board.entries) : 0
}

/** Cells holding a digit, printed (`givens`) or written (`entries`). */
export function digitsOn(givens: Grid, entries: Grid): number {
  let filled = 0
  for (let cell = 0; cell < CELLS; cell++) if (givens[cell] || entries[cell]) filled++
  return filled
}

/**
 * The board "Check my paper" weighs while recording: loggedBoard less the wrong digits read unclearly
 * (another within CLOSE_RATIO): a check does not blame a person for a digit it cannot read.
 */
export function checkedBoard(shots: readonly ShotRecord[]): { givens: Grid; entries: Grid } | null {
  const page = lastPageOf(shots)
  return page && checkedBoardOf(page, pageEvidence(page))
}

function checkedBoardOf(page: Page, evidence: PageEvidence): { givens: Grid; entries: Grid } {
  const { entries, clear } = settledEntries(page, evidence)
  const checked = entries.map((d, cell) => (clear[cell] || d === page.solution?.[cell] ? d : 0))
  return { givens: page.givens, entries: checked }
}

/** A session's last page (pagesOf), or null for a session of no shots. */
function lastPageOf(shots: readonly ShotRecord[]): Page | null {
  const page = pagesOf(shots).at(-1)!
  return page.shots.length ? page : null
}

/** The digit the log settles in each unprinted cell of a page after its last shot; 0 in the others. */
export function loggedEntries(page: Page): Grid {
  return settledEntries(page).entries
}

/** loggedEntries, and per cell whether its digit was read clearly (readClearly). */
function settledEntries(page: Page, { tracks }: PageEvidence = pageEvidence(page)): { entries: Grid; clear: boolean[] } {
  const entries = new Uint8Array(CELLS)
  const clear = Array<boolean>(CELLS).fill(true)
  for (let cell = 0; cell < CELLS; cell++) {
    const last = tracks[cell].at(-1)
    if (!last) continue
    entries[cell] = settledDigit(last, cell, tracks, page.givens, page.solution).digit
    clear[cell] = readClearly(last)
  }
  return { entries, clear }
}
