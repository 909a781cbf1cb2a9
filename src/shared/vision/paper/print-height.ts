/**
 * Page-level check of the cell model's givens by height: a page's print is one size (the median of
 * its sure givens), handwriting is not. Only a taller box counts against print: a shorter one is
 * more often print that lost a stroke to glare.
 */
import type { Box } from '../cells/extract-cells'
import { argmax, reweigh } from '../core/nn'

/** p(given) at or above which a cell counts toward the page's print height. */
export const SURE_GIVEN = 0.9
/** Sure givens needed before the print height is trusted (a page with fewer is left alone). */
export const MIN_SURE_GIVENS = 4
/** Relative excess height beyond which a "given" is taken for an entry. Set by by-puzzle CV on the pen train photos. */
export const PRINT_HEIGHT_TOLERANCE = 0.15

/** Likelihood ratio of print for a "given" that tall. Set by by-puzzle CV on the pen train photos (training/paper/combine.py). */
export const HEIGHT_MISMATCH = 0.01

/**
 * A box within this share of the print height has print's size (p(given) x HEIGHT_MATCH); the pen
 * photos' ratio, ~180, is kept far below for people who write at print size.
 */
export const PRINT_HEIGHT_MATCH = 0.04
export const HEIGHT_MATCH = 5

/**
 * Likelihood ratio of marks for ink taller than print (pen photos: ~0.003, kept weaker). Whole ink
 * clear of its crop's edges rules marks out: the cell model is sure of marks for some faint pen
 * entries.
 */
export const MARKS_TALLER_THAN_PRINT = 0.01

const GIVEN = 1
const MARKS = 3

/**
 * The kinds weighed by height. `boxes`: first-look digit boxes, where print is measured; `wholes`:
 * grown digits, for marks only (blur grows print too); `clear`: whether each whole box is clear of
 * its crop's edges.
 */
export function settleKindsByHeight(
  kinds: readonly Float32Array[],
  boxes: readonly (Box | null)[],
  wholes: readonly (Box | null)[] = boxes,
  clear: readonly boolean[] = [],
): Float32Array[] {
  const print = printReference(
    kinds,
    boxes.map((box) => box?.height ?? null),
  )
  if (print === null) return kinds.map((p) => Float32Array.from(p))
  return kinds.map((p, i) => {
    const box = boxes[i]
    if (!box) return Float32Array.from(p)
    const tooTallForMarks = (wholes[i] ?? box).height / print - 1 > PRINT_HEIGHT_TOLERANCE
    const ruledOut = tooTallForMarks && clear[i] === true
    // Once height rules marks out, print must not take their place on the model's say.
    const given = ruledOut && argmax(p) === MARKS ? HEIGHT_MISMATCH : heightFactor(p, box.height / print - 1)
    const marks = ruledOut ? 0 : tooTallForMarks ? MARKS_TALLER_THAN_PRINT : 1
    return given === 1 && marks === 1 ? Float32Array.from(p) : reweigh(p, (k) => (k === GIVEN ? given : k === MARKS ? marks : 1))
  })
}

/**
 * The page's print by one measure of its digits (null for none): the median over its sure givens,
 * or null with fewer than MIN_SURE_GIVENS.
 */
export function printReference(kinds: readonly ArrayLike<number>[], values: readonly (number | null)[]): number | null {
  const sure = kinds.flatMap((p, i) => (p[GIVEN] >= SURE_GIVEN && values[i] !== null ? [values[i]] : []))
  if (sure.length < MIN_SURE_GIVENS) return null
  sure.sort((a, b) => a - b)
  const mid = sure.length >> 1
  return sure.length % 2 ? sure[mid] : (sure[mid - 1] + sure[mid]) / 2
}

/** What a digit box `off` (a share) taller than the print says of print, for a cell judged `p`. */
function heightFactor(p: ArrayLike<number>, off: number): number {
  if (argmax(p) === GIVEN && off > PRINT_HEIGHT_TOLERANCE) return HEIGHT_MISMATCH
  return Math.abs(off) <= PRINT_HEIGHT_MATCH ? HEIGHT_MATCH : 1
}
