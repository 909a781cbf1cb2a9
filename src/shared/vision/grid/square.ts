/** A proposed quad warped to a small square of nine SCORE_CELL cells, and profiles across it: how every grid check looks at a quad. */
import type { CV, Own } from '../core/cv'
import type { Corners } from '../core/image'

type Mat = InstanceType<CV['Mat']>

/** A cell of the warped square, in pixels. Chosen by hand; the checks' windows are in these pixels. */
export const SCORE_CELL = 24
export const SCORE_SIZE = SCORE_CELL * 9

/** A profile's values over the middle thirds of the two cells beside inner line `i`: the paper a line is weighed against. */
export function middlesBeside(profile: ArrayLike<number>, i: number): number[] {
  const out: number[] = []
  for (const cell of [i - 1, i]) for (let k = cell * SCORE_CELL + 8; k < cell * SCORE_CELL + 16; k++) out.push(profile[k])
  return out
}

/** The threshold image inside `corners`, warped to a SCORE_SIZE square, row by row. */
export function warpToSquare(cv: CV, binary: Mat, corners: Corners, own: Own): Uint8Array {
  return warpQuad(cv, binary, corners, own).data
}

/**
 * The quad warped to a SCORE_SIZE square, with `margin` pixels round it. Outside the image is 0 (no
 * ink), or with `replicate` the edge pixel (for grey, where 0 is black).
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

/** A strip's mean ink (0..1) along it: along x between rows `from` and `to` with `across`, else along y. */
export function stripProfile(d: Uint8Array, size: number, { across, from, to }: { across: boolean; from: number; to: number }): Float64Array {
  const profile = new Float64Array(size)
  for (let t = from; t < to; t++) for (let k = 0; k < size; k++) profile[k] += d[across ? t * size + k : k * size + t] / (255 * (to - from))
  return profile
}
