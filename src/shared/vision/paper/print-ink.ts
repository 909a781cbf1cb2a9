/**
 * Page-level check of the cell model's givens by their ink: the printed digits of a page are all
 * one black, bold face; a pen or pencil stroke is thinner and, in a photo, lighter.
 *
 *   settleKindsByInk(kinds, strokes) -> kinds, p(given) scaled down by INK_MISMATCH where a digit's
 *                                       darkest ink is much lighter than the page's print, and up
 *                                       by INK_MATCH where it is as dark
 *
 * - `kinds`: kind probabilities per cell (CELL_KINDS order), after paper/print-height.ts.
 * - `strokes`: each digit's darkest ink (strokeDarkness: a low percentile of the paper-flattened
 *   page inside cells.ts's digit box, 0 black .. 255 paper; null for none).
 * - The print's darkness is the median over the cells read surely as givens (paper/print-height.ts's
 *   printReference); a page with too few is left alone.
 *
 * Measured on the pen photos at their labelled corners (warped at the reader's 900 px), the digit's
 * darkness minus the page's printed givens' median: printed givens 5/50/95th percentile -15/0/+20
 * (train) and -21/0/+22 (val); written entries +17/+42/+79 and +16/+78/+110. The cell model's
 * doubtful cells are the written digits as upright and as large as print: only their ink tells
 * them apart (val photos: every entry the judge took for print was 32 to 110 lighter than print).
 */
import { histogramQuantile } from '../cells/normalise'
import type { Box } from '../cells/extract-cells'
import type { GrayImage } from '../core/image'
import { reweigh } from '../core/nn'
import { printReference } from './print-height'

/**
 * The share of a digit box's pixels darker than its darkness: the strokes' cores, not their
 * anti-aliased edges (a print stroke is ~6 px wide at the 900 px warp and covers 15-30% of its box,
 * a pen stroke ~2-3 px and 5-15%).
 */
export const STROKE_PERCENTILE = 0.05

/**
 * A digit lighter than the print by more than this is unlikely print. Pen photos (see above):
 * printed givens over it 11 of 2,304 (train) and 18 of 2,304 (val), ~0.6%; written entries 52%
 * (train) and 86% (val).
 */
export const INK_LIGHTER_THAN_PRINT = 40
/** Likelihood ratio of print for a digit that much lighter: ~0.6% / 52%, rounded down to be evidence, not a verdict. */
export const INK_MISMATCH = 0.02
/**
 * A digit no lighter than the print by more than this has print's ink: printed givens 95% (train),
 * written entries 8% (train, mostly black ballpoint). HEIGHT_MATCH's reasoning holds: a person who
 * writes in black is misjudged by a strong factor, so INK_MATCH stays well below the ratio (~12).
 */
export const INK_AS_DARK_AS_PRINT = 20
export const INK_MATCH = 2

const GIVEN = 1

export function settleKindsByInk(kinds: readonly Float32Array[], strokes: readonly (number | null)[]): Float32Array[] {
  const print = printReference(kinds, strokes)
  if (print === null) return kinds.map((p) => Float32Array.from(p))
  return kinds.map((p, i) => {
    const stroke = strokes[i]
    const factor = stroke === null ? 1 : inkFactor(stroke - print)
    return factor === 1 ? Float32Array.from(p) : reweigh(p, (k) => (k === GIVEN ? factor : 1))
  })
}

/** What a digit `lighter` gray levels lighter than the print says of print. */
function inkFactor(lighter: number): number {
  if (lighter > INK_LIGHTER_THAN_PRINT) return INK_MISMATCH
  return lighter <= INK_AS_DARK_AS_PRINT ? INK_MATCH : 1
}

/** A digit's darkest ink: the STROKE_PERCENTILE gray level inside its box on the flattened page. */
export function strokeDarkness(flat: GrayImage, box: Box): number {
  const counts = new Uint32Array(256)
  const right = Math.min(flat.width, box.x + box.width)
  const bottom = Math.min(flat.height, box.y + box.height)
  let total = 0
  for (let y = Math.max(0, box.y); y < bottom; y++) {
    for (let x = Math.max(0, box.x); x < right; x++) {
      counts[flat.data[y * flat.width + x]]++
      total++
    }
  }
  return histogramQuantile(counts, total, STROKE_PERCENTILE)
}
