/**
 * Step 5: what the rules say about a puzzle's derived kinds: the givens' 180° symmetry, their
 * consistency, the number of their solutions (up to 2), and the entries that contradict the
 * solution (the person's mistakes).
 */
import { CELLS, type Cell, type Grid } from '../../src/shared/sudoku/board'
import { solve } from '../../src/shared/sudoku/solver'
import { findConflicts } from '../../src/shared/sudoku/validate'
import type { CellKind } from '../../src/shared/vision/cell-reading'

export interface PuzzleCheck {
  readonly givens: number
  readonly entries: number
  readonly marks: number
  /** Givens whose 180° partner is not a given. */
  readonly asymmetric: Cell[]
  readonly conflicts: string[]
  /** Solutions of the givens, counted up to 2. */
  readonly solutions: number
  /** Entries that differ from the unique solution: cell, written digit, solution digit. */
  readonly mistakes: { cell: Cell; written: number; solution: number }[]
}

export function checkPuzzle(labels: Uint8Array, kinds: readonly CellKind[]): PuzzleCheck {
  const givens: Grid = Uint8Array.from(labels, (d, i) => (kinds[i] === 'given' ? d : 0))
  const count = (k: CellKind): number => kinds.filter((x) => x === k).length
  const conflicts = findConflicts(givens).map((p) => p.message)
  const { count: solutions, solution } = conflicts.length ? { count: 0, solution: null } : solve(givens, { limit: 2 })
  const mistakes: PuzzleCheck['mistakes'] = []
  if (solutions === 1 && solution)
    for (let cell = 0; cell < CELLS; cell++)
      if (kinds[cell] === 'entry' && labels[cell] !== solution[cell]) mistakes.push({ cell, written: labels[cell], solution: solution[cell] })
  return {
    givens: count('given'),
    entries: count('entry'),
    marks: count('marks'),
    asymmetric: kinds.flatMap((k, cell) => (k === 'given' && kinds[CELLS - 1 - cell] !== 'given' ? [cell] : [])),
    conflicts,
    solutions,
    mistakes,
  }
}
