/**
 * The puzzles a recorded session shows, in turn. Print does not change while a person solves, so a
 * session is one page until a shot shows another puzzle: the page's print is not on it (fewer than
 * PRINT_ON_PAGE of its cells hold a digit as read) and its own givens are a proper puzzle (the next
 * puzzle of the book). The app's paper memory (paper-memory.ts) takes the new print at the same
 * shot, so the shots after read it as their givens. A shot that shows neither (a misread, a hand
 * still over the page) stays with the page before: its digits are weighed with the other shots'.
 */
import { CELLS, type Grid } from './sudoku/board'
import { solve } from './sudoku/solver'
import { type ShotRecord, gridOfText, holdsDigit } from './timelapse-shots'
import { printOnPage } from './vision/print-on-page'

export interface Page {
  /** The page's shots, in time order. */
  readonly shots: readonly ShotRecord[]
  /** The print, as the first of the page's shots that read a proper puzzle read it (else as its first shot did). */
  readonly givens: Grid
  /** The print's solution; null unless it has exactly one. */
  readonly solution: Grid | null
}

/** The session's pages in time order; one, without a solution, for a session of no shots. */
export function pagesOf(shots: readonly ShotRecord[]): Page[] {
  if (!shots.length) return [{ shots: [], givens: new Uint8Array(CELLS), solution: null }]
  const pages: Page[] = []
  let from = 0
  let current = printOf(shots[0])
  for (let i = 1; i < shots.length; i++) {
    const shot = shots[i]
    const samePage = printOnPage(current.givens, (cell) => holdsDigit(shot, cell))
    if (samePage && current.solution) continue
    const read = printOf(shot)
    if (!read.solution) continue
    // A page whose print was first read as no proper puzzle (a given missed) takes the first proper
    // reading of it, as the paper memory does; another page starts at its first proper reading.
    if (!samePage) {
      pages.push({ shots: shots.slice(from, i), ...current })
      from = i
    }
    current = read
  }
  pages.push({ shots: shots.slice(from), ...current })
  return pages
}

/** A shot's givens and their solution, null unless they have exactly one. */
function printOf(shot: ShotRecord): { givens: Grid; solution: Grid | null } {
  const givens = gridOfText(shot.givens)
  const solved = solve(givens, { limit: 2 })
  return { givens, solution: solved.count === 1 ? solved.solution : null }
}
