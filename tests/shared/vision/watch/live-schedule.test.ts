import { describe, expect, test } from 'vitest'
import type { DetectGridOptions } from '../../../../src/shared/vision/grid/find-grid'
import type { Corners } from '../../../../src/shared/vision/core/image'
import { LiveSchedule } from '../../../../src/shared/vision/watch/live-schedule'

type Method = 'contour' | 'hough' | 'lattice' | undefined
/** Where every grid of these tests is found. */
const QUAD: Corners = [
  { x: 10, y: 10 },
  { x: 90, y: 10 },
  { x: 90, y: 90 },
  { x: 10, y: 90 },
]

/** A look's way as a letter: f fast, T thorough, L or H following the lattice or the Hough lines. */
function letter(way: DetectGridOptions): string {
  if (!way.live) return 'T'
  return way.follow === 'lattice' ? 'L' : way.follow === 'hough' ? 'H' : 'f'
}

/** The ways looks `ms` apart are made while each finds what `found` says (a method or nothing). */
function ways(schedule: LiveSchedule, found: (way: string, look: number) => Method, looks: number, ms: number): string {
  let out = ''
  for (let i = 0; i < looks; i++) {
    const way = letter(schedule.wayAt(i * ms))
    out += way
    const method = found(way, i)
    schedule.saw(method ? { method, corners: QUAD, score: 1 } : null)
  }
  return out
}

/** A camera stream's frames, 100 ms apart, against a thorough look at most every 400 ms, and every 1,000 ms while a grid found before is lost. */
const STREAM_MS = 100
const EVERY_MS = 400
const LOST_EVERY_MS = 1000
const schedule = () => new LiveSchedule(EVERY_MS, LOST_EVERY_MS)
/** Where the lattice alone finds the grid: a thorough look, or one following the lattice. */
const byLattice = (way: string): boolean => way === 'T' || way === 'L'

describe('LiveSchedule', () => {
  test('a grid its outline finds: the fast way every look', () => {
    expect(ways(schedule(), () => 'contour', 10, STREAM_MS)).toBe('ffffffffff')
  })

  test('no grid in view: a thorough look after the first miss, then one every 400 ms', () => {
    expect(ways(schedule(), () => undefined, 12, STREAM_MS)).toBe('fTfffTfffTff')
  })

  test('a grid only a fallback finds: found on a thorough look, then followed the way it was found', () => {
    expect(ways(schedule(), (way) => (byLattice(way) ? 'lattice' : undefined), 8, STREAM_MS)).toBe('fTLLLLLL')
    expect(ways(schedule(), (way) => (way === 'T' || way === 'H' ? 'hough' : undefined), 5, STREAM_MS)).toBe('fTHHH')
  })

  test('back to the fast way once the outline finds the grid; lost, a thorough look only every 1,000 ms', () => {
    // The lattice at look 1, then the outline from look 2 until 8, where it is lost.
    const found = (_: string, i: number): Method => (i === 1 ? 'lattice' : i >= 2 && i < 8 ? 'contour' : undefined)
    expect(ways(schedule(), found, 14, STREAM_MS)).toBe('fTLffffffffTff')
  })

  test('the paper watch (looks 500 ms apart): under a hand, a grid is looked for its own way, thoroughly at every other look, and seen again as the hand leaves', () => {
    // A grid only the lattice finds, covered by a hand on looks 3-6: found again at look 7, following the lattice.
    const found = (way: string, i: number): Method => (byLattice(way) && (i < 3 || i > 6) ? 'lattice' : undefined)
    expect(ways(schedule(), found, 10, 500)).toBe('fTLLTLTLLL')
  })

  test("a live look carries the last look's grid, found or tracked, for the detector to fall back on", () => {
    const live = schedule()
    expect(live.wayAt(0).near).toBeUndefined()
    const outline = { method: 'contour' as const, corners: QUAD, score: 0.7 }
    live.saw(outline)
    expect(live.wayAt(100)).toEqual({ live: true, near: outline })
    // Found there again only as tracked: carried on, and the way is as before.
    const tracked = { ...outline, tracked: true }
    live.saw(tracked)
    expect(live.wayAt(200)).toEqual({ live: true, near: tracked })
    live.saw(null)
    expect(live.wayAt(300)).toEqual({ live: false })
  })
})
