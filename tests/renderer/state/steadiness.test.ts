import { describe, expect, it } from 'vitest'
import { Steadiness } from '../../../src/renderer/src/state/steadiness'
import type { Corners } from '../../../src/shared/vision/core/image'

const square = (dx = 0, dy = 0): Corners => [
  { x: 100 + dx, y: 100 + dy },
  { x: 500 + dx, y: 100 + dy },
  { x: 500 + dx, y: 500 + dy },
  { x: 100 + dx, y: 500 + dy },
]

describe('Steadiness', () => {
  it('reaches 1 after the grid has stayed within tolerance for the hold time', () => {
    const steady = new Steadiness({ tolerance: 0.015, holdMs: 700 })
    expect(steady.update(square(), 0)).toBe(0)
    expect(steady.update(square(2, 1), 350)).toBeCloseTo(0.5)
    expect(steady.update(square(1, 2), 700)).toBe(1)
  })

  it('starts again when the grid moves or is lost', () => {
    const steady = new Steadiness({ tolerance: 0.015, holdMs: 700 })
    steady.update(square(), 0)
    steady.update(square(), 600)
    // 30 px on a 566 px diagonal is 5%: a move.
    expect(steady.update(square(30, 0), 650)).toBe(0)
    expect(steady.update(square(30, 0), 1000)).toBeCloseTo(0.5)
    expect(steady.update(null, 1100)).toBe(0)
    expect(steady.update(square(30, 0), 1200)).toBe(0)
  })
})
