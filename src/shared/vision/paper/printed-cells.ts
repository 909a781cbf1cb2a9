/**
 * Which digit cells of a page are printed: the cell model's judgement of each cell, settled by what
 * is true of the whole printed puzzle.
 *
 * - Symmetry: newspapers print puzzles whose givens are symmetric under a half turn (all 40 puzzles
 *   of the shared pen photos; 40 of the 63 distinct printed grids of Wicht's newspaper photos; 60-76%
 *   of the Sudoku Exchange bank). On a page whose givens are plainly symmetric, a pair of mirrored
 *   cells of which one is read as printed and the other as written holds one misjudged cell, and the
 *   less surely judged of the two is swapped.
 * - The rules (paper.ts): givens that are no proper puzzle may hold a written digit taken for print,
 *   or a printed one taken for handwriting; the least surely judged digit cells are swapped one at
 *   a time until the givens have one solution.
 */
import { CELLS, type Cell } from '../../sudoku/board'
import { CELL_KINDS, type CellKind } from '../cell-reading'

const GIVEN = CELL_KINDS.indexOf('given')
const ENTRY = CELL_KINDS.indexOf('entry')

/**
 * A page's givens count as symmetric when at least this many mirrored pairs (a cell and its half
 * turn, the centre counting once) are both read as printed...
 */
export const MIN_SYMMETRIC_PAIRS = 8
/**
 * ...and at most this fraction of the pairs holding a given is broken. A printed puzzle without
 * symmetry keeps about a third of its given pairs whole (28 givens in 81 cells: a given's mirror is
 * a given with probability ~0.35), so 8 whole pairs with at most 1 broken in 6 leaves chance out: on
 * a symmetric puzzle a broken pair is a misjudged cell.
 */
export const MAX_BROKEN_FRACTION = 1 / 6

/**
 * Nats by which a blank cell's judgement must be surer than its mirrored given's before the given
 * is taken for handwriting. Two judgements both at the floor below are a tie, not evidence: on a
 * printed puzzle without symmetry (a third of Wicht's) a sure given facing a sure blank is what
 * the page is, and a float's last bits decided it (two sure givens of one Wicht photo lost).
 */
const MEND_MARGIN = 1

/** Floor on a kind's probability in log-odds, so that a model's 0 or 1 can still be weighed. */
const FLOOR = 1e-4

const mirror = (cell: Cell): Cell => CELLS - 1 - cell

const logRatio = (p: number, q: number): number => Math.log(Math.max(FLOOR, p)) - Math.log(Math.max(FLOOR, q))

/** How surely a cell is a given rather than an entry (log-odds; negative: an entry). */
export function givenLogOdds(kind: ArrayLike<number>): number {
  return logRatio(kind[GIVEN], kind[ENTRY])
}

/**
 * The kinds with broken mirrored pairs mended on a symmetric page. A pair of a given and an entry
 * becomes two givens or two entries, whichever swaps the less sure cell. A given facing an empty
 * cell (or marks) is taken for an entry unless that makes it the surer judgement overturned: a
 * faint printed given read as empty breaks a pair the same way, and nothing is swapped then.
 */
export function mendSymmetry(kinds: readonly CellKind[], probs: readonly ArrayLike<number>[]): CellKind[] {
  const out = [...kinds]
  const pairs: [Cell, Cell][] = []
  for (let cell = 0; cell <= mirror(cell); cell++) pairs.push([cell, mirror(cell)])
  const whole = pairs.filter(([a, b]) => kinds[a] === 'given' && kinds[b] === 'given').length
  const broken = pairs.filter(([a, b]) => (kinds[a] === 'given') !== (kinds[b] === 'given'))
  if (whole < MIN_SYMMETRIC_PAIRS || broken.length > MAX_BROKEN_FRACTION * (whole + broken.length)) return out
  for (const pair of broken) {
    const [given, other] = kinds[pair[0]] === 'given' ? pair : [pair[1], pair[0]]
    const keepGiven = givenLogOdds(probs[given])
    if (kinds[other] === 'entry') {
      // Two givens or two entries: overturn the less sure judgement.
      if (-givenLogOdds(probs[other]) < keepGiven) out[other] = 'given'
      else out[given] = 'entry'
    } else if (keepGiven + MEND_MARGIN < logRatio(probs[other][CELL_KINDS.indexOf(kinds[other])], probs[other][GIVEN])) {
      // Facing no digit: the given is written, unless its print is surer than the other cell's emptiness.
      out[given] = 'entry'
    }
  }
  return out
}

/** Digit cells in order of how unsure their given-or-entry judgement is, the least sure first. */
export function unsureDigitCells(kinds: readonly CellKind[], probs: readonly ArrayLike<number>[], limit: number): Cell[] {
  return [...kinds.keys()]
    .filter((cell) => kinds[cell] === 'given' || kinds[cell] === 'entry')
    .sort((a, b) => Math.abs(givenLogOdds(probs[a])) - Math.abs(givenLogOdds(probs[b])))
    .slice(0, limit)
}
