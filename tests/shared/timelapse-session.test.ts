/**
 * The "paper changes" trigger on a small synthetic solving session (a real photo, handwritten digits
 * appearing, a hand passing over the grid, camera shake; generated here, seeded): a shot for each
 * digit, none with the hand over the grid. The full-size figures are bench/timelapse-session.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { dropEmscriptenHandlers } from '../../src/node/process-errors'
import { DEFAULT_TRIGGER, ShotTrigger } from '../../src/shared/timelapse-trigger'
import { type CV, loadOpenCV } from '../../src/shared/vision/cv'
import { LOOK_SECONDS, PaperWatcher, type SolvingSession, makeSolvingSession } from '../fixtures/solving-session'

let cv: CV
let session: SolvingSession
beforeAll(async () => {
  cv = await loadOpenCV()
  dropEmscriptenHandlers()
  session = await makeSolvingSession(cv, { seed: 7, digits: 3, idles: 0, passes: 0.5 })
}, 120_000)

describe('the paper-change trigger on a synthetic session', () => {
  it('shoots once per written digit (and once at the start), never with a hand over the grid', () => {
    const trigger = new ShotTrigger(DEFAULT_TRIGGER)
    const watcher = new PaperWatcher(cv)
    const shots: number[] = []
    for (let look = 0; look < session.looks; look++) {
      if (trigger.observe(watcher.look(session.frame(look), look * LOOK_SECONDS * 1000)).shoot) shots.push(look)
    }
    expect(shots.filter((look) => session.covered[look])).toEqual([])
    // Each digit is in a shot of its own: a shot after it appeared and before the next one did.
    const appeared = [...session.written.map((w) => w.look), Infinity]
    for (let k = 0; k < session.written.length; k++) expect(shots.some((s) => s >= appeared[k] && s < appeared[k + 1])).toBe(true)
    expect(shots.length).toBeLessThanOrEqual(session.written.length + 2)
  }, 120_000)
})
