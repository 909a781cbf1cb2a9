/**
 * A cheap look at every cell, for watching a page while it is being solved: the grid is sampled
 * through its corners' perspective at a small size (no OpenCV, no full warp of the frame), and each
 * cell is summed up by two numbers measured against the page's own paper:
 *  - `ink`: the share of the cell's middle that is dark like pen or pencil;
 *  - `shade`: the middle's mean brightness, which a hand (or its shadow) over the cell lowers.
 * The full reader (Tesseract, the cell judge) runs only when these say the page changed.
 */
import { squareToQuad } from '../render/homography'
import { CELLS } from '../sudoku/board'
import type { Corners, GrayImage, RgbaImage } from './image'

export interface CellInk {
  /** Per cell, 0..1: share of the cell's middle darker than INK_LEVEL of the paper. */
  readonly ink: Float32Array
  /** Per cell, 0..1+: the middle's mean brightness relative to the paper. */
  readonly shade: Float32Array
}

/**
 * Samples per cell side: 24 resolves a pencil mark (a ninth of a cell, ~3 samples high) and keeps
 * the cost at 81 × 24² ≈ 47,000 samples a look.
 */
export const CELL_SAMPLES = 24
/**
 * Share of each side left out around the middle: grid lines and the line-shift of a shaky camera
 * (corners found a pixel or two off) stay out of the count; pencil marks in a cell's corner are
 * still mostly inside (they sit ~10-30% in from the cell's edges).
 */
const EDGE_SHARE = 0.12
/**
 * Dark enough to be ink, relative to the paper: pen and pencil strokes sample at 15-55% of the
 * paper's brightness, skin and shadows at 60-85%, so a hand is not counted as ink.
 */
const INK_LEVEL = 0.58
/** The paper's brightness: this quantile of every sample (robust to a hand over most of the grid). */
const PAPER_QUANTILE = 0.9

const luma = (image: RgbaImage | GrayImage): ((x: number, y: number) => number) => {
  const { width, data } = image
  if (data.length === image.width * image.height) return (x, y) => data[y * width + x]
  return (x, y) => {
    const i = (y * width + x) * 4
    return (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8
  }
}

export function cellInk(image: RgbaImage | GrayImage, corners: Corners): CellInk {
  const m = squareToQuad(corners)
  const at = luma(image)
  const side = CELL_SAMPLES
  const lo = Math.round(side * EDGE_SHARE)
  const inner = side - 2 * lo
  const samples = new Uint8Array(CELLS * inner * inner)
  let k = 0
  for (let cell = 0; cell < CELLS; cell++) {
    const u0 = (cell % 9) / 9
    const v0 = Math.floor(cell / 9) / 9
    for (let j = lo; j < side - lo; j++) {
      for (let i = lo; i < side - lo; i++) {
        const u = u0 + (i + 0.5) / (9 * side)
        const v = v0 + (j + 0.5) / (9 * side)
        const w = m[6] * u + m[7] * v + m[8]
        const x = Math.round((m[0] * u + m[1] * v + m[2]) / w)
        const y = Math.round((m[3] * u + m[4] * v + m[5]) / w)
        samples[k++] = x >= 0 && y >= 0 && x < image.width && y < image.height ? at(x, y) : 0
      }
    }
  }
  const paper = Math.max(1, quantile(samples, PAPER_QUANTILE))
  const dark = INK_LEVEL * paper
  const ink = new Float32Array(CELLS)
  const shade = new Float32Array(CELLS)
  const per = inner * inner
  for (let cell = 0, s = 0; cell < CELLS; cell++) {
    let sum = 0
    let inked = 0
    for (let n = 0; n < per; n++, s++) {
      sum += samples[s]
      if (samples[s] < dark) inked++
    }
    ink[cell] = inked / per
    shade[cell] = sum / per / paper
  }
  return { ink, shade }
}

/** The q-quantile of 8-bit values, by histogram. */
function quantile(values: Uint8Array, q: number): number {
  const histogram = new Uint32Array(256)
  for (const v of values) histogram[v]++
  const target = q * values.length
  let seen = 0
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]) >= target) return v
  return 255
}
