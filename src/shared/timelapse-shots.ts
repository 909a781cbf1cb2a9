/**
 * The per-shot record a time-lapse keeps in its manifest: the board as read from the paper when the
 * shot was taken (printed givens, pen entries, pencil marks) and when, in seconds since the session
 * started. From these records a session can be replayed or told as its moves (timelapse-moves.ts).
 *
 * Boards are stored as text so a manifest stays small and readable: givens and entries as 81 digits
 * (0 = empty), pencil marks as 81 comma-separated fields of the marked digits ("137"), "?" for marks
 * that were seen but could not be read (MARKS_UNREAD), "" for none.
 */
import { type Guard, ValidationError, object, present } from './guards'
import { ALL_DIGITS_MASK, CELLS, type Grid, MARKS_UNREAD, type PencilMarks, digitsOf } from './sudoku/board'
import { marksMask } from './sudoku/pencil'
import { type CellReading, entriesOf, givensOf } from './vision/cell-reading'

/** The board as read from one shot, in its stored text form. */
export interface ShotBoard {
  readonly givens: string
  readonly entries: string
  readonly marks: string
}

export interface ShotRecord extends ShotBoard {
  /** The shot's frame number (its file, unless the shot was dropped or the frames deleted). */
  readonly frame: number
  /** Seconds since the session started. */
  readonly seconds: number
}

const DIGITS_81 = /^[0-9]{81}$/
const MARK_FIELD = /^\??[1-9]{0,9}$/
/** 81 fields of at most "?123456789": the longest marks text a board can have. */
export const MAX_MARKS_TEXT = CELLS * 11

export const gridText = (grid: Grid): string => Array.from(grid, (d) => String(d)).join('')

export function gridOfText(text: string): Grid {
  return Uint8Array.from(text, (c) => Number(c))
}

export function marksText(marks: PencilMarks): string {
  return Array.from(marks, (mask) => (mask & MARKS_UNREAD ? '?' : '') + digitsOf(mask & ALL_DIGITS_MASK).join('')).join(',')
}

/** The marks a text stands for, or undefined when it is not 81 well-formed fields. */
export function marksOfText(text: string): PencilMarks | undefined {
  const fields = text.split(',')
  if (fields.length !== CELLS || !fields.every((f) => MARK_FIELD.test(f))) return undefined
  return Uint16Array.from(fields, (f) => marksMask([...f.replace('?', '')].map(Number)) | (f.startsWith('?') ? MARKS_UNREAD : 0))
}

export function shotBoard(givens: Grid, entries: Grid, marks: PencilMarks): ShotBoard {
  return { givens: gridText(givens), entries: gridText(entries), marks: marksText(marks) }
}

/** The board of a page as the reader saw it: its givens, pen entries and pencil marks. */
export function shotBoardOfReadings(cells: readonly CellReading[]): ShotBoard {
  const marks = Uint16Array.from(cells, (c) => (c.kind === 'marks' ? marksMask(c.marks) || MARKS_UNREAD : 0))
  return shotBoard(givensOf(cells), entriesOf(cells), marks)
}

/** Why a board from outside (a request, a manifest) is not one, or null when it is. */
export function shotBoardProblem(board: { givens: unknown; entries: unknown; marks: unknown }): string | null {
  if (typeof board.givens !== 'string' || !DIGITS_81.test(board.givens)) return 'givens must be 81 digits'
  if (typeof board.entries !== 'string' || !DIGITS_81.test(board.entries)) return 'entries must be 81 digits'
  if (typeof board.marks !== 'string' || board.marks.length > MAX_MARKS_TEXT || !marksOfText(board.marks))
    return 'marks must be 81 comma-separated fields of digits 1-9 (a leading ? for unread marks)'
  return null
}

/** A board from a request: exactly givens, entries and marks (unknown keys refused), each well formed. */
export const shotBoardGuard: Guard<ShotBoard> = (value, path = 'board') => {
  const board = object({ givens: present(), entries: present(), marks: present() })(value, path)
  const problem = shotBoardProblem(board)
  if (problem) throw new ValidationError(`${path}: ${problem}`)
  return board as ShotBoard
}

/**
 * The shot records of a manifest read from disk: a missing list (a manifest from before shots were
 * recorded) is none, and a damaged record is left out rather than failing the whole session.
 */
export function shotRecordsOf(raw: unknown): ShotRecord[] {
  if (!Array.isArray(raw)) return []
  const out: ShotRecord[] = []
  for (const r of raw) {
    if (typeof r !== 'object' || r === null) continue
    const { frame, seconds, givens, entries, marks } = r as Record<string, unknown>
    if (!Number.isInteger(frame) || (frame as number) < 1 || typeof seconds !== 'number' || !(seconds >= 0)) continue
    if (shotBoardProblem({ givens, entries, marks })) continue
    out.push({ frame: frame as number, seconds, givens: givens as string, entries: entries as string, marks: marks as string })
  }
  return out
}
