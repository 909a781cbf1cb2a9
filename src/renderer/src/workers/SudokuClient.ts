import type { SudokuResults, SudokuTask } from './sudoku-tasks'

export class TaskCancelled extends Error {
  override name = 'TaskCancelled'
}

type Pending = { id: number; resolve: (value: never) => void; reject: (error: Error) => void }

/**
 * One sudoku worker behind a promise API. Latest wins: a new task or `cancel()` terminates the
 * running one (a worker cannot be interrupted otherwise) and the next task starts a fresh worker.
 * Use one client per kind of work that must not cancel the others (solve, hint, rate).
 */
export class SudokuClient {
  private worker: Worker | undefined
  private pending: Pending | undefined
  private nextId = 1

  run<K extends SudokuTask['kind']>(task: Extract<SudokuTask, { kind: K }>): Promise<SudokuResults[K]> {
    if (this.pending) this.cancel()
    const worker = (this.worker ??= this.createWorker())
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject }
      worker.postMessage({ id, task })
    })
  }

  get busy(): boolean {
    return this.pending !== undefined
  }

  cancel(): void {
    this.worker?.terminate()
    this.worker = undefined
    this.pending?.reject(new TaskCancelled('Cancelled.'))
    this.pending = undefined
  }

  private createWorker(): Worker {
    const worker = new Worker(new URL('./sudoku.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (message: MessageEvent<{ id: number; ok: boolean; value?: never; message?: string }>) => {
      const pending = this.pending
      if (message.data.id !== pending?.id) return
      this.pending = undefined
      if (message.data.ok) pending.resolve(message.data.value as never)
      else pending.reject(new Error(message.data.message))
    }
    worker.onerror = (event) => {
      this.pending?.reject(new Error(`The solver stopped: ${event.message}`))
      this.pending = undefined
      this.worker = undefined
    }
    return worker
  }
}
