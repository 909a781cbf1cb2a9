/**
 * A recorded session told as its moves: each pen digit written, changed or erased, and each cell's
 * pencil marks as they changed, at the first shot that shows it. A cell's digit is decided over all
 * its shots (timelapse/cell-track.ts); an unclear stroke is settled by the solution or the board's
 * candidates, as on a photo (vision/paper/decide-page.ts), and marked `doubtful`.
 */
import { CELLS, type Cell, type Digit, type Grid, MARKS_UNREAD, type PencilMarks, cellName, peers } from '../sudoku/board'
import { marksMask } from '../sudoku/pencil'
import { type Segment, type ShotInk, type ShotReading, digitSegments } from './cell-track'
import { type Page, pagesOf } from './pages'
import { type ShotFields, type ShotRecord, UNREAD_FIELD, gridText, shotFields } from './shots'
import { NEW_INK, inkChanged } from './trigger'
import { CLOSE_RATIO, closeReadings, printRuledOut, settlingRatio, sureDigit } from '../vision/paper/decide-page'

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

function movesOfEvidence({ shots, givens, solution }: Page, { marks, ink, inks, tracks }: PageEvidence): (DigitMove | MarksMove)[] {
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

/** The board the log has after a session's last shot: its page's print and the digit settled in each other cell; null for no shots. */
export function loggedBoard(shots: readonly ShotRecord[]): { givens: Grid; entries: Grid } | null {
  const page = lastPageOf(shots)
  return page && { givens: page.givens, entries: loggedEntries(page) }
}

/**
 * What "Check my paper" weighs while recording: checkedBoard's board, and each cell's marks as its
 * last marks move has them, not one shot's reading (which can take a speck for marks). Null for no shots.
 */
export function checkedPaper(shots: readonly ShotRecord[]): { givens: Grid; entries: Grid; marks: PencilMarks } | null {
  const page = lastPageOf(shots)
  if (!page) return null
  const evidence = pageEvidence(page)
  const marks = new Uint16Array(CELLS)
  for (const move of movesOfEvidence(page, evidence)) {
    if (move.kind === 'marks') marks[move.cell] = marksMask(move.marks) | (move.unread ? MARKS_UNREAD : 0)
  }
  return { ...checkedBoardOf(page, evidence), marks }
}

/** How many cells of loggedBoard hold a digit: the live panel's count, which one shot's own board may misread. */
export function loggedDigitsFilled(shots: readonly ShotRecord[]): number {
  const board = loggedBoard(shots)
  return board ? digitsOn(board.givens, board.entries) : 0
}

/** Cells holding a digit, printed (`givens`) or written (`entries`). */
export function digitsOn(givens: Grid, entries: Grid): number {
  let filled = 0
  for (let cell = 0; cell < CELLS; cell++) if (givens[cell] || entries[cell]) filled++
  return filled
}

/**
 * The board "Check my paper" weighs while recording: loggedBoard less the wrong digits read unclearly
 * (another within CLOSE_RATIO): a check does not blame a person for a digit it cannot read.
 */
export function checkedBoard(shots: readonly ShotRecord[]): { givens: Grid; entries: Grid } | null {
  const page = lastPageOf(shots)
  return page && checkedBoardOf(page, pageEvidence(page))
}

function checkedBoardOf(page: Page, evidence: PageEvidence): { givens: Grid; entries: Grid } {
  const { entries, clear } = settledEntries(page, evidence)
  const checked = entries.map((d, cell) => (clear[cell] || d === page.solution?.[cell] ? d : 0))
  return { givens: page.givens, entries: checked }
}

/** A session's last page (pagesOf), or null for a session of no shots. */
function lastPageOf(shots: readonly ShotRecord[]): Page | null {
  const page = pagesOf(shots).at(-1)!
  return page.shots.length ? page : null
}

/** The digit the log settles in each unprinted cell of a page after its last shot; 0 in the others. */
export function loggedEntries(page: Page): Grid {
  return settledEntries(page).entries
}

/** loggedEntries, and per cell whether its digit was read clearly (readClearly). */
function settledEntries(page: Page, { tracks }: PageEvidence = pageEvidence(page)): { entries: Grid; clear: boolean[] } {
  const entries = new Uint8Array(CELLS)
  const clear = Array<boolean>(CELLS).fill(true)
  for (let cell = 0; cell < CELLS; cell++) {
    const last = tracks[cell].at(-1)
    if (!last) continue
    entries[cell] = settledDigit(last, cell, tracks, page.givens, page.solution).digit
    clear[cell] = readClearly(last)
  }
  return { entries, clear }
}

/** A digit's odds against `best` per shot (the geometric mean over the segment's read shots), on a photo reading's scale. */
const oddsAgainst =
  (segment: Segment, best: Digit) =>
  (d: number): number =>
    Math.exp((segment.logEvidence[d - 1] - segment.logEvidence[best - 1]) / Math.max(1, segment.readShots))

/** Whether no digit but a segment's best is read within CLOSE_RATIO of it (closeReadings). */
function readClearly(segment: Segment): boolean {
  return !segment.digit || closeReadings(segment.digit, oddsAgainst(segment, segment.digit)).length === 0
}

/** What the log weighs on a page, per shot and per cell: found once for all it tells of the page. */
interface PageEvidence {
  /** Each shot's marks fields (per cell). */
  readonly marks: readonly (readonly string[])[]
  /** Each shot's ink, where it kept it. */
  readonly ink: readonly (Float64Array | undefined)[]
  /** What the watch measured of each cell (the outer index) at each shot. */
  readonly inks: readonly (ShotInk | undefined)[][]
  /** Each cell's digit segments (digitTracks). */
  readonly tracks: readonly Segment[][]
}

function pageEvidence({ shots, givens }: Page): PageEvidence {
  const fields = shots.map(shotFields)
  const marks = fields.map((f) => f.marks)
  const ink = fields.map((f) => f.ink)
  const inks = shotInks(ink)
  return { marks, ink, inks, tracks: digitTracks(shots, givens, fields, inks) }
}

/** Each unprinted cell's digit segments over a page's shots (timelapse/cell-track.ts); none for printed cells. */
function digitTracks(shots: readonly ShotRecord[], givens: Grid, fields: readonly ShotFields[], inks: readonly (ShotInk | undefined)[][]): Segment[][] {
  const readings = (cell: Cell) => shots.map((s, i) => readingOf(s, fields[i].probs, fields[i].marks[cell], cell))
  return Array.from({ length: CELLS }, (_, cell) => (givens[cell] === 0 ? digitSegments(readings(cell), inks[cell]) : []))
}

/** What the watch measured of each cell (the outer index) at each shot; undefined where a shot kept no ink. */
function shotInks(ink: readonly (Float64Array | undefined)[]): (ShotInk | undefined)[][] {
  return Array.from({ length: CELLS }, (_, cell) =>
    ink.map((now, i) => {
      if (!now) return undefined
      const before = i ? ink[i - 1]?.[cell] : undefined
      const change = before === undefined ? undefined : !inkChanged(before, now[cell]) ? 'none' : now[cell] > before ? 'arrived' : 'went'
      return { change, bare: now[cell] < NEW_INK }
    }),
  )
}

/** What one shot read in a cell: its digit's probabilities, pencil marks, or nothing. */
function readingOf(shot: ShotRecord, probs: (Float64Array | null)[] | undefined, marks: string | undefined, cell: Cell): ShotReading {
  const digit = Number(shot.entries[cell]) || Number(shot.givens[cell])
  if (!digit) return marks ? 'marks' : null
  // A board recorded without probabilities: its digit, sure.
  return probs?.[cell] ?? sureDigit(digit)
}

/** The digits a mistake is spread over in INFORMED_RATIO's measurement (vision/paper/decide-page.ts). */
const OTHER_DIGITS = 8

/**
 * How well the solution's digit must be read, against the best, to settle a digit the log knows the
 * time of: settlingRatio, raised where the best was then one of few wrong candidates, as a person's
 * mistake is a candidate of the board as it stands. A photo cannot tell when, so the reader keeps settlingRatio.
 */
function writtenSettlingRatio(givens: Grid, cell: Cell, best: Digit, right: Digit, boardThen: ReadonlySet<number>): number {
  if (boardThen.has(best)) return settlingRatio(givens, cell, best)
  let wrongCandidates = 0
  for (let d = 1; d <= 9; d++) if (d !== right && !boardThen.has(d)) wrongCandidates++
  return (settlingRatio(givens, cell, best) * OTHER_DIGITS) / wrongCandidates
}

/**
 * A segment's digit: its best reading (printRuledOut), unless the solution's digit is read nearly as
 * well (writtenSettlingRatio; any odds if rightLaterInPeer), or the best is already in a peer at the
 * segment's end and a candidate is read within CLOSE_RATIO. Ratios are oddsAgainst's.
 */
function settledDigit(
  segment: Segment,
  cell: Cell,
  tracks: readonly Segment[][],
  givens: Grid,
  solution: Grid | null,
): { digit: Digit | 0; doubtful: boolean } {
  if (!segment.digit) return { digit: 0, doubtful: false }
  const ratioTo = (best: Digit) => oddsAgainst(segment, best)
  const boardAt = (shot: number) => new Set(peers[cell].map((peer) => givens[peer] || digitAt(tracks[peer], shot)))
  const best = printRuledOut(givens, cell, segment.digit, ratioTo(segment.digit))
  const ratio = ratioTo(best)
  const right = solution?.[cell] ?? 0
  if (solution && right && right !== best) {
    const needed = rightLaterInPeer(segment, cell, best, tracks, solution) ? 0 : writtenSettlingRatio(givens, cell, best, right, boardAt(segment.from))
    if (ratio(right) >= needed) return { digit: right, doubtful: true }
  }
  if (best !== segment.digit) return { digit: best, doubtful: true }
  const taken = boardAt(segment.to - 1)
  if (!taken.has(best)) return { digit: best, doubtful: false }
  let candidate: Digit | 0 = 0
  for (let d = 1; d <= 9; d++) {
    if (taken.has(d)) continue
    if (ratio(d) >= CLOSE_RATIO && (!candidate || segment.logEvidence[d - 1] > segment.logEvidence[candidate - 1])) candidate = d
  }
  return candidate ? { digit: candidate, doubtful: true } : { digit: best, doubtful: false }
}

/**
 * Whether `best` was later written in a peer, as its solution, while the cell read `best`: people
 * check a digit's peers before writing it, so the cell's `best` is a misread.
 */
function rightLaterInPeer(segment: Segment, cell: Cell, best: Digit, tracks: readonly Segment[][], solution: Grid): boolean {
  return peers[cell].some(
    (peer) => solution[peer] === best && tracks[peer].some((other) => other.digit === best && other.from > segment.from && other.from < segment.to),
  )
}

/**
 * Each segment's digit (settledDigit), except that of two running segments settling to one digit, the
 * later begun where ink arrived, the earlier is none: no one writes a digit over itself.
 */
function settledTrack(
  track: readonly Segment[],
  cell: Cell,
  tracks: readonly Segment[][],
  givens: Grid,
  solution: Grid | null,
  inks: readonly (ShotInk | undefined)[],
): { digit: Digit | 0; doubtful: boolean }[] {
  const settled = track.map((segment) => settledDigit(segment, cell, tracks, givens, solution))
  for (let i = 0; i + 1 < track.length; i++) {
    const arrived = inks[track[i + 1].from]?.change === 'arrived'
    if (settled[i].digit && settled[i].digit === settled[i + 1].digit && arrived) settled[i] = { digit: 0, doubtful: false }
  }
  return settled
}

/** The digit a cell's track has at shot `i` (0 for none or a printed cell). */
function digitAt(track: readonly Segment[], i: number): number {
  return track.find((s) => s.from <= i && i < s.to)?.digit ?? 0
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
