/**
 * Step 5c: per-photo templates as a voter.
 *
 * Every digit on one printed page comes from the same font, size and lighting, so the cells that
 * Tesseract reads consistently (its set-ups agree, with high confidence) become that photo's
 * references, and every filled cell is compared with them (the Cornell Raspberry Pi reader used
 * stored reference images the same way). This adapts to a newspaper's font without training.
 *
 * Comparison: each cell image is reduced to a 20x20 ink map (mean-removed, unit length); the score
 * for a digit is the best normalised correlation with that digit's templates (a cell is never its
 * own template). Scores become probabilities with a softmax; digits without a template get the
 * floor, so the voter says nothing about them.
 */
import type { CellImage } from '../cells/extract-cells'
import { CELL_IMAGE_SIZE } from '../cells/extract-cells'

const SIDE = 20
/** Softmax sharpness: correlations of the same digit are ~0.9, of different digits ~0.3-0.7. */
const SHARPNESS = 12
/** A cell is a template when its label's probability (from the labelling voter) reaches this. */
export const TEMPLATE_MIN_PROB = 0.75
/** Correlation assumed for digits without a template (same digit ~0.9, others lower). */
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
    // A digit with no template scores as a middling match: a cell that matches no template well
    // is then left undecided among the digits the photo has no reference for.
    const floor = UNKNOWN_SCORE
    const out = new Float32Array(9)
    let sum = 0
    for (let d = 0; d < 9; d++) sum += out[d] = Math.exp(SHARPNESS * ((Number.isNaN(score[d]) ? floor : score[d]) - 1))
    for (let d = 0; d < 9; d++) out[d] /= sum
    return out
  })
}
