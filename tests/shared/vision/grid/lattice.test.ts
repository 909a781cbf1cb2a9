/**
 * The lattice fallback on exact synthetic data: holes (boxes) placed by a known homography and a
 * threshold mask drawn from the same lattice, so the expected outline is known to the pixel.
 */
import { describe, expect, test } from 'vitest'
import {
  applyHomography,
  distance,
  homographyFromPoints,
  intersectLines,
  invertHomography,
  lineThrough,
  type Homography,
} from '../../../../src/shared/vision/core/geometry'
import { latticeQuads, type Hole } from '../../../../src/shared/vision/grid/lattice'
import type { Corners, GrayImage, Point } from '../../../../src/shared/vision/core/image'

/**
 * Lattice units: box centres at integers, holes 0.94 wide (box lines 0.06 of a box, about 6 px
 * here); the border reaches 0.05 past the lattice's edge, so it is 0.08 wide (about 8 px).
 */
const HALF_HOLE = 0.47
const BORDER = 0.05
/** A mild perspective view of a 3×3 box lattice. */
const VIEW = homographyFromPoints(
  [
    { x: -0.5, y: -0.5 },
    { x: 2.5, y: -0.5 },
    { x: 2.5, y: 2.5 },
    { x: -0.5, y: 2.5 },
  ],
  [
    { x: 100, y: 80 },
    { x: 400, y: 100 },
    { x: 420, y: 390 },
    { x: 90, y: 370 },
  ],
)!

function hole(h: Homography, i: number, j: number, cut = 0): Hole {
  const c = [
    { x: i - HALF_HOLE, y: j - HALF_HOLE },
    { x: i + HALF_HOLE, y: j - HALF_HOLE },
    { x: i + HALF_HOLE, y: j + HALF_HOLE - cut },
    { x: i - HALF_HOLE, y: j + HALF_HOLE - cut },
  ].map((p) => applyHomography(h, p))
  const quad = [c[0], c[1], c[2], c[3]] as const satisfies Corners
  const centre = intersectLines(lineThrough(quad[0], quad[2]), lineThrough(quad[1], quad[3]))!
  const area = Math.abs(
    (c[0].x * c[1].y - c[1].x * c[0].y + c[1].x * c[2].y - c[2].x * c[1].y + c[2].x * c[3].y - c[3].x * c[2].y + c[3].x * c[0].y - c[0].x * c[3].y) / 2,
  )
  return { quad, centre, area }
}

/** Line pixels wherever the lattice has lines: inside the outer edge of the border, outside every hole. */
function mask(h: Homography, size: number, width = 500, height = 450): GrayImage {
  const back = invertHomography(h)!
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = applyHomography(back, { x, y })
      const inside = p.x >= -0.5 - BORDER && p.x <= size - 0.5 + BORDER && p.y >= -0.5 - BORDER && p.y <= size - 0.5 + BORDER
      const inHole =
        Math.abs(p.x - Math.round(p.x)) < HALF_HOLE &&
        Math.abs(p.y - Math.round(p.y)) < HALF_HOLE &&
        Math.round(p.x) >= 0 &&
        Math.round(p.y) >= 0 &&
        Math.round(p.x) < size &&
        Math.round(p.y) < size
      if (inside && !inHole) data[y * width + x] = 255
    }
  }
  return { width, height, data }
}

/** The outer edge of the border, where a contour of the threshold image would put the outline. */
function outline(h: Homography, size: number): Point[] {
  const lo = -0.5 - BORDER
  const hi = size - 0.5 + BORDER
  return [
    { x: lo, y: lo },
    { x: hi, y: lo },
    { x: hi, y: hi },
    { x: lo, y: hi },
  ].map((p) => applyHomography(h, p))
}

function boxes(h: Homography, size: number, cut: (i: number, j: number) => number = () => 0): Hole[] {
  const out: Hole[] = []
  for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) out.push(hole(h, i, j, cut(i, j)))
  return out
}

describe('latticeQuads', () => {
  test('nine boxes under perspective: the outer edge of the border, to a pixel', () => {
    const quads = latticeQuads(boxes(VIEW, 3), mask(VIEW, 3))
    expect(quads).toHaveLength(1)
    const truth = outline(VIEW, 3)
    for (let k = 0; k < 4; k++) expect(distance(quads[0][k], truth[k])).toBeLessThan(1.5)
  })

  test('two boxes cut short by a stray line: left out of the fit, the outline stays put', () => {
    const holes = boxes(VIEW, 3, (i, j) => (j === 2 && i > 0 ? 0.12 : 0))
    const quads = latticeQuads(holes, mask(VIEW, 3))
    expect(quads).toHaveLength(1)
    const truth = outline(VIEW, 3)
    for (let k = 0; k < 4; k++) expect(distance(quads[0][k], truth[k])).toBeLessThan(2)
  })

  test('a lattice that goes on past three boxes (a crossword, tiles) is no grid', () => {
    const h = homographyFromPoints(
      [
        { x: -0.5, y: -0.5 },
        { x: 4.5, y: -0.5 },
        { x: 4.5, y: 4.5 },
        { x: -0.5, y: 4.5 },
      ],
      [
        { x: 40, y: 30 },
        { x: 460, y: 40 },
        { x: 470, y: 420 },
        { x: 30, y: 410 },
      ],
    )!
    expect(latticeQuads(boxes(h, 5), mask(h, 5))).toHaveLength(0)
  })

  test('fewer than two thirds of the boxes: no lattice', () => {
    const holes = boxes(VIEW, 3).filter((_, k) => k % 2 === 0)
    expect(holes).toHaveLength(5)
    expect(latticeQuads(holes, mask(VIEW, 3))).toHaveLength(0)
  })
})
