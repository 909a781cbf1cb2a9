/**
 * Per-photo templates as a voter: a page's digits share one font, size and light, so the cells the
 * voters before read confidently become its references, which adapts to any font without training.
 * A digit's score is a cell's best correlation with its templates (never itself), as a softmax.
 */
import type { CellImage } from '../cells/extract-cells'
import { CELL_IMAGE_SIZE } from '../cells/extract-cells'

const SIDE = 20
/** Softmax sharpness: correlations of the same digit are ~0.9, of different digits ~0.3-0.7. */
const SHARPNESS = 12
/** A cell is a template when its label's probability (from the labelling voter) reaches this. */
export const TEMPLATE_MIN_PROB = 0.75
/** Correlation assumed for a digit without a template: a middling match, so a cell matching nothing well stays undecided. */
const UNKNOWN_SCORE = 0.8

/** Mean-removed, unit-length 20x20 ink map of an 80x80 cell image. */
export function features(image: { data: Uint8Array }): Float32Array {
  const f = CELL_IMAGE_SIZE / SIDE
  const out = new Float32Array(SIDE * SIDE)
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      let sum = 0
      for (let dy = 0; dy < f; dy++) for (let dx = 0; dx < f; dx++) sum += 255 - image.data[(y * f + dy) * CELL_IMAGE_SIZE + x * f + dx]
      out[y * SIDE + x] = sum / (f * f * 255)
    }
  const mean = out.reduce((a, b) => a + b, 0) / out.length
  let norm = 0
  for (let i = 0; i < out.length; i++) {
    out[i] -= mean
    norm += out[i] * out[i]
  }
  norm = Math.sqrt(norm) || 1
  for (let i = 0; i < out.length; i++) out[i] /= norm
  return out
}

/** The correlation of two `features` maps (both unit length). */
export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i] * b[i]
  return s
}

/**
 * Per filled cell, 9 probabilities from the photo's own templates; `labels` gives each cell's
 * probabilities from the labelling voter (null = empty). Returns null for empty cells.
 */
export function templateVotes(
  cells: readonly CellImage[],
  labels: readonly (ArrayLike<number> | null)[],
  minProb = TEMPLATE_MIN_PROB,
): (Float32Array | null)[] {
  const feats = cells.map((c) => (c.filled ? features(c.image) : null))
  const templates: { cell: number; digit: number }[] = []
  labels.forEach((p, cell) => {
    if (!p || !feats[cell]) return
    let best = 0
    for (let d = 1; d < 9; d++) if (p[d] > p[best]) best = d
    if (p[best] >= minProb) templates.push({ cell, digit: best + 1 })
  })
  return cells.map((cell, i) => {
    const f = feats[i]
    if (!cell.filled || !f) return null
    const score = new Float64Array(9).fill(Number.NaN)
    for (const t of templates) {
      if (t.cell === i) continue
      const s = dot(f, feats[t.cell]!)
      if (!(s <= score[t.digit - 1])) score[t.digit - 1] = s
    }
    const known = [...score].filter((s) => !Number.isNaN(s))
    if (!known.length) return new Float32Array(9).fill(1 / 9)
    const floor = UNKNOWN_SCORE
    const out = new Float32Array(9)
    let sum = 0
    for (let d = 0; d < 9; d++) sum += out[d] = Math.exp(SHARPNESS * ((Number.isNaN(score[d]) ? floor : score[d]) - 1))
    for (let d = 0; d < 9; d++) out[d] /= sum
    return out
  })
}
