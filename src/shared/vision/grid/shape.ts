/** The cheap shape checks a proposed quad must pass before the grid score: what a square can look like in a photo. */
import { distance, interiorAngles, isConvex, polygonArea } from '../core/geometry'
import type { Corners } from '../core/image'

/** Smallest grid, as a share of the image's area (14% of it across). Chosen by hand. */
const MIN_AREA = 0.02
/** Corner angles a square shows under about ±30° of tilt, in degrees. Chosen by hand. */
const ANGLE_RANGE = [45, 135] as const
/** Opposite sides' ratio and aspect, at most. Chosen by hand for ±30° of tilt. */
const MAX_OPPOSITE_RATIO = 2
const MAX_ASPECT = 3

export function areaOf(c: Corners): number {
  return Math.abs(polygonArea(c))
}

/** Big enough and `squarish`. */
export function plausibleQuad(q: Corners, width: number, height: number): boolean {
  return Math.abs(polygonArea(q)) >= width * height * MIN_AREA && squarish(q)
}

/** Convex, corners and sides within what a square shows under ±30° of tilt. */
export function squarish(q: Corners): boolean {
  if (!isConvex(q)) return false
  if (interiorAngles(q).some((a) => a < ANGLE_RANGE[0] || a > ANGLE_RANGE[1])) return false
  const sides = [0, 1, 2, 3].map((i) => distance(q[i], q[(i + 1) % 4]))
  if (Math.min(sides[0], sides[2]) * MAX_OPPOSITE_RATIO < Math.max(sides[0], sides[2])) return false
  if (Math.min(sides[1], sides[3]) * MAX_OPPOSITE_RATIO < Math.max(sides[1], sides[3])) return false
  const w = (sides[0] + sides[2]) / 2
  const h = (sides[1] + sides[3]) / 2
  return Math.max(w, h) < MAX_ASPECT * Math.min(w, h)
}
