import { describe, expect, test } from 'vitest'
import { LiveSchedule } from '../../../src/renderer/src/workers/live-schedule'

/** The ways frames are looked at while each look finds what `found` says (a method or nothing). */
function ways(schedule: LiveSchedule, found: (thorough: boolean, frame: number) => 'contour' | 'hough' | 'lattice' | undefined, frames: number): string {
  let out = ''
  for (let i = 0; i < frames; i++) {
    const thorough = !schedule.fast
    out += thorough ? 'T' : 'f'
    schedule.saw(found(thorough, i))
  }
  return out
}

describe('LiveSchedule', () => {
  test('a grid its outline finds: the fast way every frame', () => {
    expect(ways(new LiveSchedule(4), () => 'contour', 10)).toBe('ffffffffff')
  })

  test('no grid in view: the thorough way every 4th frame', () => {
    expect(ways(new LiveSchedule(4), () => undefined, 12)).toBe('ffffTfffTfff')
  })

  test('a grid only the fallbacks find: found on a thorough look, then followed the thorough way', () => {
    expect(ways(new LiveSchedule(4), (thorough) => (thorough ? 'lattice' : undefined), 10)).toBe('ffffTTTTTT')
  })

  test('back to the fast way once the outline finds the grid, or it is lost', () => {
    // Thorough looks: lattice at frame 4, then the outline at 5; later lost at 12.
    const found = (thorough: boolean, i: number): 'contour' | 'lattice' | undefined => (i === 4 ? 'lattice' : i >= 5 && i < 12 ? 'contour' : undefined)
    expect(ways(new LiveSchedule(4), found, 18)).toBe('ffffTTffffffffffTf')
  })
})
