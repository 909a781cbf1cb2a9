/**
 * The cell model's input (paper/cell-classifier.ts): each cell of `flat` less PATCH_INSET a side,
 * area-averaged to PATCH_SIDE square; training/paper/ cuts its samples through it too.
 */
import type { CellBounds } from './extract-cells'
import type { GrayImage } from '../core/image'

/** Patch side: a written digit ~18 px high (MNIST's 20), a pencil mark 6-8 px, 57 ms for 81 cells. Set by reasoning. */
export const PATCH_SIDE = 32

/** Share cut away each side: the lines' ink, not pencil marks in a corner (6-15 px of 100 from the lines). Set by reasoning. */
export const PATCH_INSET = 0.04

/** One patch per cell, row-major, each PATCH_SIDE x PATCH_SIDE grey (paper ~255). */
export function cellPatches(flat: GrayImage, bounds: readonly CellBounds[], side = PATCH_SIDE, inset = PATCH_INSET): GrayImage[] {
  return bounds.map((b) => {
    const w = b.right - b.left
    const h = b.bottom - b.top
    return areaResample(flat, b.left + inset * w, b.top + inset * h, b.right - inset * w, b.bottom - inset * h, side)
  })
}

/** Per output pixel along one axis: the source pixels it covers and their weights. */
interface Taps {
  readonly start: Int32Array
  readonly count: Int32Array
  readonly weight: Float32Array
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
