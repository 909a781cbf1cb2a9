/** A cell's digit re-cut in its own box, scaled and centred on a white square: the image every voter reads. */
import type { Box, CellImage } from './extract-cells'
import type { GrayImage } from '../core/image'

/** Side of every cell image the voters read. */
export const CELL_IMAGE_SIZE = 80
/** Height the digit is scaled to in the cell image. */
export const DIGIT_HEIGHT = 40
/** Pixels the digit's box is padded by for its own cut. */
const BOX_PAD = 2
/** A wide digit is scaled down to leave at least 8 px of white either side. */
const SIDE_MARGIN = 16
/** Supersampling per output pixel, per axis. */
const SUPERSAMPLE = 3

/** An empty cell: an all-white image. */
export function emptyCell(filledScore: number): CellImage {
  return {
    filled: false,
    filledScore,
    image: { width: CELL_IMAGE_SIZE, height: CELL_IMAGE_SIZE, data: new Uint8Array(CELL_IMAGE_SIZE * CELL_IMAGE_SIZE).fill(255) },
    box: null,
    whole: null,
  }
}

/** The least bin below which more than q × `total` of a histogram's values lie (else the last). */
export function histogramQuantile(histogram: ArrayLike<number>, total: number, q: number): number {
  for (let v = 0, seen = 0; v < histogram.length; v++) if ((seen += histogram[v]) > q * total) return v
  return histogram.length - 1
}

/** Otsu's threshold over a histogram of 256 bins. */
export function otsu(histogram: ArrayLike<number>): number {
  let total = 0
  let sum = 0
  for (let i = 0; i < 256; i++) {
    total += histogram[i]
    sum += i * histogram[i]
  }
  let sumB = 0
  let wB = 0
  let best = 0
  let bestT = 127
  for (let t = 0; t < 256; t++) {
    wB += histogram[t]
    if (!wB) continue
    const wF = total - wB
    if (!wF) break
    sumB += t * histogram[t]
    const mB = sumB / wB
    const mF = (sum - sumB) / wF
    const between = wB * wF * (mB - mF) * (mB - mF)
    if (between > best) [best, bestT] = [between, t]
  }
  return bestT
}

/**
 * Re-cuts the digit's box at its own Otsu cut (or `fixedCut`), as the grid-wide cut thickens or breaks
 * strokes with the local light; then scales the ink to DIGIT_HEIGHT and centres it, area-averaged.
 */
export function normalise(flat: GrayImage, box: Box, fixedCut?: number): GrayImage {
  const pad = BOX_PAD
  const bx0 = Math.max(0, box.x - pad)
  const by0 = Math.max(0, box.y - pad)
  const bx1 = Math.min(flat.width, box.x + box.width + pad)
  const by1 = Math.min(flat.height, box.y + box.height + pad)
  const histogram = new Uint32Array(256)
  for (let y = by0; y < by1; y++) for (let x = bx0; x < bx1; x++) histogram[flat.data[y * flat.width + x]]++
  const cut = fixedCut ?? otsu(histogram)
  // Tight box of the re-thresholded ink inside the digit's box.
  let tx0 = box.x + box.width
  let ty0 = box.y + box.height
  let tx1 = box.x - 1
  let ty1 = box.y - 1
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      if (flat.data[y * flat.width + x] > cut) continue
      if (x < tx0) tx0 = x
      if (x > tx1) tx1 = x
      if (y < ty0) ty0 = y
      if (y > ty1) ty1 = y
    }
  }
  if (tx1 < tx0) [tx0, ty0, tx1, ty1] = [box.x, box.y, box.x + box.width - 1, box.y + box.height - 1]
  const sw = tx1 - tx0 + 1
  const sh = ty1 - ty0 + 1
  const scale = Math.min(DIGIT_HEIGHT / sh, (CELL_IMAGE_SIZE - SIDE_MARGIN) / sw)
  const dw = Math.max(1, Math.round(sw * scale))
  const dh = Math.max(1, Math.round(sh * scale))
  const ox = Math.floor((CELL_IMAGE_SIZE - dw) / 2)
  const oy = Math.floor((CELL_IMAGE_SIZE - dh) / 2)
  const out = new Uint8Array(CELL_IMAGE_SIZE * CELL_IMAGE_SIZE).fill(255)
  // Each output pixel averages the cut source over its footprint, supersampled.
  const S = SUPERSAMPLE
  for (let y = 0; y < dh; y++) {
    for (let x = 0; x < dw; x++) {
      let inked = 0
      for (let sy = 0; sy < S; sy++) {
        const syy = Math.min(ty1, ty0 + Math.floor(((y + (sy + 0.5) / S) * sh) / dh))
        for (let sx = 0; sx < S; sx++) {
          const sxx = Math.min(tx1, tx0 + Math.floor(((x + (sx + 0.5) / S) * sw) / dw))
          if (flat.data[syy * flat.width + sxx] <= cut) inked++
        }
      }
      out[(oy + y) * CELL_IMAGE_SIZE + ox + x] = Math.round(255 * (1 - inked / (S * S)))
    }
  }
  return { width: CELL_IMAGE_SIZE, height: CELL_IMAGE_SIZE, data: out }
}
