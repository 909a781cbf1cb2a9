/**
 * Step 4: cut the warped grid into 81 normalised cell images and decide, from the image alone,
 * which cells hold a printed digit.
 *
 * Contract (consumed by ocr.ts, templates.ts and the trained classifier):
 *
 *   extractCells(cv, warped, lattice?) -> CellImages
 *
 * - `warped`: the grid warped to a square grey image (warp.ts gives 900x900), white paper, dark ink.
 * - `lattice` (optional): the 10x10 measured line crossings from warp.ts `gridLattice`
 *   (`lattice[row][col]`); each cell is cut between its own four crossings, which follows curved
 *   paper. When absent the cells are the nine equal slices, which is right for flat paper.
 * - Result: `cells[cell]` for cell 0..80 (row-major, as in board.ts), each with
 *   - `filled`: a digit is printed there (decided by size, position and contrast of the ink blob,
 *     never by an OCR engine, so a digit that OCR cannot read still counts as a given);
 *   - `filledScore`: how much evidence of a digit (0 = nothing; `FILLED_THRESHOLD` is the cut);
 *   - `image`: 80x80 grey, white background (255), the dark digit scaled to ~40 px high and centred
 *     on its bounding box; an all-white image for empty cells;
 *   - `box`: the digit's bounding box in warped-image pixels (null when no blob was found).
 *
 * Method (measured on Wicht's photos, see issue 3): subtract the background (a morphological close
 * with a 31 px ellipse removes the strokes and keeps the paper's shading), one Otsu threshold over
 * the whole grid, then per cell strip ~12% of the border, take the largest ink blob near the
 * centre (merging pieces whose boxes overlap it, ignoring pieces that touch the crop edge: those
 * are grid-line remnants), and re-threshold the grey pixels inside its box, because the global
 * threshold thickens or breaks strokes depending on local lighting.
 */
import type { CV } from './cv'
import { withMats } from './cv'
import type { GrayImage, Point } from './image'

export const CELL_IMAGE_SIZE = 80
export const DIGIT_HEIGHT = 40
/** `filledScore` at or above which a cell counts as filled. */
export const FILLED_THRESHOLD = 0.6

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface CellImage {
  readonly filled: boolean
  readonly filledScore: number
  readonly image: GrayImage
  readonly box: Box | null
}

export interface CellImages {
  readonly cells: readonly CellImage[]
  /** The ink mask over the whole warped grid (255 = ink), for debugging output. */
  readonly ink: GrayImage
}

/** Fraction of each cell side stripped before looking for the digit. */
const BORDER = 0.12

export function extractCells(cv: CV, warped: GrayImage, lattice?: readonly (readonly Point[])[]): CellImages {
  const { flat, ink } = flattenAndThreshold(cv, warped)
  const cellW = warped.width / 9
  const cellH = warped.height / 9
  const at = (r: number, c: number): Point => lattice?.[r]?.[c] ?? { x: c * cellW, y: r * cellH }
  const cells: CellImage[] = []
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      // The cell's own measured corners; their mean edges bound the crop.
      const [tl, tr, br, bl] = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)]
      const left = (tl.x + bl.x) / 2
      const right = (tr.x + br.x) / 2
      const top = (tl.y + tr.y) / 2
      const bottom = (bl.y + br.y) / 2
      cells.push(readCell(flat, ink, left, top, right, bottom))
    }
  }
  return { cells, ink }
}

/**
 * Divides the grey image by its closed (background) version, so shadows and uneven lighting
 * become flat white paper, then one Otsu threshold gives the ink mask.
 */
function flattenAndThreshold(cv: CV, warped: GrayImage): { flat: GrayImage; ink: GrayImage } {
  return withMats((own) => {
    const src = own(cv.matFromArray(warped.height, warped.width, cv.CV_8UC1, warped.data))
    // The close runs at a third of the size: the background is smooth, and a 31 px ellipse at
    // full size costs ~2 s in wasm against ~20 ms for an 11 px one at 300x300.
    const small = own(new cv.Mat())
    const smallSize = new cv.Size(Math.max(1, Math.round(warped.width / 3)), Math.max(1, Math.round(warped.height / 3)))
    cv.resize(src, small, smallSize, 0, 0, cv.INTER_AREA)
    const kernelSize = Math.max(3, Math.round((31 * warped.width) / 900 / 3) | 1)
    const kernel = own(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(kernelSize, kernelSize)))
    const closed = own(new cv.Mat())
    cv.morphologyEx(small, closed, cv.MORPH_CLOSE, kernel)
    const background = own(new cv.Mat())
    cv.resize(closed, background, new cv.Size(warped.width, warped.height), 0, 0, cv.INTER_LINEAR)
    const flatMat = own(new cv.Mat())
    cv.divide(src, background, flatMat, 255)
    const inkMat = own(new cv.Mat())
    cv.threshold(flatMat, inkMat, 0, 255, cv.THRESH_BINARY_INV | cv.THRESH_OTSU)
    return {
      flat: { width: warped.width, height: warped.height, data: Uint8Array.from(flatMat.data) },
      ink: { width: warped.width, height: warped.height, data: Uint8Array.from(inkMat.data) },
    }
  })
}

interface Blob {
  x0: number
  y0: number
  x1: number
  y1: number
  area: number
  /** Pixels within the outer band of the crop: grid-line remnants live there. */
  inBand: number
  touchesEdge: boolean
}

/** 8-connected components of a w x h mask (non-zero = ink); `band` is the edge band width. */
export function blobsIn(mask: Uint8Array, w: number, h: number, band: number): Blob[] {
  const label = new Int32Array(w * h).fill(-1)
  const blobs: Blob[] = []
  const stack: number[] = []
  for (let start = 0; start < w * h; start++) {
    if (label[start] >= 0 || !mask[start]) continue
    const sx = start % w
    const sy = (start - sx) / w
    const blob: Blob = { x0: sx, y0: sy, x1: sx, y1: sy, area: 0, inBand: 0, touchesEdge: false }
    const id = blobs.length
    blobs.push(blob)
    label[start] = id
    stack.push(start)
    while (stack.length) {
      const j = stack.pop()!
      const jx = j % w
      const jy = (j - jx) / w
      blob.area++
      if (jx < blob.x0) blob.x0 = jx
      if (jx > blob.x1) blob.x1 = jx
      if (jy < blob.y0) blob.y0 = jy
      if (jy > blob.y1) blob.y1 = jy
      if (jx === 0 || jy === 0 || jx === w - 1 || jy === h - 1) blob.touchesEdge = true
      if (jx < band || jy < band || jx >= w - band || jy >= h - band) blob.inBand++
      for (let dy = -1; dy <= 1; dy++) {
        const ny = jy + dy
        if (ny < 0 || ny >= h) continue
        for (let dx = -1; dx <= 1; dx++) {
          const nx = jx + dx
          if (nx < 0 || nx >= w) continue
          const k = ny * w + nx
          if (label[k] >= 0 || !mask[k]) continue
          label[k] = id
          stack.push(k)
        }
      }
    }
  }
  return blobs
}

/**
 * Erases grid-line ink from a cell crop: rows (columns) in the outer parts of the crop whose ink
 * spans most of the width (height), plus one pixel either side for anti-aliased line edges. This
 * separates a digit printed close to a line from the line, where the global mask joins them.
 */
function eraseLines(mask: Uint8Array, w: number, h: number): void {
  const rowsToClear: number[] = []
  for (let y = 0; y < h; y++) {
    if (y > 0.3 * h && y < 0.7 * h) continue
    let n = 0
    for (let x = 0; x < w; x++) n += mask[y * w + x] ? 1 : 0
    if (n > 0.55 * w) rowsToClear.push(y - 1, y, y + 1)
  }
  const colsToClear: number[] = []
  for (let x = 0; x < w; x++) {
    if (x > 0.3 * w && x < 0.7 * w) continue
    let n = 0
    for (let y = 0; y < h; y++) n += mask[y * w + x] ? 1 : 0
    if (n > 0.55 * h) colsToClear.push(x - 1, x, x + 1)
  }
  for (const y of rowsToClear) if (y >= 0 && y < h) mask.fill(0, y * w, y * w + w)
  for (const x of colsToClear) if (x >= 0 && x < w) for (let y = 0; y < h; y++) mask[y * w + x] = 0
}

/** Fraction of the cell side kept as margin around the crop in which the digit is sought. */
const MARGIN = 0.04

/** Minimum paper-minus-ink difference (flattened grey levels) for the per-cell fallback. */
const LOCAL_CONTRAST = 40

interface DigitBox {
  x0: number
  y0: number
  x1: number
  y1: number
  area: number
}

function readCell(flat: GrayImage, ink: GrayImage, left: number, top: number, right: number, bottom: number): CellImage {
  const side = Math.min(right - left, bottom - top)
  const x0 = Math.max(0, Math.round(left + MARGIN * (right - left)))
  const y0 = Math.max(0, Math.round(top + MARGIN * (bottom - top)))
  const x1 = Math.min(ink.width, Math.round(right - MARGIN * (right - left)))
  const y1 = Math.min(ink.height, Math.round(bottom - MARGIN * (bottom - top)))
  const w = x1 - x0
  const h = y1 - y0
  if (w < 4 || h < 4) return emptyCell(0)
  const mask = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = ink.data[(y + y0) * ink.width + x + x0]
  let box = findDigit(mask, w, h, side)
  if (!box) {
    // Glare or a faint print can leave a digit under the grid-wide threshold: try the cell's own
    // Otsu cut, but only where ink and paper differ clearly (an empty cell's noise does not).
    const histogram = new Uint32Array(256)
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) histogram[flat.data[(y + y0) * flat.width + x + x0]]++
    const cut = otsu(histogram)
    let inkSum = 0
    let inkN = 0
    let paperSum = 0
    for (let i = 0; i < 256; i++) {
      if (i <= cut) {
        inkSum += i * histogram[i]
        inkN += histogram[i]
      } else paperSum += i * histogram[i]
    }
    const paperN = w * h - inkN
    if (inkN && paperN && paperSum / paperN - inkSum / inkN >= LOCAL_CONTRAST) {
      for (let i = 0; i < w * h; i++) mask[i] = flat.data[(Math.floor(i / w) + y0) * flat.width + (i % w) + x0] <= cut ? 255 : 0
      box = findDigit(mask, w, h, side)
    }
  }
  if (!box) return emptyCell(0)

  const bh = box.y1 - box.y0 + 1
  const bw = box.x1 - box.x0 + 1
  // Evidence of a printed digit: tall enough (digits are ~40-70% of the cell) and with enough ink.
  // Scaled so that 1 is a typical small digit; FILLED_THRESHOLD was set from the shared photos
  // (empty cells score at most ~0.45, given digits at least ~0.8).
  const heightScore = bh / (0.28 * side)
  const inkScore = box.area / (0.012 * side * side)
  const filledScore = Math.min(heightScore, inkScore, bw < 2 ? 0 : 2)
  const found: Box = { x: x0 + box.x0, y: y0 + box.y0, width: bw, height: bh }
  if (filledScore < FILLED_THRESHOLD) return { ...emptyCell(filledScore), box: found }
  return { filled: true, filledScore, image: normalise(flat, found), box: found }
}

/** The digit's box in a cell mask (modified: grid lines are erased), or null. */
function findDigit(mask: Uint8Array, w: number, h: number, side: number): DigitBox | null {
  eraseLines(mask, w, h)
  const band = Math.max(1, Math.round((BORDER - MARGIN) * side))
  const blobs = blobsIn(mask, w, h, band)

  // Remnants of grid lines: mostly inside the border band, or long and thin along an edge.
  const isRemnant = (b: Blob): boolean => {
    const bw = b.x1 - b.x0 + 1
    const bh = b.y1 - b.y0 + 1
    if (b.inBand > 0.5 * b.area && b.touchesEdge) return true
    if (bw > 0.6 * w && bh < 0.2 * h) return true
    if (bh > 0.6 * h && bw < 0.12 * w && b.touchesEdge) return true
    return false
  }
  // The digit: the largest piece, not a remnant, whose centre lies near the middle of the cell.
  let best: Blob | null = null
  for (const b of blobs) {
    if (b.area < 0.002 * w * h || isRemnant(b)) continue
    const cx = (b.x0 + b.x1) / 2
    const cy = (b.y0 + b.y1) / 2
    if (Math.abs(cx - w / 2) > w * 0.32 || Math.abs(cy - h / 2) > h * 0.32) continue
    if (!best || b.area > best.area) best = b
  }
  if (!best) return null

  // Merge pieces whose boxes touch the digit's, or overlap it horizontally with a small vertical
  // gap (a 3 or 5 broken at its waist by the threshold).
  const box: DigitBox = { x0: best.x0, y0: best.y0, x1: best.x1, y1: best.y1, area: best.area }
  const merged = new Set<Blob>([best])
  for (let grown = true; grown; ) {
    grown = false
    for (const b of blobs) {
      if (merged.has(b) || b.area < 4 || isRemnant(b)) continue
      const xOverlap = Math.min(b.x1, box.x1) - Math.max(b.x0, box.x0)
      const yGap = Math.max(b.y0 - box.y1, box.y0 - b.y1)
      const xGap = Math.max(b.x0 - box.x1, box.x0 - b.x1)
      if (!(xGap <= 1 && yGap <= 1) && !(xOverlap > 0 && yGap <= 0.1 * side)) continue
      merged.add(b)
      box.x0 = Math.min(box.x0, b.x0)
      box.y0 = Math.min(box.y0, b.y0)
      box.x1 = Math.max(box.x1, b.x1)
      box.y1 = Math.max(box.y1, b.y1)
      box.area += b.area
      grown = true
    }
  }
  return box
}

function emptyCell(filledScore: number): CellImage {
  return {
    filled: false,
    filledScore,
    image: { width: CELL_IMAGE_SIZE, height: CELL_IMAGE_SIZE, data: new Uint8Array(CELL_IMAGE_SIZE * CELL_IMAGE_SIZE).fill(255) },
    box: null,
  }
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
 * Re-thresholds the flattened grey pixels in the digit's box (padded by 2 px) with their own Otsu
 * cut, then scales the ink to DIGIT_HEIGHT (width capped so a wide digit still fits) and centres
 * it on a white CELL_IMAGE_SIZE square. Area-averaged scaling keeps anti-aliased edges.
 */
function normalise(flat: GrayImage, box: Box): GrayImage {
  const pad = 2
  const bx0 = Math.max(0, box.x - pad)
  const by0 = Math.max(0, box.y - pad)
  const bx1 = Math.min(flat.width, box.x + box.width + pad)
  const by1 = Math.min(flat.height, box.y + box.height + pad)
  const histogram = new Uint32Array(256)
  for (let y = by0; y < by1; y++) for (let x = bx0; x < bx1; x++) histogram[flat.data[y * flat.width + x]]++
  const cut = otsu(histogram)
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
  const scale = Math.min(DIGIT_HEIGHT / sh, (CELL_IMAGE_SIZE - 16) / sw)
  const dw = Math.max(1, Math.round(sw * scale))
  const dh = Math.max(1, Math.round(sh * scale))
  const ox = Math.floor((CELL_IMAGE_SIZE - dw) / 2)
  const oy = Math.floor((CELL_IMAGE_SIZE - dh) / 2)
  const out = new Uint8Array(CELL_IMAGE_SIZE * CELL_IMAGE_SIZE).fill(255)
  // Each output pixel averages the binary source over its footprint (box filter), supersampled.
  const S = 3
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
