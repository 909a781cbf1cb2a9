/**
 * The last resort of the grid detector: a grid printed with faint inner lines (light grey or
 * dotted, only the border and the box lines solid), which the detection threshold loses. Such a
 * quad is scored again with its inner lines sought in the grey image.
 */
import type { CV, Own } from '../core/cv'
import type { Corners } from '../core/image'
import { LINE_REACH, linesGoOn, squareScore } from './score'
import { SCORE_CELL, SCORE_SIZE, middlesBeside, warpQuad, warpToSquare } from './square'

type Mat = InstanceType<CV['Mat']>

/**
 * Contrast (grey levels below the local mean) at which `faintGridScore` takes a pixel for line.
 * Chosen by hand; the value the fallback was added with (bench:styles faint-inner 8/10 -> 10/10,
 * the tests' 3×3 tables of text still refused). Other values were not recorded.
 */
const FAINT_CONTRAST = 2
/** The local mean's block, in square pixels: under half a cell, so the cell's paper, not its digit, sets it. */
const FAINT_BLOCK = 9
/**
 * How far (share of the band) the box lines must stand out above the paper (`paperLevel`) in every
 * band of both directions. 0.6 was chosen by hand against the median mid-cell; against the paper
 * between the digits, the 7 pen-train filled pages missed before stood out by at least 0.64, 0.67,
 * 0.69, 0.64, 0.60, 0.57 and 0.35 (a box line broken by the digits in the threshold image); 0.5
 * takes in the six with 0.07 to spare (measured on the true outlines with bench tools not kept).
 */
const SOLID_BOX_LINE = 0.5

/**
 * `gridScore` for grids printed with faint inner lines (light grey or dotted, only the border and
 * the box lines solid), which the detection threshold loses: the box lines must be solid there,
 * in every band of both directions, and then the inner lines are looked for in the grey image
 * inside the quad, warped to the square and thresholded against a small local mean at a low
 * contrast. Mid-cell lines and lines going on past the border count as in `gridScore`.
 */
export function faintGridScore(cv: CV, gray: Mat, binary: Mat, corners: Corners, own: Own): number {
  if (!solidBoxLines(warpToSquare(cv, binary, corners, own)) || linesGoOn(cv, binary, corners, own)) return 0
  const warped = warpQuad(cv, gray, corners, own, 0, true)
  const lines = own(new cv.Mat())
  cv.adaptiveThreshold(warped, lines, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, FAINT_BLOCK, FAINT_CONTRAST)
  return squareScore(lines.data)
}

/** Whether the two box lines stand out (by 0.6) in every band of both directions of a warped threshold image. */
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

/**
 * The paper's level beside the line at inner position `i` of a band's profile: the least value over
 * the middle thirds of the cells either side, not their median. On a page written in every cell the
 * digits fill those middles, and in a band three cells long the median lands on their strokes (0.3-0.6
 * of the band on the pen-train filled pages that missed, against 0.05-0.3 where the strokes leave a
 * gap), so the box lines, solid there, stood out by as little as 0.3. Where the paper shows between
 * the three digits along the line is where it is paper: taking the least, the box lines of the first
 * three of those pages stood out by 0.64 at least; taking the lowest eighth, 0.57, the lowest
 * quarter, 0.45. On a grid with empty cells the median and the least agree.
 */
function paperLevel(profile: Float64Array, i: number): number {
  return Math.min(...middlesBeside(profile, i))
}
