/**
 * Page-level check of the cell model's givens by their shape: a page's print is one font, so each
 * printed digit has nearly the shape of the page's other prints of its value, and handwriting has
 * none of them.
 *
 *   settleKindsByShape(kinds, shapes, readings) -> kinds, p(given) scaled down (SHAPE_BANDS) where
 *                                                  a cell judged a given is unlike every twinned print
 *                                                  of its value on the page
 *
 * - `kinds`: kind probabilities per cell (CELL_KINDS order), after print-height.ts and print-ink.ts.
 * - `shapes`: each digit's ink map (templates.ts's `features` of cells.ts's normalised image; null
 *   for a cell without a digit).
 * - `readings`: each digit cell's probabilities of 1-9 as read (null for none).
 * - Twinned print: the cells judged givens that have another cell judged a given of their value at
 *   least PRINT_TWIN alike. A cell judged a given with no such twin, while its value has twinned
 *   print, is weighed by how like that print it is.
 *
 * Height and ink cannot tell a person who writes at the print's size in dark ink from print (the
 * synthetic sessions' navy ballpoint: 210 of 300 MNIST digits judged print on Wicht's image1,
 * bench:handwriting seeds 1-10); shape can. Each digit's best likeness (correlation of the 20x20 ink
 * maps) with the page's other printed digits of its value, by the labels
 * (scripts/train-paper/print-shapes.ts):
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
import { dot } from './templates'
import { argmax, reweigh } from './nn'

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
 * (print-shapes.ts): 6,984 printed digits (the pen train photos, Wicht's 160 photos, sessions 1-10)
 * and 863 written ones (the pen train photos' entries, sessions 1-10's MNIST digits).
 *
 * | likeness | printed | written | ratio |
 * |---|---|---|---|
 * | under 0.7 | 6 (0.09%: glare, a digit cut by a bad corner) | 436 (51%) | 0.0017 |
 * | 0.7 to 0.85 | 39 (0.56%) | 347 (40%) | 0.014 |
 *
 * Both rounded up, to stay evidence.
 */
export const SHAPE_BANDS: readonly { readonly below: number; readonly factor: number }[] = [
  { below: 0.7, factor: 0.002 },
  { below: 0.85, factor: 0.02 },
]

/**
 * A digit is compared with its value's print only where its value is read at least this surely: a
 * print digit cut by a bad corner is read unsurely (on one of Wicht's photos a printed 4 in a corner cell
 * read 7 at 0.70), and against another value's print any digit looks unlike print. Written digits are
 * mostly read surely: on sessions 1-10 the rule leaves 9 more of 300 judged print (48 against 39).
 */
export const SURE_VALUE = 0.9

export function settleKindsByShape(
  kinds: readonly Float32Array[],
  shapes: readonly (Float32Array | null)[],
  readings: readonly (ArrayLike<number> | null)[],
): Float32Array[] {
  const values = readings.map((p) => (p && Math.max(...Array.from(p)) >= SURE_VALUE ? argmax(p) + 1 : 0))
  const judgedPrint = kinds.flatMap((p, i) => (argmax(p) === GIVEN && shapes[i] && values[i] ? [i] : []))
  const alike = (i: number, j: number): number => dot(shapes[i]!, shapes[j]!)
  const twinned = judgedPrint.filter((i) => judgedPrint.some((j) => j !== i && values[j] === values[i] && alike(i, j) >= PRINT_TWIN))
  return kinds.map((p, i) => {
    if (!judgedPrint.includes(i) || twinned.includes(i)) return Float32Array.from(p)
    const print = twinned.filter((j) => values[j] === values[i])
    if (!print.length) return Float32Array.from(p)
    const likeness = Math.max(...print.map((j) => alike(i, j)))
    const band = SHAPE_BANDS.find(({ below }) => likeness < below)
    return band ? reweigh(p, (k) => (k === GIVEN ? band.factor : 1)) : Float32Array.from(p)
  })
}
