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
 * threshold thickens or breaks strokes depending on local lighting. Cells left empty get a second
 * look for faint digits (glare, faded print), judged against the cell's own paper noise and grid
 * lines and against the digits found on the page (see `readFaintCell`).
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
  /** The warped grid divided by its paper's shading (paper ~255, clipped): what cells are cut from. */
  readonly flat: GrayImage
  /** Each cell's edges in warped pixels (the means of its measured corners), row-major. */
  readonly bounds: readonly CellBounds[]
}

/** Fraction of each cell side stripped before looking for the digit. */
const BORDER = 0.12

export function extractCells(cv: CV, warped: GrayImage, lattice?: readonly (readonly Point[])[]): CellImages {
  const { flat, ink, inkCut, level } = flattenAndThreshold(cv, warped)
  const cellW = warped.width / 9
  const cellH = warped.height / 9
  const at = (r: number, c: number): Point => lattice?.[r]?.[c] ?? { x: c * cellW, y: r * cellH }
  const cells: CellImage[] = []
  const bounds: CellBounds[] = []
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      // The cell's own measured corners; their mean edges bound the crop.
      const [tl, tr, br, bl] = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)]
      const left = (tl.x + bl.x) / 2
      const right = (tr.x + br.x) / 2
      const top = (tl.y + tr.y) / 2
      const bottom = (bl.y + br.y) / 2
      bounds.push({ left, top, right, bottom })
      cells.push(readCell(flat, ink, inkCut, bounds[bounds.length - 1]))
    }
  }
  // Second look, only where the first found no digit: faint print (glare, fading) judged against
  // the cell's own paper and grid lines and against the size of the digits found on this page.
  const page = pageInk(level, cells, bounds)
  if (page) {
    for (let i = 0; i < cells.length; i++) {
      if (cells[i].filled) continue
      const faint = readFaintCell(level, flat, bounds[i], page)
      if (faint && faint.filledScore > cells[i].filledScore) cells[i] = faint
    }
  }
  return { cells, ink, flat, bounds }
}

/**
 * Divides the grey image by its closed (background) version, so shadows and uneven lighting
 * become flat white paper, then one Otsu threshold gives the ink mask.
 */
function flattenAndThreshold(cv: CV, warped: GrayImage): { flat: GrayImage; ink: GrayImage; inkCut: number; level: LevelImage } {
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
    const inkCut = cv.threshold(flatMat, inkMat, 0, 255, cv.THRESH_BINARY_INV | cv.THRESH_OTSU)
    // The same division without the 255 clip (bright paper varies above the background too),
    // 3x3-smoothed so that single noisy pixels do not break faint strokes: for readFaintCell.
    const src32 = own(new cv.Mat())
    src.convertTo(src32, cv.CV_32F, 255)
    const background32 = own(new cv.Mat())
    background.convertTo(background32, cv.CV_32F, 1, 1)
    const ratio = own(new cv.Mat())
    cv.divide(src32, background32, ratio)
    const level = own(new cv.Mat())
    cv.blur(ratio, level, new cv.Size(3, 3), new cv.Point(-1, -1), cv.BORDER_REPLICATE)
    return {
      flat: { width: warped.width, height: warped.height, data: Uint8Array.from(flatMat.data) },
      ink: { width: warped.width, height: warped.height, data: Uint8Array.from(inkMat.data) },
      inkCut,
      level: { width: warped.width, height: warped.height, data: Float32Array.from(level.data32F) },
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
export function eraseLines(mask: Uint8Array, w: number, h: number): void {
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

/** The faint-digit test's limits (see `readFaintCell`). */
const NOISE_FLOOR = 2
const FAINT_CNR = 6
const FAINT_LINE_RATIO = 0.5
const DIGIT_HEIGHT_RANGE = [0.7, 1.3] as const
/** Digits the first look must find on a page before faint ones are judged against them. */
const MIN_PAGE_DIGITS = 3
/** Histogram bins (quarter grey levels) for the flattened grey, which may exceed 255. */
const LEVEL_BINS = 4 * 512

/** The background-divided grey (paper ~255, unclipped), smoothed; see flattenAndThreshold. */
interface LevelImage {
  readonly width: number
  readonly height: number
  readonly data: Float32Array
}

/** A cell's edges in warped pixels (the means of its measured corners). */
export interface CellBounds {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

interface DigitBox {
  x0: number
  y0: number
  x1: number
  y1: number
  area: number
}

/** Where a cell's digit is sought: the cell less MARGIN on each side, clipped to the image. */
interface CellCrop {
  /** The cell's shorter side, in warped pixels. */
  readonly side: number
  readonly x0: number
  readonly y0: number
  readonly w: number
  readonly h: number
  /** Width of the crop's outer band, where grid lines run. */
  readonly band: number
}

function cellCrop(cell: CellBounds, width: number, height: number): CellCrop {
  const { left, top, right, bottom } = cell
  const side = Math.min(right - left, bottom - top)
  const x0 = Math.max(0, Math.round(left + MARGIN * (right - left)))
  const y0 = Math.max(0, Math.round(top + MARGIN * (bottom - top)))
  const x1 = Math.min(width, Math.round(right - MARGIN * (right - left)))
  const y1 = Math.min(height, Math.round(bottom - MARGIN * (bottom - top)))
  return { side, x0, y0, w: x1 - x0, h: y1 - y0, band: Math.max(1, Math.round((BORDER - MARGIN) * side)) }
}

function readCell(flat: GrayImage, ink: GrayImage, inkCut: number, cell: CellBounds): CellImage {
  const crop = cellCrop(cell, ink.width, ink.height)
  const { side, x0, y0, w, h } = crop
  if (w < 4 || h < 4) return emptyCell(0)
  const mask = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = ink.data[(y + y0) * ink.width + x + x0]
  const box = findDigit(mask, w, h, side)
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
  // Only where what the cut kept is a lone stem (a ")" left of a 9) is the digit grown along its
  // faint strokes, and used only if they more than double its width: blur widens every box a
  // little, and re-cutting ordinary digits looser than the crops the classifier learnt from costs
  // more than it gains.
  if (bw < 0.45 * bh) {
    // 70% of the way from the ink cut to white paper, but never within 4 noise deviations of this
    // cell's paper: in dim, noisy light the paper's own speckle would otherwise grow a 1 into a blot.
    const looseCut = Math.min(inkCut + 0.7 * (255 - inkCut), paperBelow(flat, mask, crop, 4))
    const whole = wholeDigit(flat, mask, crop, box, looseCut)
    // The faint strokes must also be drawn: the crop's own Otsu cut would split the thick strokes
    // from everything else and drop them again.
    if (whole && whole.width > 2 * bw) return { filled: true, filledScore, image: normalise(flat, whole, looseCut), box: found }
  }
  return { filled: true, filledScore, image: normalise(flat, found), box: found }
}

/**
 * A cell's paper level less `k` deviations of its noise, both robust (median, and 1.4826 x the
 * median absolute deviation) over the crop inside the border band, ink left out: the faint strokes
 * being sought are too few pixels to move either.
 */
function paperBelow(flat: GrayImage, mask: Uint8Array, crop: CellCrop, k: number): number {
  const { x0, y0, w, h, band } = crop
  const histogram = new Uint32Array(256)
  let n = 0
  for (let y = band; y < h - band; y++)
    for (let x = band; x < w - band; x++) if (!mask[y * w + x]) (histogram[flat.data[(y + y0) * flat.width + x + x0]]++, n++)
  const quantile = (hist: Uint32Array, q: number): number => {
    for (let v = 0, seen = 0; v < hist.length; v++) if ((seen += hist[v]) > q * n) return v
    return hist.length - 1
  }
  const median = quantile(histogram, 0.5)
  const deviations = new Uint32Array(256)
  for (let v = 0; v < 256; v++) deviations[Math.abs(v - median)] += histogram[v]
  return median - k * 1.4826 * Math.max(1, quantile(deviations, 0.5))
}

/**
 * The digit's box grown along its fainter strokes (hysteresis): from the pieces above the grid-wide
 * Otsu cut, through connected pixels darker than `looseCut` (70% of the way to white paper). A typeface
 * with hairlines (Didone serifs: the bar of a 7, the tail of a 9) or a blurred print loses those
 * strokes under the one cut, and the crop would keep only a ")" of a 9. Growth stays out of the
 * cell's border band, where grid lines run, and a box grown taller than a digit can be (it ran
 * into something) is not used. Only the crop changes: whether the cell is filled was decided above.
 */
function wholeDigit(flat: GrayImage, mask: Uint8Array, crop: CellCrop, box: DigitBox, looseCut: number): Box | null {
  const { side, x0, y0, w, h, band } = crop
  const loose = (x: number, y: number): boolean => flat.data[(y + y0) * flat.width + x + x0] <= looseCut
  const seen = new Uint8Array(w * h)
  const stack: number[] = []
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0; x <= box.x1; x++) if (mask[y * w + x]) (seen[y * w + x] = 1), stack.push(y * w + x)
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
  if (gy1 - gy0 + 1 > 0.8 * side || gx1 - gx0 + 1 > 0.8 * side) return null
  return { x: x0 + gx0, y: y0 + gy0, width: gx1 - gx0 + 1, height: gy1 - gy0 + 1 }
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
 * cut (or `fixedCut`, for a digit whose faint strokes the box was grown to take in), then scales the ink to DIGIT_HEIGHT (width capped so a wide digit still fits) and centres
 * it on a white CELL_IMAGE_SIZE square. Area-averaged scaling keeps anti-aliased edges.
 */
export function normalise(flat: GrayImage, box: Box, fixedCut?: number): GrayImage {
  const pad = 2
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

/**
 * The second look, for faint digits. The first look (one Otsu cut over the whole grid) loses a
 * digit whose ink is only ~20 grey levels darker than the paper, as under glare or on faded
 * print. Lowering a contrast threshold would let in everything else that is faintly dark on a
 * page, so a faint candidate must pass three tests, each judged against the cell itself or
 * against the digits the first look found on the same page:
 *
 * 1. Contrast to noise: the blob's mean darkness below the paper, over the paper's own variation
 *    in that cell (the brighter half's RMS deviation from the median, which ink cannot inflate),
 *    at least FAINT_CNR. Paper texture, speckle and JPEG noise fail this. The noise is floored at
 *    NOISE_FLOOR grey levels: overexposed paper clips to one level and JPEG flattens smooth areas,
 *    which would otherwise make any smooth few-level dip look significant.
 * 2. Contrast for the lighting: glare, shadow or fading dim a digit and the grid lines round it
 *    alike (same ink, same light), so a digit's darkness over its own cell's line depth is about
 *    the same everywhere on a page. The candidate's ratio must be at least FAINT_LINE_RATIO of
 *    the median ratio of the page's found digits. On Wicht's photos givens measure ~1 (1% below
 *    ~0.5, on crumpled paper whose faint lines vary), the glare 7s ~0.95; show-through from the
 *    other side of newsprint, pencil traces and stains are not printed in the page's ink and
 *    are far lighter than the crisp lines beside them (95% of empty cells' blobs below 0.2).
 * 3. Size: a Sudoku prints all its givens in one font, so the candidate's height must be within
 *    DIGIT_HEIGHT_RANGE of the median height of the found digits. Specks, smudges and creases are
 *    rarely digit-sized; grid-line remnants are removed as in the first look. This is the test
 *    that holds off grey smudges on crumpled paper, which are as dark as print (image1045).
 *
 * The blob comes from a cut halfway between the paper and the darkest 1% of the cell's middle
 * (never closer to the paper than 4x the noise), on the background-divided grey without the 255
 * clip, smoothed 3x3 so that single noisy pixels do not break strokes. Each test is scaled so
 * that 1 is its limit; the faint score is the smallest of them and of the first look's size
 * tests, reported as FILLED_THRESHOLD x score so that one cut serves both looks. Measured on
 * Wicht's 160 training photos (grids as detected): empty cells reach at most 0.74 (smudges on
 * image1045, held by tests 2 and 3), the glare 7s of image71 and image195 1.23 and 1.35 (limited
 * by test 3: their faint blob is slightly taller than the page's median digit).
 */
function readFaintCell(level: LevelImage, flat: GrayImage, cell: CellBounds, page: PageInk): CellImage | null {
  const at = cellLevels(level, cell)
  if (!at) return null
  const { x0, y0, w, h, side, paper, noise, cut } = at
  // A blob's mean darkness cannot pass test 1 unless some pixel in the middle of the cell is at
  // least that dark; most empty cells stop here, before the costlier blob search.
  if (at.darkest > paper - FAINT_CNR * noise) return null
  const mask = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = levelAt(at, x, y) < cut ? 255 : 0
  const box = findDigit(mask, w, h, side)
  if (!box) return null
  const contrast = meanDarkness(at, box)
  const bh = box.y1 - box.y0 + 1
  const bw = box.x1 - box.x0 + 1
  const relativeHeight = bh / page.digitHeight
  const score = Math.min(
    contrast / noise / FAINT_CNR,
    contrast / Math.max(1, lineDepth(level, cell, paper) * page.inkToLines) / FAINT_LINE_RATIO,
    relativeHeight / DIGIT_HEIGHT_RANGE[0],
    DIGIT_HEIGHT_RANGE[1] / relativeHeight,
    bh / (0.28 * side) / FILLED_THRESHOLD,
    box.area / (0.012 * side * side) / FILLED_THRESHOLD,
    bw < 2 ? 0 : 2,
  )
  const filledScore = FILLED_THRESHOLD * score
  const found: Box = { x: x0 + box.x0, y: y0 + box.y0, width: bw, height: bh }
  if (filledScore < FILLED_THRESHOLD) return { ...emptyCell(filledScore), box: found }
  return { filled: true, filledScore, image: normalise(flat, found), box: found }
}


/** What the digits found on a page look like, to judge faint candidates by. */
interface PageInk {
  /** Median height of the found digits' boxes (pixels). */
  readonly digitHeight: number
  /** Median over the found digits of their darkness over their own cell's grid-line depth. */
  readonly inkToLines: number
}

function pageInk(level: LevelImage, cells: readonly CellImage[], bounds: readonly CellBounds[]): PageInk | null {
  const heights: number[] = []
  const ratios: number[] = []
  cells.forEach((c, i) => {
    if (!c.filled || !c.box) return
    heights.push(c.box.height)
    const at = cellLevels(level, bounds[i])
    if (!at) return
    const box = { x0: c.box.x - at.x0, y0: c.box.y - at.y0, x1: c.box.x - at.x0 + c.box.width - 1, y1: c.box.y - at.y0 + c.box.height - 1 }
    ratios.push(meanDarkness(at, box) / Math.max(1, lineDepth(level, bounds[i], at.paper)))
  })
  if (heights.length < MIN_PAGE_DIGITS || !ratios.length) return null
  const median = (v: number[]): number => v.sort((a, b) => a - b)[v.length >> 1]
  return { digitHeight: median(heights), inkToLines: median(ratios) }
}

/** A cell's crop of the level image (a view, not a copy) with its paper statistics. */
interface CellLevels {
  readonly x0: number
  readonly y0: number
  readonly w: number
  readonly h: number
  readonly side: number
  readonly level: LevelImage
  readonly paper: number
  readonly noise: number
  /** The darkest level in the middle of the cell. */
  readonly darkest: number
  /** Pixels darker than this are the candidate's ink. */
  readonly cut: number
}

/** Crop pixel (x, y) of a CellLevels, read from the level image. */
const levelAt = (at: CellLevels, x: number, y: number): number => at.level.data[(at.y0 + y) * at.level.width + at.x0 + x]

function cellLevels(level: LevelImage, cell: CellBounds): CellLevels | null {
  const { side, x0, y0, w, h, band } = cellCrop(cell, level.width, level.height)
  const [x1, y1] = [x0 + w, y0 + h]
  if (w < 2 * band + 4 || h < 2 * band + 4) return null
  const { data, width } = level

  // Paper level and noise from the inner part of the cell, away from the grid lines: the median,
  // 1st percentile and minimum from a histogram in quarter grey levels, then the brighter half's
  // RMS deviation from the median.
  const bins = new Uint32Array(LEVEL_BINS)
  for (let y = y0 + band; y < y1 - band; y++)
    for (let x = x0 + band; x < x1 - band; x++) {
      const b = (data[y * width + x] * 4 + 0.5) | 0
      bins[b < 0 ? 0 : b >= LEVEL_BINS ? LEVEL_BINS - 1 : b]++
    }
  const count = (w - 2 * band) * (h - 2 * band)
  let darkest = -1
  let percentile1 = -1
  let paper = -1
  for (let b = 0, seen = 0; paper < 0; b++) {
    seen += bins[b]
    if (darkest < 0 && seen > 0) darkest = b / 4
    if (percentile1 < 0 && seen > 0.01 * count) percentile1 = b / 4
    if (seen > 0.5 * count || b === LEVEL_BINS - 1) paper = b / 4
  }
  let squares = 0
  let brighter = 0
  for (let y = y0 + band; y < y1 - band; y++)
    for (let x = x0 + band; x < x1 - band; x++) {
      const d = data[y * width + x] - paper
      if (d < 0) continue
      squares += d * d
      brighter++
    }
  const noise = Math.max(NOISE_FLOOR, Math.sqrt(squares / Math.max(1, brighter)))
  const cut = paper - Math.max(4 * noise, 0.5 * (paper - percentile1))
  return { x0, y0, w, h, side, level, paper, noise, darkest, cut }
}

/** Mean darkness below the paper of the pixels under the cut inside a box (crop coordinates). */
function meanDarkness(at: CellLevels, box: { x0: number; y0: number; x1: number; y1: number }): number {
  let darkness = 0
  let n = 0
  for (let y = Math.max(0, box.y0); y <= Math.min(at.h - 1, box.y1); y++)
    for (let x = Math.max(0, box.x0); x <= Math.min(at.w - 1, box.x1); x++) {
      const v = levelAt(at, x, y)
      if (v >= at.cut) continue
      darkness += at.paper - v
      n++
    }
  return darkness / Math.max(1, n)
}

/**
 * How much darker than `paper` the cell's grid lines are: per side, the darkest mean profile
 * across the line (over the middle 60% of the side, within 12% of a cell of the lattice line);
 * the mean of the middle two of the four sides, so one bold box line or one broken line does
 * not decide it.
 */
function lineDepth(level: LevelImage, cell: CellBounds, paper: number): number {
  const { width, data } = level
  const { left, top, right, bottom } = cell
  const side = Math.min(right - left, bottom - top)
  const reach = Math.round(0.12 * side)
  const sideDepth = (horizontal: boolean, at: number, from: number, to: number): number => {
    const [acrossLimit, alongLimit] = horizontal ? [level.height, level.width] : [level.width, level.height]
    const a = Math.max(0, Math.round(from + 0.2 * (to - from)))
    const b = Math.min(alongLimit, Math.round(to - 0.2 * (to - from)))
    if (b <= a) return 0
    let darkest = Infinity
    for (let o = -reach; o <= reach; o++) {
      const across = Math.round(at) + o
      if (across < 0 || across >= acrossLimit) continue
      let sum = 0
      if (horizontal) for (let t = a; t < b; t++) sum += data[across * width + t]
      else for (let t = a; t < b; t++) sum += data[t * width + across]
      darkest = Math.min(darkest, sum / (b - a))
    }
    return darkest === Infinity ? 0 : paper - darkest
  }
  const depths = [
    sideDepth(true, top, left, right),
    sideDepth(true, bottom, left, right),
    sideDepth(false, left, top, bottom),
    sideDepth(false, right, top, bottom),
  ].sort((p, q) => p - q)
  return (depths[1] + depths[2]) / 2
}
