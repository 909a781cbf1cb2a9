/**
 * The main process's handling of errors nothing else caught. OpenCV.js (loaded here for stabilised
 * time-lapses) would otherwise exit the app on any of them; instead:
 * - an uncaught exception is logged with its stack and shown once in an error box, and the app
 *   keeps running (the window, a recording in progress and its frames on disk survive it);
 * - an unhandled rejection (a promise nobody awaited) is logged only.
 * Error boxes are modal: at most one per DIALOG_INTERVAL_MS, so a failure that repeats every frame
 * does not bury the window in dialogs; the rest go to the log.
 */
import { app, dialog } from 'electron'
import { errorMessage, ownProcessErrors, type ProcessErrorOrigin } from '../node/process-errors'

const DIALOG_INTERVAL_MS = 60_000

export function setupErrorReporting(now: () => number = Date.now): () => void {
  let lastDialog = -Infinity
  return ownProcessErrors((error: unknown, origin: ProcessErrorOrigin) => {
    console.error(`Sudoku Lens main process, ${origin}:`, error)
    if (origin !== 'uncaughtException' || !app.isReady() || now() - lastDialog < DIALOG_INTERVAL_MS) return
    lastDialog = now()
    dialog.showErrorBox(
      'Sudoku Lens ran into an error',
      `${errorMessage(error)}\n\nThe app keeps running. If something no longer works, save your work and restart it.`,
    )
  })
}
