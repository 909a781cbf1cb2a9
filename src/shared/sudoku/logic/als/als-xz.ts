/**
 * ALS-XZ: two almost locked sets A and B (als/als.ts) with a restricted common digit x: every cell of
 * A holding x sees every cell of B holding x, so at most one of them is x. The other is then a
 * locked set without x. For any other digit z of both, one of the sets holds z either way, so z
 * goes from every cell that sees all the cells of A and B holding z.
 *
 * Doubly linked: with two restricted common digits, neither set can lose both, so both are
 * locked sets: each of their other digits goes from every cell that sees all its cells in its
 * set, and each common digit from every cell that sees all its cells in both sets.
 */
import { type Candidates, type Cell, digitsOf, unitName } from '../../board'
import { type Als, type AlsState, almostLockedSets, targetsOf } from './als'
import { describeEliminations, listCells, listDigits, listDigitsOr } from '../common'
import type { Elimination, Step } from '../step'

export function findAlsXz(cands: Candidates): Step[] {
  const state = almostLockedSets(cands)
  const steps: Step[] = []
  for (const { i, j, rcc } of state.restricted) {
    const [a, b] = [state.sets[i], state.sets[j]]
    const eliminations = digitsOf(rcc).length >= 2 ? doublyLinked(state, a, b, rcc) : singlyLinked(state, a, b, rcc)
    if (eliminations.length === 0) continue
    steps.push(alsStep(cands, a, b, rcc, eliminations))
  }
  return steps
}

function singlyLinked(state: AlsState, a: Als, b: Als, rcc: number): Elimination[] {
  const both = [a, b]
  const out: Elimination[] = []
  for (const z of digitsOf(a.digits & b.digits & ~rcc)) for (const cell of targetsOf(state, both, z, union(a, b))) out.push({ cell, digit: z })
  return sorted(out)
}

function doublyLinked(state: AlsState, a: Als, b: Als, rcc: number): Elimination[] {
  const out: Elimination[] = []
  const outside = union(a, b)
  for (const x of digitsOf(rcc)) for (const cell of targetsOf(state, [a, b], x, outside)) out.push({ cell, digit: x })
  for (const set of [a, b]) for (const d of digitsOf(set.digits & ~rcc)) for (const cell of targetsOf(state, [set], d, outside)) out.push({ cell, digit: d })
  return sorted(out)
}

const union = (a: Als, b: Als): [number, number, number] => [a.bits[0] | b.bits[0], a.bits[1] | b.bits[1], a.bits[2] | b.bits[2]]

function sorted(elims: Elimination[]): Elimination[] {
  const unique = new Map(elims.map((e) => [e.cell * 10 + e.digit, e]))
  return [...unique.values()].sort((e, f) => e.cell - f.cell || e.digit - f.digit)
}

/** "r1c2 and r1c5 (digits 1, 4 and 7, in row 1)". */
export function alsText(set: Als): string {
  return `${listCells(set.cells)} (${listDigits(digitsOf(set.digits))} in ${set.cells.length} cell${set.cells.length > 1 ? 's' : ''} of ${unitName(set.unit)})`
}

/** Every digit of the sets in their cells, ringed when drawn. */
export function alsMarks(cands: Candidates, sets: readonly Als[]): { cell: Cell; digit: number }[] {
  return sets.flatMap((s) => s.cells.flatMap((cell) => digitsOf(cands[cell] & s.digits).map((digit) => ({ cell, digit }))))
}

function alsStep(cands: Candidates, a: Als, b: Als, rcc: number, eliminations: Elimination[]): Step {
  const xs = digitsOf(rcc)
  const why =
    xs.length >= 2
      ? `Each of ${listDigits(xs)} can be in at most one of them (every cell holding it in one sees every cell holding it in the other), ` +
        `and a set that lost two digits could not fill its cells, so both sets keep all but one of ${listDigitsOr(xs)}: each is locked.`
      : `Every cell of one holding ${xs[0]} sees every cell of the other holding it, so at most one set is ${xs[0]}, and the other ` +
        `fills its cells with its remaining digits. So whichever it is, each digit the two share besides ${xs[0]} lands in one of them.`
  return {
    technique: 'als-xz',
    placements: [],
    eliminations,
    cells: [...a.cells, ...b.cells].sort((p, q) => p - q),
    units: [a.unit, b.unit],
    text:
      `Two almost locked sets, each holding one digit more than it has cells: A = ${alsText(a)} and B = ${alsText(b)}. ${why} ` +
      `The cells that see all of a digit's cells in the sets cannot hold it: ${describeEliminations(eliminations)}.`,
    marks: alsMarks(cands, [a, b]),
  }
}
