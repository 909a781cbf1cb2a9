import { describe, expect, it } from 'vitest'
import { formatElapsed } from '../../../src/shared/elapsed'
import { PuzzleTimer } from '../../../src/renderer/src/state/PuzzleTimer.svelte'

describe('PuzzleTimer', () => {
  it('counts only while running, and restarts from zero or a saved time', () => {
    let clock = 1000
    const timer = new PuzzleTimer(() => clock)
    /** Lets `ms` pass, optionally running or pausing first, and returns the time shown after. */
    const after = (ms: number, running?: boolean): number => {
      if (running !== undefined) timer.setRunning(running)
      clock += ms
      timer.tick()
      return timer.elapsedMs
    }
    expect(after(5000)).toBe(0)
    expect(after(3000, true)).toBe(3000)
    // Paused (the window hidden): time away does not count.
    expect(after(60_000, false)).toBe(3000)
    expect(after(500, true)).toBe(3500)
    timer.reset(90_000)
    expect(after(1000)).toBe(91_000)
  })

  it('is shown in minutes and seconds, and hours past the hour', () => {
    const shown = (ms: number): string => formatElapsed(ms / 1000) // as the player bar shows elapsedMs
    expect(shown(0)).toBe('0:00')
    expect(shown(65_999)).toBe('1:05')
    expect(shown(3_723_000)).toBe('1:02:03')
  })
})
