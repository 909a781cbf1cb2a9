/**
 * Who handles a Node process's uncaught errors: the process itself, never OpenCV.js.
 *
 * OpenCV.js is an Emscripten build. When its module is evaluated in Node (the first import of
 * `@techstark/opencv-js`, through src/shared/vision/core/opencv.ts) its prelude runs
 *   process.on('uncaughtException', function (ex) { if (!(ex instanceof ExitStatus)) throw ex })
 *   process.on('unhandledRejection', abort)
 * so from then on any uncaught error is rethrown from inside a handler (Node exits with code 7 and
 * prints the line it came from: 10.9 MB of minified OpenCV), and any rejected promise, however
 * unrelated, aborts the process. Nothing in Node configures this away, so every Node process that
 * loads OpenCV (the CLI, the Electron main process, web mode) takes them off right after, with
 * `dropEmscriptenHandlers`; a browser worker has no `process` and gets none.
 *
 * Plain Node, no Electron: the CLI imports it too.
 */

export type ProcessErrorOrigin = 'uncaughtException' | 'unhandledRejection'
type Listener = (...args: unknown[]) => void

/**
 * Emscripten's two listeners, told apart by what only Emscripten's runtime names: its
 * `ExitStatus` class and its `abort` function, which calls `Module.onAbort`. Both names are in
 * every Emscripten version since 1.38; tests/node/process-errors.test.ts checks them against the
 * OpenCV.js build in node_modules, so an upgrade that changes them fails there.
 */
export function isEmscriptenListener(origin: ProcessErrorOrigin, listener: (...args: never[]) => unknown): boolean {
  const source = Function.prototype.toString.call(listener)
  return origin === 'uncaughtException' ? /\bExitStatus\b/.test(source) : listener.name === 'abort' && /onAbort/.test(source)
}

/** Removes OpenCV.js's (Emscripten's) process listeners; returns how many it removed. Safe to call again. */
export function dropEmscriptenHandlers(): number {
  let removed = 0
  for (const origin of ['uncaughtException', 'unhandledRejection'] as const) {
    for (const listener of process.listeners(origin as 'uncaughtException') as Listener[]) {
      if (!isEmscriptenListener(origin, listener)) continue
      process.off(origin, listener)
      removed++
    }
  }
  return removed
}

/**
 * Makes `report` the process's handler for uncaught exceptions and unhandled rejections (after
 * removing Emscripten's, if OpenCV is already loaded). What happens next is `report`'s choice:
 * the CLI prints one line and exits, the Electron main process logs and keeps running. Returns a
 * function that takes the handlers off again.
 */
export function ownProcessErrors(report: (error: unknown, origin: ProcessErrorOrigin) => void): () => void {
  dropEmscriptenHandlers()
  const onException = (error: unknown): void => report(error, 'uncaughtException')
  const onRejection = (reason: unknown): void => report(reason, 'unhandledRejection')
  process.on('uncaughtException', onException)
  process.on('unhandledRejection', onRejection)
  return () => {
    process.off('uncaughtException', onException)
    process.off('unhandledRejection', onRejection)
  }
}

/** An error's message, whatever was thrown (Emscripten throws strings; some values cannot even be printed). */
export function errorMessage(error: unknown): string {
  try {
    const text = error instanceof Error ? error.message || error.name : String(error)
    return text.trim() || 'unknown error'
  } catch {
    return 'an error that cannot be printed'
  }
}
