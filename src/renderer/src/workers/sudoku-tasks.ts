/**
 * The work the sudoku worker does, as one plain function (so component tests can run it in place
 * of the worker): solving, hints, checking the player's paper, rating, and finding the givens to check.
 */
import type { Grid } from '../../../shared/sudoku/board'
import { type PaperCheck, checkPaper } from '../../../shared/sudoku/check'
import { culpritGivens } from '../../../shared/sudoku/culprits'
import { type HintInput, type HintLevel, hint } from '../../../shared/sudoku/hint'
import { ratePuzzle } from '../../../shared/sudoku/rating'
import { analyse } from '../../../shared/sudoku/validate'
import { nextCheckLevel } from '../state/check-levels'

export type SudokuTask =
  | { readonly kind: 'analyse'; readonly grid: Grid }
  | { readonly kind: 'hint'; readonly input: HintInput; readonly level: HintLevel }
  /** A check at `level`, or with `after` (the last answer, null for none) one level on from it (nextCheckLevel). */
  | { readonly kind: 'check'; readonly input: HintInput; readonly level: HintLevel; readonly after?: PaperCheck | null }
  | { readonly kind: 'rate'; readonly grid: Grid }
  | { readonly kind: 'culprits'; readonly grid: Grid }

export interface SudokuResults {
  analyse: ReturnType<typeof analyse>
  hint: ReturnType<typeof hint>
  check: ReturnType<typeof checkPaper>
  rate: ReturnType<typeof ratePuzzle>
  culprits: ReturnType<typeof culpritGivens>
}

export function perform(task: SudokuTask): SudokuResults[SudokuTask['kind']] {
  switch (task.kind) {
    case 'analyse':
      return analyse(task.grid)
    case 'hint':
      return hint(task.input, task.level)
    case 'check':
      return checkPaper(task.input, task.after === undefined ? task.level : (mistakes) => nextCheckLevel(task.after ?? null, mistakes))
    case 'rate':
      return ratePuzzle(task.grid)
    case 'culprits':
      return culpritGivens(task.grid)
  }
}
