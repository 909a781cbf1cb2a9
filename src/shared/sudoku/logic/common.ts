/**
 * Small shared pieces for the technique finders: which cells count as solved, who sees whom,
 * where a digit can still go in a unit, and the wording used in every step's text.
 *
 * A candidate grid alone does not say which single-candidate cells are "placed": a cell with one
 * candidate is SOLVED when none of its peers still has that digit (the placement has been carried
 * out), and a NAKED SINGLE while some peer still has it. `candidatesOf(grid)` and `applyStep` both
 * leave placed cells solved in this sense.
 */
import { CELLS, type Candidates, type Cell, type Digit, allUnits, bitCount, cellName, digitBit, peers } from '../board'
import type { Elimination, Placement } from './step'

/** `seesTable[a * 81 + b]` is 1 when a and b are different cells sharing a row, column or box. */
const seesTable = new Uint8Array(CELLS * CELLS)
for (let a = 0; a < CELLS; a++) for (const b of peers[a]) seesTable[a * CELLS + b] = 1

export const sees = (a: Cell, b: Cell): boolean => seesTable[a * CELLS + b] === 1

/** For each cell, whether it is solved (one candidate that no peer still has). */
export function solvedCells(cands: Candidates): Uint8Array {
  const solved = new Uint8Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) {
    const mask = cands[cell]
    if (mask === 0 || (mask & (mask - 1)) !== 0) continue
    let clash = false
    for (const p of peers[cell])
      if (cands[p] & mask) {
        clash = true
        break
      }
    if (!clash) solved[cell] = 1
  }
  return solved
}

/** Unsolved cells of `unit` where `digit` is still a candidate. */
export function placesFor(cands: Candidates, solved: Uint8Array, unit: readonly Cell[], digit: Digit): Cell[] {
  const bit = digitBit(digit)
  const out: Cell[] = []
  for (const cell of unit) if (!solved[cell] && cands[cell] & bit) out.push(cell)
  return out
}

/** Unsolved cells (not in `exclude`) that see every cell of `cells` and still have `digit`. */
export function cellsSeeingAll(cands: Candidates, solved: Uint8Array, cells: readonly Cell[], digit: Digit, exclude: readonly Cell[] = cells): Cell[] {
  const bit = digitBit(digit)
  const out: Cell[] = []
  for (let c = 0; c < CELLS; c++) {
    if (solved[c] || !(cands[c] & bit) || exclude.includes(c)) continue
    if (cells.every((x) => sees(c, x))) out.push(c)
  }
  return out
}

export const isBivalue = (cands: Candidates, cell: Cell): boolean => bitCount(cands[cell]) === 2

/** Index into `allUnits` of the row, column and box units, for readability in finders. */
export const rowUnit = (row: number): number => row
export const columnUnit = (col: number): number => 9 + col
export const boxUnit = (box: number): number => 18 + box

export const unitCells = (unitIndex: number): readonly Cell[] => allUnits[unitIndex]

/** "r1c5", "r1c5 and r2c6", "r1c5, r2c6 and r3c4". */
export function listCells(cells: readonly Cell[]): string {
  return joinAnd(cells.map(cellName))
}

/** "4", "4 and 7", "1, 2 and 5". */
export function listDigits(digits: readonly Digit[]): string {
  return joinAnd(digits.map(String))
}

/** "4", "4 or 7", "1, 2 or 5". */
export function listDigitsOr(digits: readonly Digit[]): string {
  return joinWith(digits.map(String), 'or')
}

/** "r1c2", "r1c2 or r3c4", "r1c2, r3c4 or r5c6". */
export function joinOr(items: readonly string[]): string {
  return joinWith(items, 'or')
}

export function joinAnd(items: readonly string[]): string {
  return joinWith(items, 'and')
}

function joinWith(items: readonly string[], word: string): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`
}

/** "4 from r1c5 and r2c6; 7 from r3c3": eliminations grouped by digit, in digit order. */
export function describeEliminations(elims: readonly Elimination[]): string {
  const byDigit = new Map<Digit, Cell[]>()
  for (const { cell, digit } of elims) byDigit.set(digit, [...(byDigit.get(digit) ?? []), cell])
  return [...byDigit.entries()]
    .sort(([a], [b]) => a - b)
    .map(([digit, cells]) => `${digit} from ${listCells(cells)}`)
    .join('; ')
}

/** Eliminations of `digit` from `cells`, sorted by cell. */
export function eliminate(cells: readonly Cell[], digit: Digit): Elimination[] {
  return [...cells].sort((a, b) => a - b).map((cell) => ({ cell, digit }))
}

export function placement(cell: Cell, digit: Digit): Placement {
  return { cell, digit }
}

/** Sorted, duplicate-free cell list. */
export function uniqueCells(cells: Iterable<Cell>): Cell[] {
  return [...new Set(cells)].sort((a, b) => a - b)
}

/** All k-element combinations of `items`, in lexicographic order. */
export function* combinations<T>(items: readonly T[], k: number, start = 0, prefix: T[] = []): Generator<T[]> {
  if (prefix.length === k) {
    yield prefix.slice()
    return
  }
  for (let i = start; i <= items.length - (k - prefix.length); i++) {
    prefix.push(items[i])
    yield* combinations(items, k, i + 1, prefix)
    prefix.pop()
  }
}

/** Capitalises the first letter, for unit names at the start of a sentence ("Row 3"). */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
