/**
 * Solves off the UI thread. The client terminates this worker to cancel a long search, so the
 * solver itself needs no cancellation points.
 */
import { analyse } from '../../../shared/sudoku/validate'

export interface SolveRequest {
  readonly id: number
  readonly grid: Uint8Array
}

self.onmessage = (message: MessageEvent<SolveRequest>) => {
  const { id, grid } = message.data
  self.postMessage({ id, analysis: analyse(grid) })
}
