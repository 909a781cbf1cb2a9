/**
 * Page-level check of the cell model's givens: the printed digits of a page share one height,
 * handwriting does not.
 *
 *   settleKindsByHeight(kinds, boxes, wholes, clear) -> kinds, with p(given) scaled down by
 *                                        HEIGHT_MISMATCH where a cell read as a given is taller than
 *                                        the page's print, and p(marks) by MARKS_TALLER_THAN_PRINT
 *                                        where any digit's whole ink is (to 0 where it is clear of
 *                                        the crop's edges, and p(given) with it)
 *
 * - `kinds`: paper/cell-classifier.ts's kind probabilities per cell (CELL_KINDS order).
 * - `boxes`: cells.ts's digit box per cell (`cells[i].box`, warped pixels; null for none): the
 *   first look's cut, the one the page's print is measured at.
 * - `wholes`: cells.ts's whole digit per cell (`cells[i].whole`: grown along its fainter strokes at
 *   a looser cut), for pencil marks only. A pen digit's light tail is cut off in `box` (a 9 as short
 *   as a mark), but blur grows print at the loose cut as well (a printed 6 of a blurred Wicht photo:
 *   41 px as first cut, 62 px grown, against the page's 42 px print), so print is never judged by it.
 * - `clear`: per cell, whether its whole box stays clear of the edges of the crop it was found in
 *   (cells/crop.ts `boxClearOfCrop`): a box that reaches them ran into a grid line, and its height
 *   is not the ink's.
 * - The print height is the median box height of the cells read surely as givens (p >= SURE_GIVEN,
 *   at least MIN_SURE_GIVENS of them, else nothing changes). A cell whose best kind is `given` and
 *   whose box is taller than that by more than PRINT_HEIGHT_TOLERANCE has p(given) scaled by
 *   HEIGHT_MISMATCH, then renormalised: evidence, not a verdict, so a digit box cut short (a
 *   broken stroke) does not overturn a model that is sure, and the page's symmetry can still weigh.
 *   A digit cell whose box is of the print height has p(given) scaled up by HEIGHT_MATCH.
 *
 * Measured by puzzle on the pen train photos (training/paper/README.md): printed givens' box
 * heights vary by ~2 px (3.5%) around the page's print height, written entries by ~8 px around a
 * height 30% larger; the cell model takes 7.6% of entries for givens, this check puts 87% of
 * those right. Only a taller box counts: of the "givens" more than 15% shorter than the print, 25
 * were printed (a stroke lost to glare or a broken line: the box, not the digit, is short) and 7
 * written, against 107 written and none printed among the taller (CV kinds 99.75% one-sided,
 * 99.76% both ways); on Wicht's printed photos the shorter side alone cost 7 grids.
 */
import type { Box } from '../cells/extract-cells'
import { argmax, reweigh } from '../core/nn'

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
 * cell model's out-of-fold kinds, training/paper/combine.py): moving all of p(given) to entry
 * 99.66% of kinds right (38 givens lost), x0.001 99.74%, x0.01 99.76% (19 lost, 17 entries left as
 * givens), x0.05 99.76% (15 lost, 21 left).
 */
export const HEIGHT_MISMATCH = 0.01

/**
 * A digit box within this share of the print height is of the print's size, and p(given) is scaled
 * up by HEIGHT_MATCH. Pen train photos at their labelled corners: 95.7% of 2,304 printed givens'
 * boxes are within 4% of the page's print height, 0.5% of 576 written entries' (and 93% are over
 * 15% taller), a likelihood ratio of ~180. Those pages are in few hands that write large; a person
 * who writes at print size would be misjudged by so strong a factor, so HEIGHT_MATCH is kept far
 * below it: evidence that settles a cell the cell model is torn about (Wicht's printed photos held
 * a 9 it gave 45% print), not one it is sure of.
 */
export const PRINT_HEIGHT_MATCH = 0.04
export const HEIGHT_MATCH = 5

/**
 * The likelihood ratio a box taller than the print by PRINT_HEIGHT_TOLERANCE puts on pencil marks:
 * candidates are written small, and a cell of marks has no ink as tall as print. Pen photos at their
 * labelled corners: 1 of 376 pencil-mark cells' largest pieces (train) and 1 of 76 (val) is taller
 * than the print at all, against 97% of written entries (train) and 92% (val); kept well above that
 * ratio (~0.003) to stay evidence. Where the whole digit is clear of its crop's edges, height is a
 * verdict instead (p(marks) to 0): the cell model is sure of marks (p ~ 1) for some of the lightest
 * pen entries, where no factor that stays evidence overturns it, while a whole digit taller than the
 * print by PRINT_HEIGHT_TOLERANCE and clear of the edges is found in 0 of 376 marks cells of the
 * train photos at their labelled corners (the one taller, its ink run into a grid line, is not
 * clear), against 514 of 576 written entries.
 */
export const MARKS_TALLER_THAN_PRINT = 0.01

const GIVEN = 1
const MARKS = 3

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
 * The page's print, by one measure of its digits (`values` per cell, null for none): the median
 * over the cells read surely as givens, or null when fewer than MIN_SURE_GIVENS are.
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
