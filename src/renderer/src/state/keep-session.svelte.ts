/**
 * Keeps the puzzle in progress across reloads and restarts: puts back the saved one as the app
 * opens, then saves the session (through the main process) a moment after each change, and when
 * the window is hidden or closed.
 */
import { host } from '../host'
import type { PuzzleSession } from './PuzzleSession.svelte'
import { restoreSaved, toSaved } from './saved-session'

/** Edits settle this long before a save, ms: a burst of typing is one write of a few KB. */
const SAVE_DELAY_MS = 400
/** While the clock runs without edits, its time is saved this often, ms (a crash loses at most this much). */
const TIME_SAVE_MS = 15_000

/** Starts keeping `session`; returns what stops it. */
export function keepSession(session: PuzzleSession): () => void {
  let stopSaving = (): void => undefined
  let stopped = false
  let warned = false
  const save = (): void => {
    host.call('puzzle:set', toSaved(session)).catch((error: Error) => {
      // One line, once: a full disk should not flood the status line on every keystroke.
      if (!warned) session.status = { kind: 'warning', text: `Your puzzle could not be saved for next time: ${error.message}` }
      warned = true
    })
  }
  const saveWhenHidden = (): void => {
    if (document.hidden) save()
  }

  host
    .call('puzzle:get')
    .then((saved) => {
      if (!saved || stopped) return
      restoreSaved(session, saved)
      if (session.board.grid.some((d) => d)) session.status = { kind: 'info', text: 'Your puzzle, as you left it.' }
    })
    .catch((error: Error) => (session.status = { kind: 'warning', text: error.message }))
    .finally(() => {
      if (stopped) return
      // Only now: saving before the saved puzzle is back would overwrite it with an empty board.
      stopSaving = $effect.root(() => {
        $effect(() => {
          void [session.board, session.mode, session.selected]
          const timeout = setTimeout(save, SAVE_DELAY_MS)
          return () => clearTimeout(timeout)
        })
        $effect(() => {
          if (!session.timer.running) return
          const interval = setInterval(save, TIME_SAVE_MS)
          return () => clearInterval(interval)
        })
      })
    })
  document.addEventListener('visibilitychange', saveWhenHidden)
  window.addEventListener('pagehide', save)
  return () => {
    stopped = true
    stopSaving()
    document.removeEventListener('visibilitychange', saveWhenHidden)
    window.removeEventListener('pagehide', save)
  }
}
