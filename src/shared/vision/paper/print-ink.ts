/**
 * Page-level check of the cell model's givens by ink: a page's print is one black face, pen and
 * pencil are lighter. It tells apart the written digits the cell model doubts most, upright and
 * print-sized.
 */
import { histogramQuantile } from '../cells/normalise'
import type { Box } from '../cells/extract-cells'
import type { GrayImage } from '../core/image'
import { reweigh } from '../core/nn'
import { printReference } from './print-height'

/** The share of a digit box's pixels darker than its darkness: the strokes' cores, not their anti-aliased edges. */
export const STROKE_PERCENTILE = 0.05

/**
 * Grey levels lighter than the print beyond which a digit is unlikely print. Set from the pen
 * photos: ~0.6% of givens, 52-86% of entries.
 */
export const INK_LIGHTER_THAN_PRINT = 40
/** Likelihood ratio of print for a digit that much lighter (~0.6% / 52%), weakened to stay evidence. */
export const INK_MISMATCH = 0.02
/**
 * A digit at most this much lighter has print's ink (p(given) x INK_MATCH), kept far below the pen
 * photos' ratio (~12) as some write in black.
 */
export const INK_AS_DARK_AS_PRINT = 20
export const INK_MATCH = 2

const GIVEN = 1

/** The kinds weighed by each digit's `strokes` (strokeDarkness, null for none) against the page's print. */
export function settleKindsByInk(kinds: readonly Float32Array[], strokes: readonly (number | null)[]): Float32Array[] {
  const print = printReference(kinds, strokes)
  if (print === null) return kinds.map((p) => Float32Array.from(p))
  return kinds.map((p, i) => {
    const stroke = strokes[i]
    const factor = stroke === null ? 1 : inkFactor(stroke - print)
    return factor === 1 ? Float32Array.from(p) : reweigh(p, (k) => (k === GIVEN ? factor : 1))
  })
}

/** What a digit `lighter` grey levels lighter than the print says of print. */
function inkFactor(lighter: number): number {
  if (lighter > INK_LIGHTER_THAN_PRINT) return INK_MISMATCH
  return lighter <= INK_AS_DARK_AS_PRINT ? INK_MATCH : 1
}

/** A digit's darkest ink: the STROKE_PERCENTILE grey level inside its box on the flattened page. */
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
