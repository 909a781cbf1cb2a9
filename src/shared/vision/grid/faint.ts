/**
 * The grid detector's last resort: a grid with faint inner lines (light grey or dotted, only the
 * border and box lines solid), which the threshold image loses, scored again on the grey image.
 */
import type { CV, Own } from '../core/cv'
import type { Corners } from '../core/image'
import { LINE_REACH, linesGoOn, squareScore } from './score'
import { SCORE_CELL, SCORE_SIZE, middlesBeside, warpQuad, warpToSquare } from './square'

type Mat = InstanceType<CV['Mat']>

/** Grey levels below the local mean at which a pixel is line. Chosen by hand with bench:styles' faint grids. */
const FAINT_CONTRAST = 2
/** The local mean's block, in square pixels: under half a cell, so the cell's paper, not its digit, sets it. */
const FAINT_BLOCK = 9
/** How far (share of the band) the box lines must stand above the paper in every band. Set from the pen-train filled pages (0.57 at least). */
const SOLID_BOX_LINE = 0.5

/** `gridScore` for faint inner lines: box lines solid in the threshold image, inner lines thresholded in the grey at low contrast. */
export function faintGridScore(cv: CV, gray: Mat, binary: Mat, corners: Corners, own: Own): number {
  if (!solidBoxLines(warpToSquare(cv, binary, corners, own)) || linesGoOn(cv, binary, corners, own)) return 0
  const warped = warpQuad(cv, gray, corners, own, 0, true)
  const lines = own(new cv.Mat())
  cv.adaptiveThreshold(warped, lines, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, FAINT_BLOCK, FAINT_CONTRAST)
  return squareScore(lines.data)
}

/** Whether the two box lines stand out in every band of both directions. */
function solidBoxLines(d: Uint8Array): boolean {
  const band = SCORE_SIZE / 3
  for (let dir = 0; dir < 2; dir++) {
    for (let b = 0; b < 3; b++) {
      const profile = new Float64Array(SCORE_SIZE)
      for (let t = b * band; t < (b + 1) * band; t++) {
        for (let k = 0; k < SCORE_SIZE; k++) profile[k] += d[dir === 0 ? t * SCORE_SIZE + k : k * SCORE_SIZE + t] / (255 * band)
      }
      for (const i of [3, 6]) {
        let line = 0
        for (let k = i * SCORE_CELL - LINE_REACH; k <= i * SCORE_CELL + LINE_REACH; k++) line = Math.max(line, profile[k])
        if (line - paperLevel(profile, i) < SOLID_BOX_LINE) return false
      }
    }
  }
  return true
}

/** The paper beside line `i`: the least of the cells' middles, not their median, which lands on the strokes of a page written full. */
function paperLevel(profile: Float64Array, i: number): number {
  return Math.min(...middlesBeside(profile, i))
}
