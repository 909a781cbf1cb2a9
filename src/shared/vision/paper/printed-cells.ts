/**
 * Which digit cells are printed, settled by the whole puzzle: newspapers print givens symmetric
 * under a half turn, so on a symmetric page a broken mirrored pair holds a misjudged cell; givens
 * with no single solution are retried with the least sure cells swapped (paper/decide-page.ts).
 */
import { CELLS, type Cell } from '../../sudoku/board'
import { CELL_KINDS, KIND_INDEX, type CellKind } from '../cell-reading'

/** Mirrored pairs (a cell and its half turn, the centre once) both read as printed for a page to count as symmetric... */
export const MIN_SYMMETRIC_PAIRS = 8
/** ...with at most this share of given pairs broken: without symmetry a given's mirror is a given ~35% of the time. */
export const MAX_BROKEN_FRACTION = 1 / 6

/**
 * Nats by which a blank cell's judgement must beat its mirrored given's to make the given
 * handwriting: two judgements at FLOOR are a tie, not evidence.
 */
const MEND_MARGIN = 1

/** Floor on a kind's probability in log-odds, so that a model's 0 or 1 can still be weighed. */
const FLOOR = 1e-4

const mirror = (cell: Cell): Cell => CELLS - 1 - cell

const logRatio = (p: number, q: number): number => Math.log(Math.max(FLOOR, p)) - Math.log(Math.max(FLOOR, q))

/** How surely a cell is a given rather than an entry (log-odds; negative: an entry). */
export function givenLogOdds(kind: ArrayLike<number>): number {
  return logRatio(kind[KIND_INDEX.given], kind[KIND_INDEX.entry])
}

/**
 * The kinds with broken mirrored pairs mended on a symmetric page: the less sure cell of a given
 * and an entry is swapped; a given facing no digit becomes an entry unless its print is surer.
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
    } else if (keepGiven + MEND_MARGIN < logRatio(probs[other][CELL_KINDS.indexOf(kinds[other])], probs[other][KIND_INDEX.given])) {
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
