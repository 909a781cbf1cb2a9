/**
 * The puzzles a recorded session shows, in turn. Print does not change while a person solves, so a
 * session is one page until a shot shows another proper puzzle whose print the page's is not on
 * (vision/watch/print-on-page.ts); a shot that shows neither stays with the page before. A page's
 * print grows by a given its first shots missed, as the paper memory's does (watch/paper-memory.ts).
 */
import { CELLS, type Cell, type Grid } from '../sudoku/board'
import { solve } from '../sudoku/solver'
import { type ShotRecord, gridOfText, holdsDigit, shotFields } from './shots'
import { inkChanged } from './trigger'
import { printOnPage } from '../vision/watch/print-on-page'

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
  let held = heldOutsidePrint(shots[0], current.givens)
  for (let i = 1; i < shots.length; i++) {
    const shot = shots[i]
    const samePage = printOnPage(current.givens, (cell) => holdsDigit(shot, cell))
    if (samePage && current.solution) {
      for (const cell of held) if (!holdsDigit(shot, cell) || inkArrived(shots[i - 1], shot, cell)) held.delete(cell)
      // Givens as the shot before read them add nothing that shot did not.
      if (shot.givens !== shots[i - 1].givens) current = grownPrint(current, shot, held) ?? current
      continue
    }
    const read = printOf(shot)
    if (!read.solution) continue
    // A page whose print was first read as no proper puzzle (a given missed) takes the first proper
    // reading of it, as the paper memory does; another page starts at its first proper reading.
    if (!samePage) {
      pages.push({ shots: shots.slice(from, i), ...current })
      from = i
    }
    current = read
    held = heldOutsidePrint(shot, read.givens)
  }
  pages.push({ shots: shots.slice(from), ...current })
  return pages
}

/** Whether the watch saw a cell's ink change between two shots (inkChanged); false where they kept none. */
function inkArrived(before: ShotRecord, after: ShotRecord, cell: Cell): boolean {
  const [was, now] = [shotFields(before).ink, shotFields(after).ink]
  return Boolean(was && now && inkChanged(was[cell], now[cell]))
}

/** The cells outside the print `givens` that hold a digit in `shot`. */
function heldOutsidePrint(shot: ShotRecord, givens: Grid): Set<Cell> {
  return new Set([...givens.keys()].filter((cell) => !givens[cell] && holdsDigit(shot, cell)))
}

/**
 * The page's print with the givens `shot` adds, or null where it adds none: as the paper memory
 * takes them, in cells `held` since the print was taken with their ink unchanged, each the
 * solution's digit, in a shot that shows the whole print besides.
 */
function grownPrint(current: { givens: Grid; solution: Grid | null }, shot: ShotRecord, held: ReadonlySet<Cell>): { givens: Grid; solution: Grid } | null {
  const { solution } = current
  if (!solution) return null
  const givens = gridOfText(shot.givens)
  let grew = false
  for (let cell = 0; cell < CELLS; cell++) {
    const was = current.givens[cell]
    const now = givens[cell]
    if (was ? now !== was : now && (!held.has(cell) || now !== solution[cell])) return null
    if (now && !was) grew = true
  }
  return grew ? { givens, solution } : null
}

/** A shot's givens and their solution, null unless they have exactly one. */
function printOf(shot: ShotRecord): { givens: Grid; solution: Grid | null } {
  const givens = gridOfText(shot.givens)
  const solved = solve(givens, { limit: 2 })
  return { givens, solution: solved.count === 1 ? solved.solution : null }
}
