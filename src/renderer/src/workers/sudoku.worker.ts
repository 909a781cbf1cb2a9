/**
 * Solving, hints and rating off the UI thread. Clients terminate this worker to cancel a long
 * search, so the engine itself needs no cancellation points.
 */
import type { Grid } from '../../../shared/sudoku/board'
import { type HintInput, type HintLevel, hint } from '../../../shared/sudoku/hint'
import { ratePuzzle } from '../../../shared/sudoku/rating'
import { analyse } from '../../../shared/sudoku/validate'

export type SudokuTask =
  | { readonly kind: 'analyse'; readonly grid: Grid }
  | { readonly kind: 'hint'; readonly input: HintInput; readonly level: HintLevel }
  | { readonly kind: 'rate'; readonly grid: Grid }

export interface SudokuResults {
  analyse: ReturnType<typeof analyse>
  hint: ReturnType<typeof hint>
  rate: ReturnType<typeof ratePuzzle>
}

function perform(task: SudokuTask): unknown {
  switch (task.kind) {
    case 'analyse':
      return analyse(task.grid)
    case 'hint':
      return hint(task.input, task.level)
    case 'rate':
      return ratePuzzle(task.grid)
  }
}

self.onmessage = (message: MessageEvent<{ id: number; task: SudokuTask }>) => {
  const { id, task } = message.data
  try {
    self.postMessage({ id, ok: true, value: perform(task) })
  } catch (error) {
    self.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}
