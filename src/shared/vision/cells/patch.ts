/**
 * Cell patches: the input contract of the cell model (paper/cell-classifier.ts).
 *
 *   cellPatches(flat, bounds) -> 81 GrayImages of PATCH_SIDE x PATCH_SIDE
 *
 * - `flat`: extractCells's warped grid divided by its paper shading (paper ~255, dark ink).
 * - `bounds`: extractCells's cell edges (the means of each cell's measured line crossings).
 * - Each patch is the cell from line centre to line centre, less PATCH_INSET of the side on every
 *   side, area-averaged (every source pixel weighted by how much of it falls under the patch
 *   pixel), so a patch does not depend on the warp size beyond its sharpness.
 *
 * Plain TypeScript (no DOM, no Node, no OpenCV): it runs the same in a browser worker and in Node,
 * and the training scripts (training/paper/) cut every sample through it.
 */
import type { CellBounds } from './extract-cells'
import type { GrayImage } from '../core/image'

/**
 * Patch side in pixels. A cell of the 900 px warp is 100 px; at 32 a handwritten digit is ~18 px
 * high (MNIST's digits are 20) and a pencil mark ~6-8 px, which the model still tells from an
 * empty cell; 32 keeps the cell model at ~0.7 M multiply-adds a cell, 57 ms of CPU for 81 cells
 * (training/paper/README.md). Set by reasoning, not chosen by validation (no CV run compared sizes).
 */
export const PATCH_SIDE = 32

/**
 * Fraction of the cell side cut away on each side. The bounds run through the line centres; 4%
 * (4 px of a 100 px cell) drops the thin lines' ink but keeps pencil marks written into a corner,
 * which sit ~6-15 px from the lines on the shared pen photos. Not compared with other values by
 * validation either.
 */
export const PATCH_INSET = 0.04

/** One patch per cell, row-major, each PATCH_SIDE x PATCH_SIDE grey (paper ~255). */
export function cellPatches(flat: GrayImage, bounds: readonly CellBounds[], side = PATCH_SIDE, inset = PATCH_INSET): GrayImage[] {
  return bounds.map((b) => {
    const w = b.right - b.left
    const h = b.bottom - b.top
    return areaResample(flat, b.left + inset * w, b.top + inset * h, b.right - inset * w, b.bottom - inset * h, side)
  })
}

/** Per output pixel along one axis: the source pixels it covers and how much of each. */
interface Taps {
  readonly start: Int32Array
  readonly count: Int32Array
  readonly weight: Float32Array
  /** Index into `weight` of each output pixel's first tap. */
  readonly offset: Int32Array
}

function axisTaps(from: number, to: number, side: number): Taps {
  const step = (to - from) / side
  const start = new Int32Array(side)
  const count = new Int32Array(side)
  const offset = new Int32Array(side)
  const weights: number[] = []
  for (let i = 0; i < side; i++) {
    const a = from + i * step
    const b = a + step
    const first = Math.floor(a)
    const last = Math.ceil(b) - 1
    start[i] = first
    count[i] = last - first + 1
    offset[i] = weights.length
    for (let s = first; s <= last; s++) weights.push((Math.min(b, s + 1) - Math.max(a, s)) / step)
  }
  return { start, count, weight: Float32Array.from(weights), offset }
}

/** The rectangle [x0, x1) x [y0, y1) of `img` (fractional edges) averaged into side x side. */
function areaResample(img: GrayImage, x0: number, y0: number, x1: number, y1: number, side: number): GrayImage {
  const xs = axisTaps(x0, x1, side)
  const ys = axisTaps(y0, y1, side)
  const { width, height, data } = img
  // Source pixels outside the image repeat its edge (a cell at the border of a tight warp).
  const clampX = (x: number): number => (x < 0 ? 0 : x >= width ? width - 1 : x)
  const clampY = (y: number): number => (y < 0 ? 0 : y >= height ? height - 1 : y)
  const out = new Uint8Array(side * side)
  const rowSums = new Float32Array(side)
  for (let oy = 0; oy < side; oy++) {
    rowSums.fill(0)
    for (let t = 0; t < ys.count[oy]; t++) {
      const wy = ys.weight[ys.offset[oy] + t]
      const row = clampY(ys.start[oy] + t) * width
      for (let ox = 0; ox < side; ox++) {
        let s = 0
        for (let k = 0; k < xs.count[ox]; k++) s += xs.weight[xs.offset[ox] + k] * data[row + clampX(xs.start[ox] + k)]
        rowSums[ox] += wy * s
      }
    }
    for (let ox = 0; ox < side; ox++) out[oy * side + ox] = Math.round(rowSums[ox])
  }
  return { width: side, height: side, data: out }
}
