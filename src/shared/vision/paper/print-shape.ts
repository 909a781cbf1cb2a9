/**
 * Page-level check of the cell model's givens by their shape: a page's print is one font, so each
 * printed digit has nearly the shape of the page's other prints of its value, and handwriting has
 * none of them.
 *
 *   settleKindsByShape(kinds, shapes, readings) -> kinds, p(given) scaled down (SHAPE_BANDS) where
 *                                                  a cell judged a given is unlike every twinned print
 *                                                  of the values it may be on the page
 *
 * - `kinds`: kind probabilities per cell (CELL_KINDS order), after paper/print-height.ts and paper/print-ink.ts.
 * - `shapes`: each digit's ink map (digits/templates.ts's `features` of cells.ts's normalised image; null
 *   for a cell without a digit, and for one whose shape says nothing: paper/cell-judge.ts passes none for
 *   a digit its cell's crop cuts).
 * - `readings`: each digit cell's probabilities of 1-9 as read (null for none).
 * - Twinned print: the cells judged givens that have another cell judged a given of their value at
 *   least PRINT_TWIN alike, both read surely (SURE_VALUE). A cell judged a given with no such twin,
 *   while its value (or each value it may be, read unsurely) has twinned print, is weighed by how
 *   like that print it is.
 *
 * Height and ink cannot tell a person who writes at the print's size in dark ink from print (the
 * synthetic sessions' navy ballpoint: 210 of 300 MNIST digits judged print on Wicht's image1,
 * bench:handwriting seeds 1-10); shape can. Each digit's best likeness (correlation of the 20x20 ink
 * maps) with the page's other printed digits of its value, by the labels
 * (training/paper/print-shapes.ts):
 *
 * | | printed digits | written digits |
 * |---|---|---|
 * | pen train photos (one person's hand) | p1 0.95, median 0.99 | median 0.74, p95 0.89, max 0.95 |
 * | Wicht's 160 photos (blank puzzles) | p1 0.88, median 0.99 | |
 * | sessions 1-10, image1 (a soft print), MNIST's writers | min 0.83, median 0.97 | median 0.60, p95 0.76, max 0.84 |
 *
 * One person's written digits are alike among themselves too (pen train photos: median 0.86, p95
 * 0.95), so a twin is held to PRINT_TWIN, nearer print's own likeness, and two such digits judged
 * print would pass for print (the test's last case).
 */
import { dot } from '../digits/templates'
import { argmax, reweigh } from '../core/nn'

const GIVEN = 1

/**
 * Two digits of one value at least this alike are print's twins: printed digits' best likeness to
 * the page's other prints of their value is over it for 95% or more (p5 0.97 on the pen train
 * photos, 0.95 on Wicht's, 0.94 on sessions 1-10's image1).
 */
export const PRINT_TWIN = 0.93

/**
 * Likeness to its value's twinned print under which a digit is weighed as unlike print, and the
 * likelihood ratio of print it then gets, the lower band first. Counted by the labels
 * (print-shapes.ts, 2026-12-01): 6,974 printed digits (the pen train photos, Wicht's 160 photos,
 * sessions 1-10) and 863 written ones (the pen train photos' entries, sessions 1-10's MNIST digits).
 *
 * | likeness | printed | written | ratio |
 * |---|---|---|---|
 * | under 0.7 | 11 (0.16%: glare, a digit cut by a bad corner) | 436 (50.5%) | 0.0031 |
 * | 0.7 to 0.75 | 2 (0.03%) | 137 (15.9%) | 0.0018 |
 * | 0.75 to 0.85 | 27 (0.39%) | 210 (24.3%) | 0.016 |
 *
 * The first two bands are one (under 0.75: 0.0028). Both ratios rounded up, to stay evidence.
 */
export const SHAPE_BANDS: readonly { readonly below: number; readonly factor: number }[] = [
  { below: 0.75, factor: 0.003 },
  { below: 0.85, factor: 0.02 },
]

/**
 * A digit read surely (at least this) is compared with its value's print alone, and only such
 * digits are twins. One read less surely is compared with the print of each value it may be
 * (PLAUSIBLE_VALUE), and only where each such value has twinned print on the page: against
 * another value's print alone any digit looks unlike print. Until 2026-12-01 unsure digits were not
 * compared, for a printed 4 cut by a bad corner on one of Wicht's photos, read 7 at 0.70 (bench:read
 * lost its grid); paper/cell-judge.ts now leaves out every digit its cell's crop cuts. Comparing unsure
 * digits took 9 more of sessions 1-10's 300 written digits for writing (48 -> 39 judged print, bench:handwriting).
 */
export const SURE_VALUE = 0.9

/**
 * A value read at least this likely is one an unsure digit may be. Chosen, not fitted: a lower one
 * only adds values, each of which must have twinned print and whose print can only raise the best
 * likeness, so it weighs fewer cells.
 */
export const PLAUSIBLE_VALUE = 0.05

export function settleKindsByShape(
  kinds: readonly Float32Array[],
  shapes: readonly (Float32Array | null)[],
  readings: readonly (ArrayLike<number> | null)[],
): Float32Array[] {
  const sure = readings.map((p) => (p && Math.max(...Array.from(p)) >= SURE_VALUE ? argmax(p) + 1 : 0))
  const judgedPrint = kinds.flatMap((p, i) => (argmax(p) === GIVEN && shapes[i] && readings[i] ? [i] : []))
  const alike = (i: number, j: number): number => dot(shapes[i]!, shapes[j]!)
  const twinned = judgedPrint.filter((i) => sure[i] && judgedPrint.some((j) => j !== i && sure[j] === sure[i] && alike(i, j) >= PRINT_TWIN))
  const printOf = (value: number): number[] => twinned.filter((j) => sure[j] === value)
  return kinds.map((p, i) => {
    if (!judgedPrint.includes(i) || twinned.includes(i)) return Float32Array.from(p)
    const values = sure[i] ? [sure[i]] : Array.from(readings[i]!).flatMap((q, d) => (q >= PLAUSIBLE_VALUE ? [d + 1] : []))
    const prints = values.map(printOf)
    if (prints.some((print) => !print.length)) return Float32Array.from(p)
    const likeness = Math.max(...prints.flat().map((j) => alike(i, j)))
    const band = SHAPE_BANDS.find(({ below }) => likeness < below)
    return band ? reweigh(p, (k) => (k === GIVEN ? band.factor : 1)) : Float32Array.from(p)
  })
}
