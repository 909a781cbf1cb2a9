/**
 * Perspective maths for drawing onto the photographed sheet: the homography from the unit
 * square (the flat grid, 0..1 on both axes) to the grid's four corners in image pixels, and the
 * affine transform that best matches it around one cell, so text can be drawn "on the paper"
 * with the plain 2-D transforms that canvas and SVG both offer.
 */
import type { Corners, Point } from './image'
import type { Cell } from '../../sudoku/board'
import { applyHomography, type Homography } from './geometry'

/** A 2-D affine transform in canvas/SVG order: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = readonly [a: number, b: number, c: number, d: number, e: number, f: number]

/**
 * Square-to-quad in closed form (Heckbert 1989): no linear solve, exact for any convex quad.
 * Corners are TL, TR, BR, BL, so (0,0)->TL, (1,0)->TR, (1,1)->BR, (0,1)->BL.
 */
export function squareToQuad(corners: Corners): Homography {
  const [p0, p1, p2, p3] = corners
  const sx = p0.x - p1.x + p2.x - p3.x
  const sy = p0.y - p1.y + p2.y - p3.y
  if (Math.abs(sx) < 1e-12 && Math.abs(sy) < 1e-12) {
    // A parallelogram: the map is affine.
    return [p1.x - p0.x, p3.x - p0.x, p0.x, p1.y - p0.y, p3.y - p0.y, p0.y, 0, 0, 1]
  }
  const dx1 = p1.x - p2.x
  const dx2 = p3.x - p2.x
  const dy1 = p1.y - p2.y
  const dy2 = p3.y - p2.y
  const det = dx1 * dy2 - dx2 * dy1
  if (Math.abs(det) < 1e-12) throw new RangeError('The corners do not form a quadrilateral.')
  const g = (sx * dy2 - dx2 * sy) / det
  const h = (dx1 * sy - sx * dy1) / det
  return [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1]
}

/** The cell's four corners in image pixels (TL, TR, BR, BL). */
export function cellQuad(m: Homography, cell: Cell): Corners {
  const u = (cell % 9) / 9
  const v = Math.floor(cell / 9) / 9
  const s = 1 / 9
  const at = (x: number, y: number): Point => applyHomography(m, { x, y })
  return [at(u, v), at(u + s, v), at(u + s, v + s), at(u, v + s)]
}

/**
 * The affine transform that agrees with the homography at (u, v) to first order (its Jacobian):
 * local coordinates (x, y), in units of `1/scale` of the unit square, around that point.
 * With `scale` = 900 a cell is 100 local units wide, a comfortable size for fonts.
 */
export function localAffine(m: Homography, u: number, v: number, scale: number): Affine {
  const nx = m[0] * u + m[1] * v + m[2]
  const ny = m[3] * u + m[4] * v + m[5]
  const w = m[6] * u + m[7] * v + m[8]
  // d(nx/w)/du = (m0·w - nx·m6) / w², and so on.
  const w2 = w * w * scale
  return [(m[0] * w - nx * m[6]) / w2, (m[3] * w - ny * m[6]) / w2, (m[1] * w - nx * m[7]) / w2, (m[4] * w - ny * m[7]) / w2, nx / w, ny / w]
}

/** Local units per cell side used by `cellAffine`. */
export const CELL_UNITS = 100

/** The affine transform for drawing in one cell: origin at its centre, 100 units per cell side. */
export function cellAffine(m: Homography, cell: Cell): Affine {
  return localAffine(m, ((cell % 9) + 0.5) / 9, (Math.floor(cell / 9) + 0.5) / 9, 9 * CELL_UNITS)
}

/** Whether `p` lies inside the convex quad (corners in order, either winding). */
export function insideQuad(quad: Corners, p: Point): boolean {
  let sign = 0
  for (let i = 0; i < 4; i++) {
    const a = quad[i]
    const b = quad[(i + 1) % 4]
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
    if (cross === 0) continue
    if (sign === 0) sign = Math.sign(cross)
    else if (Math.sign(cross) !== sign) return false
  }
  return true
}
