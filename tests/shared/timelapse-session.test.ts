/**
 * The "paper changes" trigger on a small synthetic solving session (a real photo, handwritten digits
 * and pencil marks appearing, a hand passing over the grid, camera shake; generated here, seeded): a
 * shot for each digit and each cell's marks, none with the hand over the grid. The full-size figures are bench/timelapse-session.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { dropEmscriptenHandlers } from '../../src/node/process-errors'
import { DEFAULT_TRIGGER, ShotTrigger } from '../../src/shared/timelapse-trigger'
import type { CV } from '../../src/shared/vision/cv'
import { loadOpenCV } from '../../src/shared/vision/opencv'
import { LOOK_SECONDS, PaperWatcher, type SolvingSession, makeSolvingSession } from '../../devkit/solving-session'

let cv: CV
let session: SolvingSession
beforeAll(async () => {
  cv = await loadOpenCV()
  dropEmscriptenHandlers()
  session = await makeSolvingSession(cv, { seed: 7, digits: 3, idles: 0, passes: 0.5, marks: 1 })
}, 120_000)

describe('the paper-change trigger on a synthetic session', () => {
  it('shoots once per written digit and pencilled cell (and once at the start), never with a hand over the grid', () => {
    const trigger = new ShotTrigger(DEFAULT_TRIGGER)
    const watcher = new PaperWatcher(cv)
    const shots: number[] = []
    for (let look = 0; look < session.looks; look++) {
      if (trigger.observe(watcher.look(session.frame(look), look * LOOK_SECONDS * 1000)).shoot) shots.push(look)
    }
    expect(shots.filter((look) => session.covered[look])).toEqual([])
    // Each digit and each cell's marks are in a shot of their own: a shot after they appeared and before the next ink did.
    const appeared = [...session.written, ...session.pencilled].map((ink) => ink.look).sort((a, b) => a - b)
    expect(session.pencilled.length).toBeGreaterThan(0)
    const next = [...appeared.slice(1), Infinity]
    for (let k = 0; k < appeared.length; k++) expect(shots.some((s) => s >= appeared[k] && s < next[k])).toBe(true)
    expect(shots.length).toBeLessThanOrEqual(appeared.length + 2)
  }, 120_000)
})
