/**
 * The board vocabulary, defined once and used everywhere (after Norvig's glossary).
 *
 * - `Cell`: an index 0..80, row-major (`row * 9 + col`).
 * - `Digit`: 1..9.
 * - `Grid`: `Uint8Array(81)`, one digit per cell, 0 = empty.
 * - `Candidates`: `Uint16Array(81)` of 9-bit masks; bit `d - 1` set when `d` is still possible.
 * - `PencilMarks`: `Uint16Array(81)`, the marks a player wrote themselves: a 9-bit mask as in
 *   `Candidates`, 0 = none, `MARKS_UNREAD` = marks on the paper whose digits could not be read.
 * - `Unit`: the nine cells of a row, column or box.
 * - `units[c]`: the three units of cell `c`; `peers[c]`: the 20 other cells sharing a unit with `c`.
 *
 * Rows, columns and boxes are numbered 0..8 in code and 1..9 in text shown to people (`r3c7`, `box 5`).
 */

export type Cell = number
export type Digit = number
export type Grid = Uint8Array
export type Candidates = Uint16Array
export type PencilMarks = Uint16Array
export type Unit = readonly Cell[]

export const CELLS = 81
export const ALL_DIGITS_MASK = 0x1ff
/** In `PencilMarks`: the cell holds marks, but which digits they are is unknown. */
export const MARKS_UNREAD = 0x200

export type UnitKind = 'row' | 'column' | 'box'

export const rowOf = (cell: Cell): number => Math.floor(cell / 9)
export const colOf = (cell: Cell): number => cell % 9
export const boxOf = (cell: Cell): number => Math.floor(rowOf(cell) / 3) * 3 + Math.floor(colOf(cell) / 3)
export const cellAt = (row: number, col: number): Cell => row * 9 + col

const range9 = [0, 1, 2, 3, 4, 5, 6, 7, 8]

export const rows: readonly Unit[] = range9.map((r) => range9.map((c) => cellAt(r, c)))
export const columns: readonly Unit[] = range9.map((c) => range9.map((r) => cellAt(r, c)))
export const boxes: readonly Unit[] = range9.map((b) => range9.map((i) => cellAt(Math.floor(b / 3) * 3 + Math.floor(i / 3), (b % 3) * 3 + (i % 3))))

/** All 27 units: rows 0..8, then columns 9..17, then boxes 18..26. */
export const allUnits: readonly Unit[] = [...rows, ...columns, ...boxes]

export function unitKind(unitIndex: number): UnitKind {
  return unitIndex < 9 ? 'row' : unitIndex < 18 ? 'column' : 'box'
}

/** "row 3", "column 7", "box 5" for unit indices as in `allUnits`. */
export function unitName(unitIndex: number): string {
  return `${unitKind(unitIndex)} ${(unitIndex % 9) + 1}`
}

/** "r3c7" for a cell, the notation Sudoku players use. */
export function cellName(cell: Cell): string {
  return `r${rowOf(cell) + 1}c${colOf(cell) + 1}`
}

/** For each cell, the indices (into `allUnits`) of its row, column and box. */
export const unitsOfCell: readonly (readonly [number, number, number])[] = Array.from(
  { length: CELLS },
  (_, c) => [rowOf(c), 9 + colOf(c), 18 + boxOf(c)] as const,
)

export const units: readonly (readonly [Unit, Unit, Unit])[] = unitsOfCell.map(([r, c, b]) => [allUnits[r], allUnits[c], allUnits[b]] as const)

export const peers: readonly (readonly Cell[])[] = Array.from({ length: CELLS }, (_, cell) => {
  const set = new Set<Cell>()
  for (const unit of units[cell]) for (const other of unit) if (other !== cell) set.add(other)
  return [...set].sort((a, b) => a - b)
})

export function emptyGrid(): Grid {
  return new Uint8Array(CELLS)
}

export const digitBit = (digit: Digit): number => 1 << (digit - 1)

export function bitCount(mask: number): number {
  let n = 0
  for (let m = mask; m; m &= m - 1) n++
  return n
}

/** The digits whose bits are set in `mask`, ascending. */
export function digitsOf(mask: number): Digit[] {
  const out: Digit[] = []
  for (let d = 1; d <= 9; d++) if (mask & digitBit(d)) out.push(d)
  return out
}

/** Pencil marks implied by the filled cells: a filled cell keeps only its digit. */
export function candidatesOf(grid: Grid): Candidates {
  const cands = new Uint16Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) {
    if (grid[cell]) {
      cands[cell] = digitBit(grid[cell])
      continue
    }
    let mask = ALL_DIGITS_MASK
    for (const peer of peers[cell]) if (grid[peer]) mask &= ~digitBit(grid[peer])
    cands[cell] = mask
  }
  return cands
}
