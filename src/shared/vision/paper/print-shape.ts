/**
 * Page-level check of the cell model's givens by shape: a page's print is one font, so a printed
 * digit has a near twin among its value's prints on the page; dark handwriting at print size has
 * none.
 */
import { dot } from '../digits/templates'
import { argmax, reweigh } from '../core/nn'

const GIVEN = 1

/**
 * Two digits of one value at least this alike are twinned print: 95% of printed digits reach it,
 * and one hand's digits (median 0.86) mostly not.
 */
export const PRINT_TWIN = 0.93

/**
 * Likeness under which a "given" is unlike print, with its likelihood ratio of print. Set from
 * 6,974 printed and 863 written labelled digits (training/paper/print-shapes.ts), rounded up.
 */
export const SHAPE_BANDS: readonly { readonly below: number; readonly factor: number }[] = [
  { below: 0.75, factor: 0.003 },
  { below: 0.85, factor: 0.02 },
]

/**
 * A digit read this surely is compared with its value's print alone, and only such are twins; an
 * unsure one with the print of each value it may be.
 */
export const SURE_VALUE = 0.9

/** A value read at least this likely is one an unsure digit may be. Chosen, not fitted: a lower one only weighs fewer cells. */
export const PLAUSIBLE_VALUE = 0.05

/**
 * The kinds with p(given) weighed down where a "given" has no twin and is unlike the twinned print
 * of each value it may be. `shapes`: ink maps, null where none or cut by the crop; `readings`:
 * p(1..9).
 */
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
