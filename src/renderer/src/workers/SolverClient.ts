import type { Grid } from '../../../shared/sudoku/board'
import type { Analysis } from '../../../shared/sudoku/validate'

export class SolveCancelled extends Error {
  override name = 'SolveCancelled'
}

/**
 * The solver worker behind a promise API. Latest wins: a new request or `cancel()` terminates
 * the running search (a worker cannot be interrupted otherwise) and starts a fresh worker.
 */
export class SolverClient {
  private worker: Worker | undefined
  private pending: { id: number; resolve: (a: Analysis) => void; reject: (e: Error) => void } | undefined
  private nextId = 1

  solve(grid: Grid): Promise<Analysis> {
    if (this.pending) this.cancel()
    const worker = (this.worker ??= this.createWorker())
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject }
      worker.postMessage({ id, grid: Uint8Array.from(grid) })
    })
  }

  cancel(): void {
    this.worker?.terminate()
    this.worker = undefined
    this.pending?.reject(new SolveCancelled('Solving was cancelled.'))
    this.pending = undefined
  }

  private createWorker(): Worker {
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (message: MessageEvent<{ id: number; analysis: Analysis }>) => {
      if (message.data.id !== this.pending?.id) return
      this.pending.resolve(message.data.analysis)
      this.pending = undefined
    }
    worker.onerror = (event) => {
      this.pending?.reject(new Error(`The solver stopped: ${event.message}`))
      this.pending = undefined
      this.worker = undefined
    }
    return worker
  }
}
