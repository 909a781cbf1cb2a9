/** A digit the grid-wide cut kept in part (a serif 9's ")", a light stroke's pieces), grown along its faint strokes. */
import { boxInGrid, type CellCrop } from './crop'
import type { DigitBox } from './blobs'
import { histogramQuantile } from './normalise'
import type { Box } from './extract-cells'
import type { GrayImage } from '../core/image'

/** A blob under 0.45 of its height wide is a lone stem, redrawn grown when that doubles its width. Set on bench:styles. */
export const STEM_WIDTH = 0.45
export const GROWN_WIDTH = 2
/** Any other digit is redrawn grown at 1.5 times as tall or wide, not for blur's few pixels (voters learnt digits as cut). Set on the pen photos. */
export const GROWN_SIDE = 1.5
/** The loose cut: 70% of the way from the grid-wide ink cut to white paper. Chosen by hand. */
export const LOOSE_CUT = 0.7
/** ...but never within 4 robust noise deviations of the cell's paper, or dim noisy light grows a 1 into a blot. */
export const PAPER_NOISE_DEVIATIONS = 4
/** A box grown past 80% of the cell ran into something else. Chosen by hand. */
const MAX_GROWN = 0.8

/** A cell's paper less `k` noise deviations, both robust (median, 1.4826 × MAD) over its non-ink inside the band. */
export function paperBelow(flat: GrayImage, mask: Uint8Array, crop: CellCrop, k: number): number {
  const { x0, y0, w, h, band } = crop
  const histogram = new Uint32Array(256)
  let n = 0
  for (let y = band; y < h - band; y++)
    for (let x = band; x < w - band; x++)
      if (!mask[y * w + x]) {
        histogram[flat.data[(y + y0) * flat.width + x + x0]]++
        n++
      }
  const median = histogramQuantile(histogram, n, 0.5)
  const deviations = new Uint32Array(256)
  for (let v = 0; v < 256; v++) deviations[Math.abs(v - median)] += histogram[v]
  return median - k * 1.4826 * Math.max(1, histogramQuantile(deviations, n, 0.5))
}

/** The digit's box grown by hysteresis from its ink through pixels at most `looseCut`, out of the band; null when too big. */
export function wholeDigit(flat: GrayImage, mask: Uint8Array, crop: CellCrop, box: DigitBox, looseCut: number): Box | null {
  const { side, x0, y0, w, h, band } = crop
  const loose = (x: number, y: number): boolean => flat.data[(y + y0) * flat.width + x + x0] <= looseCut
  const seen = new Uint8Array(w * h)
  const stack: number[] = []
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0; x <= box.x1; x++)
      if (mask[y * w + x]) {
        seen[y * w + x] = 1
        stack.push(y * w + x)
      }
  let [gx0, gy0, gx1, gy1] = [box.x0, box.y0, box.x1, box.y1]
  while (stack.length) {
    const j = stack.pop()!
    const jx = j % w
    const jy = (j - jx) / w
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = jx + dx
        const ny = jy + dy
        if (nx < band || ny < band || nx >= w - band || ny >= h - band || seen[ny * w + nx] || !loose(nx, ny)) continue
        seen[ny * w + nx] = 1
        stack.push(ny * w + nx)
        if (nx < gx0) gx0 = nx
        if (nx > gx1) gx1 = nx
        if (ny < gy0) gy0 = ny
        if (ny > gy1) gy1 = ny
      }
  }
  if (gy1 - gy0 + 1 > MAX_GROWN * side || gx1 - gx0 + 1 > MAX_GROWN * side) return null
  return boxInGrid(x0, y0, { x0: gx0, y0: gy0, x1: gx1, y1: gy1 })
}
