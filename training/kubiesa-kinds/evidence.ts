/**
 * Step 2: per photo, the evidence about each digit cell (label 1-9) that tells print from
 * handwriting, measured on the cells the app itself cuts (core/gray.ts, warp.ts `gridLattice`, cells.ts
 * `extractCells`) from the cached colour warp (warp.ts in this folder).
 *
 * Every measure is on the cell's digit box as cells.ts found it; ink = box pixels of the flattened
 * grey darker than the box's own Otsu cut.
 */
import type { PenPhoto } from '../../datasets/kubiesa'
import { MARKS_LABEL } from '../../datasets/kubiesa'
import { type CellImage, extractCells } from '../../src/shared/vision/cells/extract-cells'
import type { DigitClassifier } from '../../src/shared/vision/digits/classifier'
import type { CV } from '../../src/shared/vision/core/cv'
import { toGray } from '../../src/shared/vision/core/gray'
import type { GrayImage, RgbaImage } from '../../src/shared/vision/core/image'
import { features } from '../../src/shared/vision/digits/templates'
import { gridLattice } from '../../src/shared/vision/grid/warp'

export interface CellEvidence {
  readonly cell: number
  readonly digit: number
  /** cells.ts found a digit blob; without one the other measures are 0. */
  readonly found: boolean
  /** The shipped printed-digit classifier's probability of the label digit. */
  readonly classifier: number
  /** digits/templates.ts's 20x20 ink map, for comparing cells with each other. */
  readonly shape: Float32Array
  /** Box height over the cell's side. */
  readonly height: number
  /** Box centre's offset from the cell centre, over the cell's side (x, y). */
  readonly dx: number
  readonly dy: number
  /** 1 - flat grey of the darkest quarter of the ink (0 paper, 1 black). */
  readonly darkness: number
  /** Ink's blueness: (absorbance of red - absorbance of blue) over the mean absorbance, vs the cell's paper. */
  readonly blue: number
  /** Mean stroke width (2 x ink area / ink outline length) over the box height. */
  readonly stroke: number
}

export interface PhotoEvidence {
  readonly photo: PenPhoto
  readonly cells: CellEvidence[]
}

export function photoEvidence(cv: CV, photo: PenPhoto, warped: RgbaImage, classifier: DigitClassifier): PhotoEvidence {
  const gray = toGray(warped)
  const { cells, flat, bounds } = extractCells(cv, gray, gridLattice(gray))
  const out: CellEvidence[] = []
  photo.labels.forEach((digit, cell) => {
    if (digit === 0 || digit === MARKS_LABEL) return
    out.push(measure(cell, digit, cells[cell], flat, warped, bounds[cell], classifier))
  })
  return { photo, cells: out }
}

function measure(
  cell: number,
  digit: number,
  image: CellImage,
  flat: GrayImage,
  rgba: RgbaImage,
  bound: { left: number; top: number; right: number; bottom: number },
  classifier: DigitClassifier,
): CellEvidence {
  const box = image.box
  if (!box) return { cell, digit, found: false, classifier: 0, shape: new Float32Array(400), height: 0, dx: 0, dy: 0, darkness: 0, blue: 0, stroke: 0 }
  const side = Math.min(bound.right - bound.left, bound.bottom - bound.top)
  const values: number[] = []
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) values.push(flat.data[y * flat.width + x])
  const cut = otsu(values)
  const inkAt = (x: number, y: number): boolean =>
    x >= box.x && y >= box.y && x < box.x + box.width && y < box.y + box.height && flat.data[y * flat.width + x] <= cut
  // Ink pixels, their outline, and the darkest quarter for tone and colour.
  const ink: { x: number; y: number; v: number }[] = []
  let outline = 0
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      if (!inkAt(x, y)) continue
      ink.push({ x, y, v: flat.data[y * flat.width + x] })
      if (!inkAt(x - 1, y) || !inkAt(x + 1, y) || !inkAt(x, y - 1) || !inkAt(x, y + 1)) outline++
    }
  ink.sort((a, b) => a.v - b.v)
  const core = ink.slice(0, Math.max(1, ink.length >> 2))
  const darkness = 1 - core.reduce((s, p) => s + p.v, 0) / core.length / 255
  return {
    cell,
    digit,
    found: true,
    classifier: classifier.classify(image.image).probs[digit - 1],
    shape: features(image.image),
    height: box.height / side,
    dx: (box.x + box.width / 2 - (bound.left + bound.right) / 2) / side,
    dy: (box.y + box.height / 2 - (bound.top + bound.bottom) / 2) / side,
    darkness,
    blue: blueness(rgba, core, paperColour(rgba, flat, bound, cut)),
    stroke: (2 * ink.length) / Math.max(1, outline) / box.height,
  }
}

/** Median colour of the cell's paper: the inner cell's pixels lighter than the ink cut. */
function paperColour(rgba: RgbaImage, flat: GrayImage, b: { left: number; top: number; right: number; bottom: number }, cut: number): number[] {
  const channels: number[][] = [[], [], []]
  const inset = 0.15 * (b.right - b.left)
  for (let y = Math.round(b.top + inset); y < b.bottom - inset; y++)
    for (let x = Math.round(b.left + inset); x < b.right - inset; x++) {
      if (flat.data[y * flat.width + x] <= cut) continue
      for (let c = 0; c < 3; c++) channels[c].push(rgba.data[4 * (y * rgba.width + x) + c])
    }
  return channels.map((v) => (v.sort((p, q) => p - q)[v.length >> 1] ?? 255) || 1)
}

function blueness(rgba: RgbaImage, core: readonly { x: number; y: number }[], paper: readonly number[]): number {
  const absorbance = [0, 0, 0]
  for (const { x, y } of core) for (let c = 0; c < 3; c++) absorbance[c] += Math.log(paper[c] / Math.max(1, rgba.data[4 * (y * rgba.width + x) + c]))
  const mean = (absorbance[0] + absorbance[1] + absorbance[2]) / 3
  return mean > 0 ? (absorbance[0] - absorbance[2]) / mean : 0
}

function otsu(values: readonly number[]): number {
  const hist = new Float64Array(256)
  for (const v of values) hist[v]++
  const total = values.length
  let sum = 0
  for (let i = 0; i < 256; i++) sum += i * hist[i]
  let [sumB, weightB, best, cut] = [0, 0, -1, 127]
  for (let t = 0; t < 256; t++) {
    weightB += hist[t]
    if (!weightB || weightB === total) continue
    sumB += t * hist[t]
    const mB = sumB / weightB
    const mF = (sum - sumB) / (total - weightB)
    const between = weightB * (total - weightB) * (mB - mF) ** 2
    if (between > best) [best, cut] = [between, t]
  }
  return cut
}
