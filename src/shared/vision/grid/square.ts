/**
 * The grid detector's common ground: a proposed quadrilateral warped to a small square of nine
 * SCORE_CELL cells, and profiles across it. The score, the faint-lines score, the sides' refit
 * and the Hough checks all look at a quad this way.
 */
import type { CV, Own } from '../core/cv'
import type { Corners } from '../core/image'

type Mat = InstanceType<CV['Mat']>

/**
 * A cell of the warped square, in pixels; chosen by hand with the first grid score. The windows
 * of the checks that look at the square (±4 px round a line, a cell's middle 8-16 px, ...) are in
 * these pixels, so they change with it.
 */
export const SCORE_CELL = 24
export const SCORE_SIZE = SCORE_CELL * 9

/**
 * A profile across the square (one value a pixel) over the middle thirds of the two cells beside
 * inner line `i` (8-16 px into each): where the paper shows between a line and the next, the level
 * a line is weighed against.
 */
export function middlesBeside(profile: ArrayLike<number>, i: number): number[] {
  const out: number[] = []
  for (const cell of [i - 1, i]) for (let k = cell * SCORE_CELL + 8; k < cell * SCORE_CELL + 16; k++) out.push(profile[k])
  return out
}

/** The threshold image inside `corners`, warped to a SCORE_SIZE square (row by row, 0 or 255 but for the edges of lines). */
export function warpToSquare(cv: CV, binary: Mat, corners: Corners, own: Own): Uint8Array {
  return warpQuad(cv, binary, corners, own).data
}

/**
 * The quad warped so its corners land on a SCORE_SIZE square's, with `margin` pixels of the
 * surroundings kept on every side. Outside the image is no ink (0), or with `replicate` the
 * nearest edge pixel (for a grey image, where 0 would be black ink).
 */
export function warpQuad(cv: CV, src: Mat, corners: Corners, own: Own, margin = 0, replicate = false): Mat {
  const size = SCORE_SIZE + 2 * margin
  const warped = own(new cv.Mat())
  const from = own(
    cv.matFromArray(
      4,
      1,
      cv.CV_32FC2,
      corners.flatMap((p) => [p.x, p.y]),
    ),
  )
  const [a, e] = [margin, margin + SCORE_SIZE - 1]
  const to = own(cv.matFromArray(4, 1, cv.CV_32FC2, [a, a, e, a, e, e, a, e]))
  const h = own(cv.getPerspectiveTransform(from, to))
  const border = replicate ? cv.BORDER_REPLICATE : cv.BORDER_CONSTANT
  cv.warpPerspective(src, warped, h, new cv.Size(size, size), cv.INTER_LINEAR, border, new cv.Scalar(0))
  return warped
}

/**
 * A strip's mean ink (0..1) at each position along it, in a `size` square: with `across` the strip
 * runs along x between rows `from` and `to`, else along y between those columns.
 */
export function stripProfile(d: Uint8Array, size: number, { across, from, to }: { across: boolean; from: number; to: number }): Float64Array {
  const profile = new Float64Array(size)
  for (let t = from; t < to; t++) for (let k = 0; k < size; k++) profile[k] += d[across ? t * size + k : k * size + t] / (255 * (to - from))
  return profile
}
