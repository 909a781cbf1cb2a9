/**
 * Page-level check of the cell model's givens: the printed digits of a page share one height,
 * handwriting does not.
 *
 *   settleKindsByHeight(kinds, boxes) -> kinds, with p(given) scaled down by HEIGHT_MISMATCH where
 *                                        a cell read as a given is not of the page's print height
 *
 * - `kinds`: cell-classifier.ts's kind probabilities per cell (CELL_KINDS order).
 * - `boxes`: cells.ts's digit box per cell (`cells[i].box`, warped pixels; null for none).
 * - The print height is the median box height of the cells read surely as givens (p >= SURE_GIVEN,
 *   at least MIN_SURE_GIVENS of them, else nothing changes). A cell whose best kind is `given` and
 *   whose box height differs from it by more than PRINT_HEIGHT_TOLERANCE has p(given) scaled by
 *   HEIGHT_MISMATCH, then renormalised: evidence, not a verdict, so a digit box cut short (a
 *   broken stroke) does not overturn a model that is sure, and the page's symmetry can still weigh.
 *
 * Measured by puzzle on the pen train photos (scripts/train-paper/README.md): printed givens' box
 * heights vary by ~2 px (3.5%) around the page's print height, written entries by ~8 px around a
 * height 30% larger; the cell model takes 7.6% of entries for givens, this check puts 87% of
 * those right.
 */
import type { Box } from './cells'

/** p(given) at or above which a cell counts toward the page's print height. */
export const SURE_GIVEN = 0.9
/** Sure givens needed before the print height is trusted (a page with fewer is left alone). */
export const MIN_SURE_GIVENS = 4
/**
 * Relative height difference beyond which a "given" is taken for an entry. By-puzzle CV on the pen
 * train photos: 0.12 / 0.15 / 0.20 -> kinds right 99.53 / 99.66 / 99.56% (99.20% without); at 0.15
 * 25 of 6,912 given cuts (digits clipped by a jittered corner) are lost for 114 of 131 entries won.
 */
export const PRINT_HEIGHT_TOLERANCE = 0.15

/**
 * The likelihood ratio a height mismatch puts on print. By-puzzle CV on the pen train photos (the
 * cell model's out-of-fold kinds, scripts/train-paper/combine.py): moving all of p(given) to entry
 * 99.66% of kinds right (38 givens lost), x0.001 99.74%, x0.01 99.76% (19 lost, 17 entries left as
 * givens), x0.05 99.76% (15 lost, 21 left).
 */
export const HEIGHT_MISMATCH = 0.01

const GIVEN = 1

export function settleKindsByHeight(kinds: readonly Float32Array[], boxes: readonly (Box | null)[]): Float32Array[] {
  const heights = kinds.flatMap((p, i) => (p[GIVEN] >= SURE_GIVEN && boxes[i] ? [boxes[i]!.height] : []))
  if (heights.length < MIN_SURE_GIVENS) return kinds.map((p) => Float32Array.from(p))
  heights.sort((a, b) => a - b)
  const mid = heights.length >> 1
  const print = heights.length % 2 ? heights[mid] : (heights[mid - 1] + heights[mid]) / 2
  return kinds.map((p, i) => {
    const out = Float32Array.from(p)
    const box = boxes[i]
    if (!box || argmax(p) !== GIVEN || Math.abs(box.height / print - 1) <= PRINT_HEIGHT_TOLERANCE) return out
    out[GIVEN] *= HEIGHT_MISMATCH
    const sum = out.reduce((a, b) => a + b, 0)
    return out.map((p) => p / sum)
  })
}

function argmax(p: ArrayLike<number>): number {
  let best = 0
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i
  return best
}
