/**
 * Solving, hints, checks and rating off the UI thread (sudoku-tasks.ts). Clients terminate this
 * worker to cancel a long search, so the engine itself needs no cancellation points.
 */
import { type SudokuTask, perform } from './sudoku-tasks'

export type { SudokuResults, SudokuTask } from './sudoku-tasks'

self.onmessage = (message: MessageEvent<{ id: number; task: SudokuTask }>) => {
  const { id, task } = message.data
  try {
    self.postMessage({ id, ok: true, value: perform(task) })
  } catch (error) {
    self.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}
