/**
 * Whether the paper ends just beyond a grid's sides (a cut-out on a desk): the threshold image takes
 * the desk by the edge for ink, and the outline runs up to a third of a cell outside the border.
 */
import type { CV, Own } from '../core/cv'
import { applyHomography, homographyFromPoints } from '../core/geometry'
import type { Corners } from '../core/image'
import { byteQuantile } from '../core/median'
import { SCORE_CELL, SCORE_SIZE, warpQuad } from './square'

type Mat = InstanceType<CV['Mat']>

/** How far beyond a side the desk is looked for, in square pixels: past the band the outline may follow. */
const OUTSIDE = [SCORE_CELL / 2, SCORE_CELL] as const
/** The first row or column of cells, their middles, where the paper shows between digits. */
const INSIDE = [0.3 * SCORE_CELL, 0.7 * SCORE_CELL] as const
/** Desk is at most this share of the paper's grey. Set from bench:detect's cut-outs; shaded paper passes too, so grid/sides.ts asks the lines as well. */
const DESK_SHARE = 0.8
/** The desk is even: its grey's spread (90th less 10th percentile) at most this share of the paper's. */
const DESK_EVEN = 0.15

/** Per side (left, right, top, bottom), whether even desk, darker than the paper, lies just beyond it. */
export function deskBeyondSides(cv: CV, gray: Mat, corners: Corners, own: Own): boolean[] {
  const margin = OUTSIDE[1]
  const size = SCORE_SIZE + 2 * margin
  const d = warpQuad(cv, gray, corners, own, margin, true).data
  // The middle 80% along each side, clear of the other sides.
  const along = [Math.round(margin + 0.1 * SCORE_SIZE), Math.round(margin + 0.9 * SCORE_SIZE)]
  const band = (dir: number, end: number, [near, far]: readonly [number, number], outwards: boolean): number[] => {
    const values: number[] = []
    for (let depth = near; depth < far; depth++) {
      const k = outwards ? (end === 0 ? margin - 1 - depth : margin + SCORE_SIZE + depth) : end === 0 ? margin + depth : margin + SCORE_SIZE - 1 - depth
      for (let t = along[0]; t < along[1]; t++) values.push(d[dir === 0 ? t * size + k : k * size + t])
    }
    return values
  }
  // The warp repeats the image's edge, as even as a desk: a band that runs out of the image is not judged.
  const [a, e] = [margin, margin + SCORE_SIZE - 1]
  const h = homographyFromPoints(
    [
      { x: a, y: a },
      { x: e, y: a },
      { x: e, y: e },
      { x: a, y: e },
    ],
    corners,
  )
  const inImage = (x: number, y: number): boolean => {
    const p = h && applyHomography(h, { x, y })
    return !!p && p.x >= 0 && p.y >= 0 && p.x <= gray.cols - 1 && p.y <= gray.rows - 1
  }
  const bandInImage = (dir: number, end: number): boolean => {
    const k = end === 0 ? 0 : size - 1
    return along.every((t) => (dir === 0 ? inImage(k, t) : inImage(t, k)))
  }
  return [0, 1].flatMap((dir) =>
    [0, 1].map((end) => {
      if (!bandInImage(dir, end)) return false
      const paper = byteQuantile(band(dir, end, INSIDE, false), 0.5)
      const beyond = band(dir, end, OUTSIDE, true)
      const at = (q: number): number => byteQuantile(beyond, q)
      return at(0.5) <= DESK_SHARE * paper && at(0.9) - at(0.1) <= DESK_EVEN * paper
    }),
  )
}
