/**
 * The solving time: runs while the player plays, pauses when told (the window hidden, the puzzle
 * done), restarts at zero for a new puzzle, and can resume from a saved time.
 */
export class PuzzleTimer {
  /** Time counted so far, ms; brought up to date by `tick()` and by every start or pause. */
  elapsedMs = $state(0)
  running = $state(false)
  private since = 0

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Runs or pauses the timer (idempotent, so callers can set it from state on every change). */
  setRunning(running: boolean): void {
    if (running === this.running) return
    this.tick()
    this.since = this.now()
    this.running = running
  }

  /** Brings `elapsedMs` up to date while running. */
  tick(): void {
    if (!this.running) return
    const now = this.now()
    this.elapsedMs += now - this.since
    this.since = now
  }

  /** Starts again from `elapsedMs` (0 for a new puzzle, a saved time for a resumed one). */
  reset(elapsedMs = 0): void {
    this.elapsedMs = elapsedMs
    this.since = this.now()
  }
}
