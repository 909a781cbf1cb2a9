/**
 * What the reader says about each cell of a page: a printed given, a written entry, pencil marks or
 * nothing. Types and pure helpers only (no OpenCV), as the renderer's main thread imports them.
 */
import { CELLS, type Cell, type Grid } from '../sudoku/board'

export type CellKind = 'empty' | 'given' | 'entry' | 'marks'

/** Below this confidence a read digit is marked for review (bench:read counts what it catches). */
export const LOW_CONFIDENCE = 0.6

export const CELL_KINDS: readonly CellKind[] = ['empty', 'given', 'entry', 'marks']

/** Each kind's index in CELL_KINDS, as in a judgement's `kind` probabilities. */
export const KIND_INDEX = Object.fromEntries(CELL_KINDS.map((kind, i) => [kind, i])) as Readonly<Record<CellKind, number>>

export interface CellReading {
  readonly kind: CellKind
  /** 1-9 for a given or an entry, 0 otherwise. */
  readonly digit: number
  /** The candidate digits of a `marks` cell when they could be read, ascending; [] otherwise. */
  readonly marks: readonly number[]
  /** 0..1: how sure the reader is of the kind and, where there is one, the digit. */
  readonly confidence: number
  /**
   * A given's or entry's digit read as handwriting (index d - 1), before any rule chose it; absent
   * elsewhere. A time-lapse weighs them over every shot that shows the cell.
   */
  readonly written?: readonly number[]
}

/** What a read page holds beyond its cells: the puzzle, the person's digits and their mistakes. */
export interface PaperReading {
  /** 81 readings, row-major. */
  readonly cells: readonly CellReading[]
  /** The printed givens only (0 elsewhere), repaired by the rules to one solution where possible. */
  readonly givens: Grid
  /** The digits written by a person (0 elsewhere), never changed to fit the solution. */
  readonly entries: Grid
  /** The givens' solution when they have exactly one, else null. */
  readonly solution: Grid | null
  /** Entries that contradict the solution: the person's mistakes. */
  readonly mistakes: readonly Cell[]
  /** Givens whose digit the rules chose rather than the reading (review them). */
  readonly repaired: readonly Cell[]
  /** Entries whose reading the solution decided between close alternatives (review them). */
  readonly informed: readonly Cell[]
}

/** The givens (kind `given`) of a set of readings, 0 elsewhere. */
export function givensOf(cells: readonly CellReading[]): Grid {
  return Uint8Array.from({ length: CELLS }, (_, i) => (cells[i].kind === 'given' ? cells[i].digit : 0))
}

/** The written digits (kind `entry`) of a set of readings, 0 elsewhere. */
export function entriesOf(cells: readonly CellReading[]): Grid {
  return Uint8Array.from({ length: CELLS }, (_, i) => (cells[i].kind === 'entry' ? cells[i].digit : 0))
}

/** Entries that differ from the solution. */
export function mistakesOf(entries: Grid, solution: Grid | null): Cell[] {
  if (!solution) return []
  const out: Cell[] = []
  for (let cell = 0; cell < CELLS; cell++) if (entries[cell] && entries[cell] !== solution[cell]) out.push(cell)
  return out
}
