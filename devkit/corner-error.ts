/**
 * How far a found grid lies from a trusted outline, as every check of detection measures it
 * (bench:detect, bench:read, bench:styles, the sessions' grid): the mean distance of the four
 * corners, as a share of the outline's mean side.
 */
import { distance } from '../src/shared/vision/core/geometry'
import type { Corners } from '../src/shared/vision/core/image'

/** A corner error above this is another grid, not the outline found roughly (one cell is 11% of the side). */
export const WRONG_GRID = 0.05

/** The mean of a quadrilateral's four sides. */
export function meanSide(corners: Corners): number {
  return [0, 1, 2, 3].reduce((sum, i) => sum + distance(corners[i], corners[(i + 1) % 4]), 0) / 4
}

/**
 * `found`'s corner error against `truth` (a share of truth's mean side). `anyTurn`: in the best of
 * the four cyclic orders, for a reader that turns the page (a page read upside down or sideways
 * names another corner its top-left, yet the outline found is the same).
 */
export function cornerError(found: Corners, truth: Corners, anyTurn = false): number {
  const turns = anyTurn ? [0, 1, 2, 3] : [0]
  const off = (turn: number) => found.reduce((sum, p, k) => sum + distance(p, truth[(k + turn) % 4]), 0) / 4
  return Math.min(...turns.map(off)) / meanSide(truth)
}
