/**
 * Step 3: how closely each digit cell matches the newspaper's font.
 *
 * All 40 puzzles come from one publication, so every printed digit of one value is the same
 * glyph: on digits/templates.ts's 20x20 ink maps, printed copies correlate at 0.98-1.00 with their digit's
 * mean over the data set, handwriting mostly below 0.9 (measured on both splits). The mean (the
 * "prototype") is bootstrapped without knowing which cells are printed: first from the cells the
 * shipped printed-digit classifier is sure of (which still includes neat handwriting), then
 * again from the cells that match that first mean well, which leaves out handwriting.
 */
import type { CellEvidence } from './evidence'

/** Classifier probability of the label digit to seed the first prototype (print: 0.91 at its 5th percentile; handwriting: median 0.68). */
const SEED_CLASSIFIER = 0.9
/** Match to the first prototype for a cell to build the second one from (between the modes, 0.9-0.98). */
const REFINE_MATCH = 0.95

/** All photos of one puzzle cell (same paper, so the same ink). */
export interface CellViews {
  readonly puzzle: string
  readonly cell: number
  readonly digit: number
  readonly views: CellEvidence[]
}

export const median = (values: readonly number[]): number => {
  const v = [...values].sort((a, b) => a - b)
  return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2
}

/** Normalised mean ink map per digit (index digit - 1) over the views of the chosen cells. */
function prototypes(cells: readonly CellViews[], chosen: (c: CellViews, i: number) => boolean): Float32Array[] {
  const sums = Array.from({ length: 9 }, () => new Float32Array(400))
  for (const [i, c] of cells.entries()) if (chosen(c, i)) for (const v of c.views) v.shape.forEach((x, i) => (sums[c.digit - 1][i] += x))
  return sums.map((s) => {
    const norm = Math.hypot(...s) || 1
    return s.map((x) => x / norm)
  })
}

/** Median over the views of the cosine between the view's ink map and its digit's prototype. */
function match(c: CellViews, proto: readonly Float32Array[]): number {
  const p = proto[c.digit - 1]
  return median(
    c.views.map((v) => {
      let [dot, norm] = [0, 0]
      v.shape.forEach((x, i) => ((dot += x * p[i]), (norm += x * x)))
      return norm ? dot / Math.sqrt(norm) : 0
    }),
  )
}

/** Per cell, its match to the data set's font (same order as `cells`). */
export function fontMatch(cells: readonly CellViews[]): number[] {
  const seed = prototypes(cells, (c) => median(c.views.map((v) => v.classifier)) >= SEED_CLASSIFIER)
  const first = cells.map((c) => match(c, seed))
  const refined = prototypes(cells, (_, i) => first[i] >= REFINE_MATCH)
  return cells.map((c) => match(c, refined))
}
