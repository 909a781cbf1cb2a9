/**
 * A recorded session told as its moves: each pen digit written, changed or erased (as
 * timelapse/settled-digits.ts settles it), each cell's pencil marks as they changed, weighed with
 * its ink, and each move to another page, at the first shot that shows it.
 */
import { CELLS, type Cell, type Digit, type Grid, cellName } from '../sudoku/board'
import type { Segment } from './cell-track'
import { type Page, pagesOf } from './pages'
import { type ShotRecord, UNREAD_FIELD, gridText, shotFields } from './shots'
import { type PageEvidence, digitAt, pageEvidence, settledTrack } from './settled-digits'
import { inkChanged } from './trigger'

export interface DigitMove {
  readonly kind: 'digit'
  /** Seconds since the session started (the shot that first shows the move). */
  readonly seconds: number
  readonly frame: number
  readonly cell: Cell
  /** The digit now in the cell; 0 when it was erased. */
  readonly digit: Digit | 0
  /** The digit it replaced, 0 for a new one. */
  readonly was: Digit | 0
  /** The reading was unclear, and the solution or the board's candidates chose this digit. */
  readonly doubtful: boolean
}

export interface MarksMove {
  readonly kind: 'marks'
  readonly seconds: number
  readonly frame: number
  readonly cell: Cell
  /** The pencil marks now in the cell, ascending; [] when they were erased or could not be read. */
  readonly marks: readonly Digit[]
  /** Marks were seen but could not be read. */
  readonly unread: boolean
}

export type Move = DigitMove | MarksMove | PageMove

/** Another puzzle under the camera (timelapse/pages.ts): the moves after it are on its page. */
export interface PageMove {
  readonly kind: 'page'
  readonly seconds: number
  readonly frame: number
  /** The page's number in the session, from 1 (the first page has no move). */
  readonly page: number
  /** Its print (timelapse/pages.ts's Page.givens). */
  readonly givens: Grid
}

/** The session's moves, in time order: each page's (pageMoves), after the move to the page. */
export function movesOf(shots: readonly ShotRecord[]): Move[] {
  return pagesOf(shots).flatMap((page, i): Move[] => {
    const start = page.shots[0]
    const turned: PageMove[] = i ? [{ kind: 'page', seconds: start.seconds, frame: start.frame, page: i + 1, givens: page.givens }] : []
    return [...turned, ...pageMoves(page)]
  })
}

/**
 * The moves between a page's shots, in time order: within a shot, in the order the watch saw their
 * ink arrive, then reading order. Givens are never moves; a digit that appears later was written,
 * whatever kind the reader took it for (a neat pen digit can pass for print).
 */
export function pageMoves(page: Page): (DigitMove | MarksMove)[] {
  return page.shots.length ? movesOfEvidence(page, pageEvidence(page)) : []
}

/** pageMoves from the page's evidence, found once where a caller weighs it for more (logged-board.ts's checkedPaper). */
export function movesOfEvidence({ shots, givens, solution }: Page, { marks, ink, inks, tracks }: PageEvidence): (DigitMove | MarksMove)[] {
  const moves: (DigitMove | MarksMove)[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    let was: Digit | 0 = 0
    const settled = settledTrack(tracks[cell], cell, tracks, givens, solution, inks[cell])
    for (const [i, segment] of tracks[cell].entries()) {
      const { digit, doubtful } = settled[i]
      if (segment.from > 0 && digit !== was) {
        const shot = shots[segment.from]
        moves.push({ kind: 'digit', seconds: shot.seconds, frame: shot.frame, cell, digit, was, doubtful })
      }
      was = digit
    }
    moves.push(...marksMoves(shots, marks, cell, tracks[cell], inkEvents(ink, cell), ink[0]?.[cell]))
  }
  const arrived = new Map(shots.map((s) => [s.frame, shotFields(s).arrived]))
  // How long before its shot a move's ink arrived: 0 where the watch did not see it arrive.
  const before = (move: DigitMove | MarksMove) => arrived.get(move.frame)?.[move.cell] || 0
  return moves.sort((a, b) => a.frame - b.frame || before(b) - before(a) || a.cell - b.cell || (a.kind === 'digit' ? -1 : 1))
}

/** A rise in a cell's ink that is pencil arriving: two small marks add 0.007-0.011 on synthetic sessions, shake at most 0.003. */
export const MARKS_INK_RISE = 0.005

/** Per shot, what the watch saw of a cell's ink (inkChanged at MARKS_INK_RISE). */
interface InkEvents {
  /** The cell holds ink the watch saw arrive: it rose at a shot and has not fallen since. */
  readonly arrived: readonly boolean[]
  /** The cell's ink changed at this shot (pencil added or erased). */
  readonly changed: readonly boolean[]
}

/** A cell's ink events, or null where the shots kept no ink: pencilling and erasing change it, specks do not. */
function inkEvents(ink: readonly (Float64Array | undefined)[], cell: Cell): InkEvents | null {
  if (!ink.some(Boolean)) return null
  let arrived = false
  const changed = ink.map((now, i) => {
    const before = i ? ink[i - 1] : undefined
    return Boolean(now && before && inkChanged(before[cell], now[cell], MARKS_INK_RISE))
  })
  return {
    arrived: ink.map((now, i) => {
      if (changed[i]) arrived = now![cell] > ink[i - 1]![cell]
      return arrived
    }),
    changed,
  }
}

/** Whether a marks field lists candidates read ("137"), not none or unread. */
const isReadList = (field: string): boolean => field !== '' && !field.startsWith(UNREAD_FIELD)

/**
 * A cell's pencil marks as they changed. A reading counts once a later shot reads it too (unread
 * shots between are no evidence against it), or no later shot reads otherwise. Where shots kept ink
 * (`events`), marks appear only with ink arriving (at the first shot, with ink there: `inkAtStart`),
 * an empty reading where ink arrived is marks too light to read, and marks turn unread only where
 * the ink changed. Marks a digit is written over are the digit's move.
 */
function marksMoves(
  shots: readonly ShotRecord[],
  marks: readonly (readonly string[])[],
  cell: Cell,
  track: readonly Segment[],
  events: InkEvents | null,
  inkAtStart: number | undefined,
): MarksMove[] {
  const fieldAt = (i: number, settled: string): string => {
    if (digitAt(track, i)) return ''
    const read = marks[i][cell] ?? ''
    if (!events) return read
    if (!read) return events.arrived[i] ? UNREAD_FIELD : ''
    return settled || events.arrived[i] ? read : ''
  }
  const confirmed = (i: number, field: string, settled: string): boolean => {
    for (let j = i + 1; j < shots.length; j++) {
      // A digit written over the marks hides them from the next shot on.
      if (digitAt(track, j)) return true
      const next = fieldAt(j, settled)
      if (next === field) return true
      if (next !== UNREAD_FIELD || !isReadList(field)) return false
    }
    // The last shot, or a list no later shot could read against.
    return true
  }
  const moves: MarksMove[] = []
  const speckAtStart = inkAtStart !== undefined && inkAtStart < MARKS_INK_RISE
  let settled = digitAt(track, 0) || speckAtStart ? '' : (marks[0][cell] ?? '')
  let settledAt = 0
  const inkChangedSince = (i: number): boolean => !events || events.changed.slice(settledAt + 1, i + 1).some(Boolean)
  for (let i = 1; i < shots.length; i++) {
    const field = fieldAt(i, settled)
    if (field === settled || digitAt(track, i) || !confirmed(i, field, settled)) continue
    if (field === UNREAD_FIELD && isReadList(settled) && !inkChangedSince(i)) continue
    // A field is "137", or "?" for marks seen but not read.
    const digits = [...field.replace(UNREAD_FIELD, '')].map((ch) => Number(ch))
    moves.push({ kind: 'marks', seconds: shots[i].seconds, frame: shots[i].frame, cell, marks: digits, unread: field.startsWith(UNREAD_FIELD) })
    settled = field
    settledAt = i
  }
  return moves
}

/** One move as a JSON-lines record for `timelapse --moves`. */
export function moveRecord(move: Move): Record<string, unknown> {
  const when = { seconds: Math.round(move.seconds * 10) / 10, frame: move.frame }
  if (move.kind === 'page') return { ...when, page: move.page, givens: gridText(move.givens) }
  const base = { ...when, cell: cellName(move.cell) }
  if (move.kind === 'marks') return { ...base, marks: move.marks, ...(move.unread ? { unread: true } : {}) }
  return { ...base, digit: move.digit, was: move.was, ...(move.doubtful ? { doubtful: true } : {}) }
}
