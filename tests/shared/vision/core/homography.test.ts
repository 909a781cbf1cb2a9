import { describe, expect, it } from 'vitest'
import { CELL_UNITS, cellAffine, cellQuad, insideQuad, squareToQuad } from '../../../../src/shared/vision/core/homography'
import { applyHomography } from '../../../../src/shared/vision/core/geometry'
import type { Corners } from '../../../../src/shared/vision/core/image'

// A sheet seen at an angle (strong perspective: the far edge is much shorter).
const tilted: Corners = [
  { x: 212, y: 95 },
  { x: 530, y: 120 },
  { x: 600, y: 455 },
  { x: 120, y: 430 },
]

describe('squareToQuad', () => {
  it('maps the unit square onto the four corners', () => {
    const h = squareToQuad(tilted)
    const unit = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]
    unit.forEach(([u, v], i) => {
      const p = applyHomography(h, { x: u, y: v })
      expect(p.x).toBeCloseTo(tilted[i].x, 6)
      expect(p.y).toBeCloseTo(tilted[i].y, 6)
    })
  })

  it('keeps straight lines straight (the centre lies on both diagonals)', () => {
    const h = squareToQuad(tilted)
    const centre = applyHomography(h, { x: 0.5, y: 0.5 })
    const onLine = (a: { x: number; y: number }, b: { x: number; y: number }) => (b.x - a.x) * (centre.y - a.y) - (b.y - a.y) * (centre.x - a.x)
    expect(Math.abs(onLine(tilted[0], tilted[2]))).toBeLessThan(1e-6)
    expect(Math.abs(onLine(tilted[1], tilted[3]))).toBeLessThan(1e-6)
  })

  it('handles a parallelogram (affine case) and rejects a degenerate quad', () => {
    const h = squareToQuad([
      { x: 0, y: 0 },
      { x: 90, y: 10 },
      { x: 100, y: 100 },
      { x: 10, y: 90 },
    ])
    expect(applyHomography(h, { x: 1, y: 1 }).x).toBeCloseTo(100)
    const line: Corners = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ]
    expect(() => squareToQuad(line)).toThrow(RangeError)
  })
})

describe('cellAffine', () => {
  it('puts the origin at the cell centre and follows the homography to first order', () => {
    const h = squareToQuad(tilted)
    for (const cell of [0, 40, 80, 17]) {
      const [a, b, c, d, e, f] = cellAffine(h, cell)
      const u = ((cell % 9) + 0.5) / 9
      const v = (Math.floor(cell / 9) + 0.5) / 9
      const centre = applyHomography(h, { x: u, y: v })
      expect(e).toBeCloseTo(centre.x, 6)
      expect(f).toBeCloseTo(centre.y, 6)
      // A small step of 5 local units (5% of the cell) agrees with the true projection.
      const step = 5 / (9 * CELL_UNITS)
      const right = applyHomography(h, { x: u + step, y: v })
      const down = applyHomography(h, { x: u, y: v + step })
      expect(a * 5 + e).toBeCloseTo(right.x, 1)
      expect(b * 5 + f).toBeCloseTo(right.y, 1)
      expect(c * 5 + e).toBeCloseTo(down.x, 1)
      expect(d * 5 + f).toBeCloseTo(down.y, 1)
    }
  })
})

describe('cellQuad / insideQuad', () => {
  it('tiles the grid: every cell centre is inside its own quad and no other', () => {
    const h = squareToQuad(tilted)
    for (let cell = 0; cell < 81; cell++) {
      const centre = applyHomography(h, { x: ((cell % 9) + 0.5) / 9, y: (Math.floor(cell / 9) + 0.5) / 9 })
      const hits = Array.from({ length: 81 }, (_, other) => other).filter((other) => insideQuad(cellQuad(h, other), centre))
      expect(hits).toEqual([cell])
    }
  })
})
