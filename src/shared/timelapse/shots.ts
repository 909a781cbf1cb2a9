/**
 * The per-shot record a time-lapse keeps in its manifest: the board read from the paper at the shot,
 * and when (seconds since the session started), from which a session is replayed or told as its
 * moves (timelapse/moves.ts). Stored as text, so a manifest stays small and readable; per cell:
 * - givens and entries: 81 digits (0 = empty);
 * - marks: 81 comma-separated fields of the marked digits ("137"), "?" for marks seen but unread, "" for none;
 * - probs: each handwritten digit's probabilities as `digit:percent` pairs ("7:62 1:30"), "" for no digit;
 * - ink: each cell's ink as the watch measured it (vision/watch/cell-ink.ts), in thousandths;
 * - arrived: tenths of a second before the shot that the watch first saw the cell's new ink, "" for none.
 */
import { type Guard, ValidationError, object, optional, present } from '../guards'
import { ALL_DIGITS_MASK, CELLS, type Grid, MARKS_UNREAD, type PencilMarks, digitsOf } from '../sudoku/board'
import { marksMask } from '../sudoku/pencil'
import type { TriggerDecision } from './trigger'
import { type CellReading, entriesOf, givensOf } from '../vision/cell-reading'

/** The board as read from one shot, in its stored text form. */
export interface ShotBoard {
  readonly givens: string
  readonly entries: string
  readonly marks: string
  /** Absent in boards recorded before they were kept. */
  readonly probs?: string
  /** Absent in boards recorded before it was kept, and in shots not taken by the paper watch. */
  readonly ink?: string
  /** When each cell's new ink arrived (above): absent in boards recorded before it was kept, and in shots not taken by the paper watch. */
  readonly arrived?: string
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
const PROBS_FIELD = /^(?:[1-9]:\d{1,3}(?: [1-9]:\d{1,3}){0,8})?$/
/** 81 fields of at most nine "9:100" pairs. */
export const MAX_PROBS_TEXT = CELLS * 55
/** A digit read under this (1%) is left out of the text: the log floors probabilities at MIN_PROB, which is lower. */
export const PROBS_KEPT = 0.01
const INK_FIELD = /^(?:1000|\d{1,3})$/
/** 81 fields of at most "1000". */
export const MAX_INK_TEXT = CELLS * 5
/** Tenths of a second: five digits hold 2.7 hours, more than any wait between shots but an idle one, which is capped. */
const ARRIVED_FIELD = /^\d{0,5}$/
const MAX_ARRIVED_TENTHS = 99_999
/** 81 fields of at most "99999". */
export const MAX_ARRIVED_TEXT = CELLS * 6

export const gridText = (grid: Grid): string => Array.from(grid, (d) => String(d)).join('')

/** Whether a board's cell holds a digit, printed or written. */
export const holdsDigit = (board: Pick<ShotBoard, 'givens' | 'entries'>, cell: number): boolean => board.givens[cell] !== '0' || board.entries[cell] !== '0'

/** The start of a marks field whose marks were seen but not read ("?", or "?37" with some read). */
export const UNREAD_FIELD = '?'

export function gridOfText(text: string): Grid {
  return Uint8Array.from(text, (c) => Number(c))
}

export function marksText(marks: PencilMarks): string {
  return Array.from(marks, (mask) => (mask & MARKS_UNREAD ? UNREAD_FIELD : '') + digitsOf(mask & ALL_DIGITS_MASK).join('')).join(',')
}

/** The marks a text stands for, or undefined when it is not 81 well-formed fields. */
export function marksOfText(text: string): PencilMarks | undefined {
  const fields = text.split(',')
  if (fields.length !== CELLS || !fields.every((f) => MARK_FIELD.test(f))) return undefined
  return Uint16Array.from(fields, (f) => marksMask([...f.replace(UNREAD_FIELD, '')].map(Number)) | (f.startsWith(UNREAD_FIELD) ? MARKS_UNREAD : 0))
}

/** Each cell's digit probabilities (index d - 1, null for no digit) in the stored text form. */
export function probsText(probs: readonly (ArrayLike<number> | null | undefined)[]): string {
  return probs
    .map((p) => {
      if (!p) return ''
      const kept = Array.from(p, (x, i) => ({ digit: i + 1, percent: Math.round(Math.min(1, Math.max(0, x)) * 100) }))
        .filter(({ percent }, i) => p[i] >= PROBS_KEPT && percent > 0)
        .sort((a, b) => b.percent - a.percent)
      return kept.map(({ digit, percent }) => `${digit}:${percent}`).join(' ')
    })
    .join(',')
}

/**
 * The probabilities a text stands for (index d - 1, 0 for digits left out; null for no digit), or
 * undefined when malformed. In double precision: 1% against 50% meets INFORMED_RATIO as written, not in 32 bits.
 */
export function probsOfText(text: string): (Float64Array | null)[] | undefined {
  const fields = text.split(',')
  if (fields.length !== CELLS || !fields.every((f) => PROBS_FIELD.test(f))) return undefined
  return fields.map((field) => {
    if (!field) return null
    const probs = new Float64Array(9)
    for (const pair of field.split(' ')) probs[Number(pair[0]) - 1] = Math.min(100, Number(pair.slice(2))) / 100
    return probs
  })
}

/** Each cell's ink share (0..1) in the stored text form, in thousandths. */
export function inkText(ink: ArrayLike<number>): string {
  return Array.from(ink, (x) => Math.round(Math.min(1, Math.max(0, x)) * 1000)).join(',')
}

/**
 * The ink shares (0..1) a text stands for, or undefined when not 81 numbers of 0-1000. In double
 * precision, so a stored 0.005 still meets MARKS_INK_RISE (in 32 bits 5/1000 falls under it).
 */
export function inkOfText(text: string): Float64Array | undefined {
  const fields = text.split(',')
  if (fields.length !== CELLS || !fields.every((f) => INK_FIELD.test(f))) return undefined
  return Float64Array.from(fields, (f) => Number(f) / 1000)
}

/** The stored text of when a shot's new ink arrived (the trigger's decision to shoot at the look of time `at`, ms). */
export function arrivedText({ changed, arrived }: Pick<TriggerDecision, 'changed' | 'arrived'>, at: number): string {
  const fields = new Array<string>(CELLS).fill('')
  for (const [i, cell] of changed.entries()) fields[cell] = String(Math.min(MAX_ARRIVED_TENTHS, Math.max(0, Math.round((at - arrived[i]) / 100))))
  return fields.join(',')
}

/** How long before the shot each cell's new ink was first seen (seconds, NaN for none), or undefined when the text is malformed. */
export function arrivedOfText(text: string): Float32Array | undefined {
  const fields = text.split(',')
  if (fields.length !== CELLS || !fields.every((f) => ARRIVED_FIELD.test(f))) return undefined
  return Float32Array.from(fields, (f) => (f ? Number(f) / 10 : NaN))
}

/** A shot record's fields as the move log weighs them. */
export interface ShotFields {
  /** Each cell's marks field ("137", "?" unread, "" none). */
  readonly marks: readonly string[]
  readonly probs: (Float64Array | null)[] | undefined
  readonly ink: Float64Array | undefined
  readonly arrived: Float32Array | undefined
}

const fieldsOfShot = new WeakMap<ShotRecord, ShotFields>()

/** A shot's fields, parsed once per record: the live panel weighs every shot at each new one, and records never change. */
export function shotFields(shot: ShotRecord): ShotFields {
  let fields = fieldsOfShot.get(shot)
  if (!fields) {
    fields = {
      marks: shot.marks.split(','),
      probs: shot.probs ? probsOfText(shot.probs) : undefined,
      ink: shot.ink ? inkOfText(shot.ink) : undefined,
      arrived: shot.arrived ? arrivedOfText(shot.arrived) : undefined,
    }
    fieldsOfShot.set(shot, fields)
  }
  return fields
}

export function shotBoard(givens: Grid, entries: Grid, marks: PencilMarks, probs?: readonly (ArrayLike<number> | null | undefined)[]): ShotBoard {
  const board = { givens: gridText(givens), entries: gridText(entries), marks: marksText(marks) }
  return probs ? { ...board, probs: probsText(probs) } : board
}

/** What the paper watch saw at a shot: each cell's ink, and when new ink arrived (arrivedText). */
export interface WatchedInk {
  readonly ink?: ArrayLike<number>
  readonly arrived?: string
}

/**
 * The board of a page as the reader saw it: its givens, pen entries, pencil marks and digit
 * probabilities, and each cell's ink and its arrival as the watch measured them, where it did.
 */
export function shotBoardOfReadings(cells: readonly CellReading[], { ink, arrived }: WatchedInk = {}): ShotBoard {
  const marks = Uint16Array.from(cells, (c) => (c.kind === 'marks' ? marksMask(c.marks) || MARKS_UNREAD : 0))
  const board = shotBoard(
    givensOf(cells),
    entriesOf(cells),
    marks,
    cells.map((c) => (c.digit ? c.written : null)),
  )
  return { ...board, ...(ink?.length === CELLS ? { ink: inkText(ink) } : {}), ...(arrived ? { arrived } : {}) }
}

/** Why a board from outside (a request, a manifest) is not one, or null when it is. */
export function shotBoardProblem(board: {
  givens: unknown
  entries: unknown
  marks: unknown
  probs?: unknown
  ink?: unknown
  arrived?: unknown
}): string | null {
  if (typeof board.givens !== 'string' || !DIGITS_81.test(board.givens)) return 'givens must be 81 digits'
  if (typeof board.entries !== 'string' || !DIGITS_81.test(board.entries)) return 'entries must be 81 digits'
  if (typeof board.marks !== 'string' || board.marks.length > MAX_MARKS_TEXT || !marksOfText(board.marks))
    return 'marks must be 81 comma-separated fields of digits 1-9 (a leading ? for unread marks)'
  return probsProblem(board.probs) ?? inkProblem(board.ink) ?? arrivedProblem(board.arrived)
}

/** What is wrong with a board's optional probabilities (absent is fine), or null. */
function probsProblem(probs: unknown): string | null {
  if (probs === undefined || (typeof probs === 'string' && probs.length <= MAX_PROBS_TEXT && probsOfText(probs))) return null
  return 'probs must be 81 comma-separated fields of digit:percent pairs'
}

/** What is wrong with a board's optional ink (absent is fine), or null. */
function inkProblem(ink: unknown): string | null {
  if (ink === undefined || (typeof ink === 'string' && ink.length <= MAX_INK_TEXT && inkOfText(ink))) return null
  return 'ink must be 81 comma-separated numbers of 0-1000'
}

/** What is wrong with a board's optional arrivals of ink (absent is fine), or null. */
function arrivedProblem(arrived: unknown): string | null {
  if (arrived === undefined || (typeof arrived === 'string' && arrived.length <= MAX_ARRIVED_TEXT && arrivedOfText(arrived))) return null
  return 'arrived must be 81 comma-separated fields of tenths of a second (empty for none)'
}

/** A board from a request: givens, entries, marks and optionally probs, ink and arrived (unknown keys refused), each well formed. */
export const shotBoardGuard: Guard<ShotBoard> = (value, path = 'board') => {
  const board = object({
    givens: present(),
    entries: present(),
    marks: present(),
    probs: optional(present()),
    ink: optional(present()),
    arrived: optional(present()),
  })(value, path)
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
    const { frame, seconds, givens, entries, marks, probs, ink, arrived } = r as Record<string, unknown>
    if (!Number.isInteger(frame) || (frame as number) < 1 || typeof seconds !== 'number' || !(seconds >= 0)) continue
    if (shotBoardProblem({ givens, entries, marks })) continue
    // Damaged probabilities, ink or arrivals cost the record only them: the board as read still stands.
    const probsKept = probs !== undefined && !probsProblem(probs)
    const inkKept = ink !== undefined && !inkProblem(ink)
    const arrivedKept = arrived !== undefined && !arrivedProblem(arrived)
    out.push({
      frame: frame as number,
      seconds,
      givens: givens as string,
      entries: entries as string,
      marks: marks as string,
      ...(probsKept ? { probs: probs as string } : {}),
      ...(inkKept ? { ink: ink as string } : {}),
      ...(arrivedKept ? { arrived: arrived as string } : {}),
    })
  }
  return out
}
