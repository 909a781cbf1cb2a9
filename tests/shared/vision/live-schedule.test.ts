import { describe, expect, test } from 'vitest'
import { LiveSchedule } from '../../../src/shared/vision/live-schedule'

type Method = 'contour' | 'hough' | 'lattice' | undefined

/** The ways looks `ms` apart are made while each finds what `found` says (a method or nothing). */
function ways(schedule: LiveSchedule, found: (thorough: boolean, look: number) => Method, looks: number, ms: number): string {
  let out = ''
  for (let i = 0; i < looks; i++) {
    const thorough = !schedule.fastAt(i * ms)
    out += thorough ? 'T' : 'f'
    schedule.saw(found(thorough, i))
  }
  return out
}

/** A camera stream's frames, 100 ms apart, against a thorough look at most every 400 ms. */
const STREAM_MS = 100
const EVERY_MS = 400

describe('LiveSchedule', () => {
  test('a grid its outline finds: the fast way every look', () => {
    expect(ways(new LiveSchedule(EVERY_MS), () => 'contour', 10, STREAM_MS)).toBe('ffffffffff')
  })

  test('no grid in view: a thorough look after the first miss, then one every 400 ms', () => {
    expect(ways(new LiveSchedule(EVERY_MS), () => undefined, 12, STREAM_MS)).toBe('fTfffTfffTff')
  })

  test('a grid only the fallbacks find: found on a thorough look, then followed the thorough way', () => {
    expect(ways(new LiveSchedule(EVERY_MS), (thorough) => (thorough ? 'lattice' : undefined), 8, STREAM_MS)).toBe('fTTTTTTT')
  })

  test('back to the fast way once the outline finds the grid, or it is lost', () => {
    // Thorough looks: lattice at look 1, then the outline at 2; lost from look 8 on.
    const found = (_: boolean, i: number): Method => (i === 1 ? 'lattice' : i >= 2 && i < 8 ? 'contour' : undefined)
    expect(ways(new LiveSchedule(EVERY_MS), found, 14, STREAM_MS)).toBe('fTTffffffTfffT')
  })

  test('looks slower than the schedule (the paper watch): every look after a miss is thorough', () => {
    // A grid only the lattice finds, covered by a hand on looks 3-5.
    const found = (thorough: boolean, i: number): Method => (thorough && (i < 3 || i > 5) ? 'lattice' : undefined)
    expect(ways(new LiveSchedule(EVERY_MS), found, 9, 500)).toBe('fTTTTTTTT')
  })
})
