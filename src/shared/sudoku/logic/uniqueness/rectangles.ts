/**
 * The rectangles behind the uniqueness techniques (unique, hidden and avoidable rectangles): four
 * cells at the corners of two rows and two columns that lie in exactly two boxes. Were their
 * corners ever to hold only two digits a and b, the two could be swapped round the rectangle and
 * the puzzle would have two solutions (the "deadly pattern"); with four boxes or one, a swap
 * would break a box.
 */
import { type Candidates, type Cell, type Digit, allUnits, bitCount, boxOf, cellAt, colOf, digitBit, rowOf, unitsOfCell } from '../../board'
import { boxUnit, columnUnit, listCells, rowUnit } from '../common'
import type { Elimination, Placement, Step, Technique } from '../step'

/** Corners in reading order: [top left, top right, bottom left, bottom right]. */
export type Corners = readonly [Cell, Cell, Cell, Cell]

/** Every rectangle of two rows, two columns and two boxes, each once. */
export const RECTANGLES: readonly Corners[] = (() => {
  const out: Corners[] = []
  for (let r1 = 0; r1 < 9; r1++)
    for (let r2 = r1 + 1; r2 < 9; r2++)
      for (let c1 = 0; c1 < 9; c1++)
        for (let c2 = c1 + 1; c2 < 9; c2++) {
          const sameBand = Math.floor(r1 / 3) === Math.floor(r2 / 3)
          const sameStack = Math.floor(c1 / 3) === Math.floor(c2 / 3)
          if (sameBand !== sameStack) out.push([cellAt(r1, c1), cellAt(r1, c2), cellAt(r2, c1), cellAt(r2, c2)])
        }
  return out
})()

/** The corner diagonally opposite `cell` in the rectangle. */
export const opposite = (corners: Corners, cell: Cell): Cell => corners[3 - corners.indexOf(cell)]

/** Whether two corners share a row or a column (rather than lie diagonally). */
export const aligned = (a: Cell, b: Cell): boolean => rowOf(a) === rowOf(b) || colOf(a) === colOf(b)

/** Indices into `allUnits` of the rows, columns and boxes that hold two corners. */
export function rectangleUnits(corners: Corners): number[] {
  const units = new Set(corners.flatMap((c) => [rowUnit(rowOf(c)), columnUnit(colOf(c)), boxUnit(boxOf(c))]))
  return [...units].filter((u) => allUnits[u].filter((c) => corners.includes(c)).length >= 2)
}

/** "the four cells r1c1, r1c2, r4c1 and r4c2 (in two boxes) could swap 3 and 7, and ...". */
export function swapText(corners: Corners, a: number, b: number): string {
  return `the four cells ${listCells(corners)} (in two boxes) could swap ${a} and ${b}, and the puzzle would have two solutions`
}

/** A rectangle whose four corners all still hold the digits a and b. */
export interface AbRectangle {
  readonly cands: Candidates
  /** solvedCells(cands), computed once per search. */
  readonly solved: Uint8Array
  readonly corners: Corners
  readonly a: Digit
  readonly b: Digit
  /** Corners holding only a and b. */
  readonly floor: readonly Cell[]
  /** Corners holding more (the extra candidates). */
  readonly roof: readonly Cell[]
}

/** A step on the rectangle: its corners highlighted, a and b ringed in them, and `more` ringed too. */
export function rectangleStep(
  rect: AbRectangle,
  technique: Technique,
  eliminations: readonly Elimination[],
  text: string,
  more: readonly Placement[] = [],
): Step {
  const { cands, corners, a, b } = rect
  const marks = corners.flatMap((cell) => [a, b].filter((d) => cands[cell] & digitBit(d)).map((digit) => ({ cell, digit })))
  return { technique, placements: [], eliminations, cells: corners, units: rectangleUnits(corners), text, marks: [...marks, ...more] }
}

/** Units (indices into allUnits) that contain both cells. */
export function sharedUnits(p: Cell, q: Cell): number[] {
  return unitsOfCell[p].filter((u) => unitsOfCell[q].includes(u))
}

/** Cells of the unit other than `except` still holding more than one candidate. */
export function openCellsOf(cands: Candidates, unit: number, except: readonly Cell[]): Cell[] {
  return allUnits[unit].filter((c) => !except.includes(c) && bitCount(cands[c]) > 1)
}
