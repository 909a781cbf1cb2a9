/**
 * The hairline growth: a digit whose first-look ink is a lone stem (the grid-wide cut kept only
 * the thick strokes of a high-contrast serif face: a ")" of a 9) or pieces of a light pen stroke
 * is grown along its fainter connected strokes and drawn at a looser cut.
 */
import { boxInGrid, type CellCrop } from './crop'
import type { DigitBox } from './blobs'
import { histogramQuantile } from './normalise'
import type { Box } from './extract-cells'
import type { GrayImage } from '../core/image'

/**
 * What the first look kept is a lone stem when under 0.45 of its height wide; the grown digit is
 * used only if it is more than twice as wide: blur widens every box a little, and re-cutting
 * ordinary digits looser than the crops the classifier learnt from costs more than it gains.
 * Chosen by hand with the rule (bench:styles' thin-serif cells 95.7% -> 98.8%, all its cells
 * 99.52% -> 99.86%; bench:read unchanged).
 */
export const STEM_WIDTH = 0.45
export const GROWN_WIDTH = 2
/**
 * Any other digit is drawn grown when that makes its box more than 1.5 times as tall or as wide: the
 * cut kept pieces of a light stroke (a pen or pencil entry lighter than print: the lower bowl of a
 * 3, a blob of a 2). Blur grows a whole digit by a few pixels a side, which must not redraw it: the
 * printed voters learnt the digits as first cut. Counted on every other photo: the rule redraws 8
 * of 2,199 printed digits on Wicht's photos (by area over 1.3 instead: 1,057, and bench:read fell
 * from 160/160 to 128/160 grids) and 75 of 2,126 digits on the pen val photos; there, written
 * entries' digits read right 96.1% -> 97.8% (1.3: 97.9%, 1.7: 97.7%).
 */
export const GROWN_SIDE = 1.5
/** The loose cut: 70% of the way from the grid-wide ink cut to white paper. Chosen by hand, as above. */
export const LOOSE_CUT = 0.7
/**
 * ...but never within 4 robust noise deviations of the cell's paper: without this bound, dim
 * noisy light (bench:styles' low-light pages) grew a 1 into a blot.
 */
export const PAPER_NOISE_DEVIATIONS = 4
/** A grown box taller or wider than 80% of the cell ran into something else, and is not used. Chosen by hand. */
const MAX_GROWN = 0.8

/**
 * A cell's paper level less `k` deviations of its noise, both robust (median, and 1.4826 x the
 * median absolute deviation) over the crop inside the border band, ink left out: the faint strokes
 * being sought are too few pixels to move either.
 */
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

/**
 * The digit's box grown along its fainter strokes (hysteresis): from the pieces above the grid-wide
 * Otsu cut, through connected pixels darker than `looseCut` (70% of the way to white paper). A typeface
 * with hairlines (Didone serifs: the bar of a 7, the tail of a 9) or a blurred print loses those
 * strokes under the one cut, and the crop would keep only a ")" of a 9. Growth stays out of the
 * cell's border band, where grid lines run, and a box grown taller than a digit can be (it ran
 * into something) is not used. Only the crop changes: whether the cell is filled was decided above.
 */
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
