/**
 * What the board says about one cell beyond its digit: where the digit came from (printed,
 * written in pen, typed here, the solver's), what was read there from the paper and how surely,
 * and whether the player has changed it since. The Board draws it and reads it out.
 */
import { type Cell, type Grid, MARKS_UNREAD, colOf, digitsOf, rowOf } from '../../../shared/sudoku/board'
import { type CellKind, LOW_CONFIDENCE } from '../../../shared/vision/cell-reading'
import type { BoardState } from './PuzzleSession.svelte'

export type Origin = 'given' | 'pen' | 'typed' | 'solver' | 'empty'

/** Why a cell still as read needs a look: the rules chose the given, the solution chose the entry, or the reader was unsure. */
export type Doubt = 'repaired' | 'informed' | 'low-confidence'

export interface CellNote {
  /** The digit shown: the board's, or the solver's in an empty cell (0 = none). */
  readonly digit: number
  readonly origin: Origin
  /** What the paper held here, when the board was read from one. */
  readonly read: CellKind | null
  /** The digit read there (a given or an entry), 0 otherwise. */
  readonly readDigit: number
  /** Whether the cell still holds what was read (so the photo and its confidence apply). */
  readonly asRead: boolean
  /** How sure the reader was, while the cell is as read. */
  readonly confidence: number | null
  readonly doubt: Doubt | null
  /** A read given the player has changed or removed, or a cell the player made a given. */
  readonly corrected: boolean
  /** The player's pencil marks in an empty cell (`MARKS_UNREAD` when they could not be read). */
  readonly marks: number
}

function readKind(board: BoardState, cell: Cell): CellKind | null {
  const paper = board.paper
  if (!paper) return null
  if (paper.grid[cell]) return 'given'
  if (paper.entries[cell]) return 'entry'
  return paper.cells[cell]?.kind === 'marks' ? 'marks' : 'empty'
}

export function cellNote(board: BoardState, solution: Grid | null, cell: Cell): CellNote {
  const { grid, givens, written, paper } = board
  const digit = grid[cell] || solution?.[cell] || 0
  const origin: Origin = givens[cell] ? 'given' : written[cell] ? 'pen' : grid[cell] ? 'typed' : digit ? 'solver' : 'empty'
  const marks = grid[cell] ? 0 : board.marks[cell]
  const read = readKind(board, cell)
  if (!paper || !read) return { digit, origin, read, readDigit: 0, asRead: false, confidence: null, doubt: null, corrected: false, marks }
  const readDigit = paper.grid[cell] || paper.entries[cell] || 0
  const readMarks = paper.cells[cell]?.marks ?? []
  const asRead =
    read === 'given'
      ? givens[cell] === 1 && grid[cell] === readDigit
      : read === 'entry'
        ? written[cell] === 1 && grid[cell] === readDigit
        : !grid[cell] && (read === 'empty' ? !marks : marks !== 0 && digitsOf(marks).join() === readMarks.join())
  const confidence = asRead ? (paper.confidence[cell] ?? null) : null
  let doubt: Doubt | null = null
  if (asRead && read === 'given' && paper.repaired.includes(cell)) doubt = 'repaired'
  else if (asRead && read === 'entry' && paper.informed.includes(cell)) doubt = 'informed'
  else if (confidence !== null && confidence < LOW_CONFIDENCE) doubt = 'low-confidence'
  const corrected = !asRead && (read === 'given' || origin === 'given')
  return { digit, origin, read, readDigit, asRead, confidence, doubt, corrected, marks }
}

const ORIGIN_WORDS: Record<Origin, string> = { given: 'given', pen: 'written in pen', typed: 'entered by you', solver: 'from the solver', empty: '' }

function readWords(note: CellNote): string {
  if (note.read === 'given') return `printed ${note.readDigit}`
  if (note.read === 'entry') return `${note.readDigit} in pen`
  return note.read === 'marks' ? 'pencil marks' : 'empty'
}

/** What the board flags on a cell besides its note. */
export interface CellFlags {
  readonly conflict?: boolean
  readonly mistake?: boolean
  /** The solve's problem ringed here (see `Problem`). */
  readonly problem?: 'none' | 'multiple'
}

const PROBLEM_WORDS = { none: 'check this given: another digit here makes the puzzle solvable', multiple: 'the solutions differ here' }

/** The cell's accessible name, e.g. "Row 4, column 6, 7 written in pen, read 62% sure". */
export function cellLabel(cell: Cell, note: CellNote, flags: CellFlags = {}): string {
  const parts = [`Row ${rowOf(cell) + 1}, column ${colOf(cell) + 1}`]
  const printed = note.origin === 'given' && note.read === 'given' ? 'printed' : ORIGIN_WORDS[note.origin]
  parts.push(note.digit ? `${note.digit} ${printed}` : 'empty')
  if (!note.digit && note.marks === MARKS_UNREAD) parts.push('pencil marks that could not be read')
  else if (!note.digit && note.marks) parts.push(`pencil marks ${digitsOf(note.marks).join(' ')}`)
  const sure = note.confidence === null ? '' : `read ${Math.round(note.confidence * 100)}% sure`
  if (note.doubt === 'repaired') parts.push(`chosen by the Sudoku rules, ${sure}`)
  else if (note.doubt === 'informed') parts.push(`decided by the solution, ${sure}`)
  else if (note.doubt === 'low-confidence') parts.push(sure)
  if (note.corrected) parts.push(`corrected, read as ${readWords(note)}`)
  if (flags.conflict) parts.push('conflict')
  if (flags.mistake) parts.push('mistake')
  if (flags.problem) parts.push(PROBLEM_WORDS[flags.problem])
  return parts.join(', ')
}
