/**
 * A recorded session told as its moves: each pen digit that appeared, changed or was erased, and
 * each cell's pencil marks as they changed, with the time of the shot that first shows the change.
 *
 * A written digit is read again in every later shot, so a cell's digit is decided from the evidence
 * of all the shots that show it (cell-track.ts): the reader's probabilities, summed over the shots,
 * with a cost for each change, so a reading that flips back and forth is no move, and an erasure
 * or an overwrite is one only when it persists. A change costs more at a shot where the watch saw
 * the cell's ink stay as it was (the shots' `ink`, where recorded). An unclear stroke is settled
 * much as the reader settles one on a photo (paper.ts): by the solution of the printed givens, when
 * its digit is read nearly as well as the best or the best repeats a printed digit of the cell's
 * row, column or box, or a right digit written there later (rightLaterInPeer); nearly as well
 * asks more where the best was one of few candidates when written, as a person's mistake is a
 * candidate then (writtenSettlingRatio); else, where the best reading repeats a digit of its row,
 * column or box, by the board's candidates. A stroke read about
 * evenly as a printed digit of the cell's row, column or box and one other is that other, as on a
 * photo (paper.ts's printRuledOut). A settled move
 * says so (`doubtful`). Any other clear digit is never changed: a mistake is logged as written.
 * Pencil marks, too, are weighed with the cell's ink: they appear where the watch saw ink arrive
 * (or, at the first shot, saw ink), read or too light to read, and a speck read as marks is none.
 * A session that moves on to another puzzle (timelapse/pages.ts) is told page by page, each
 * against its own print.
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
  /** The reading was unclear between digits, and the solution or the board's candidates chose this one. */
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
  /** The page's number in the session, from 1 (the first page, where a session starts, has no move). */
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
 * The moves between a page's shots, in time order: those one shot shows in the order the watch saw
 * their ink arrive (the shots' `arrived`, where recorded), ink it did not see arrive last, and cells
 * of the same arrival in reading order. A digit written, left, and followed by another before the
 * grid was steady long enough for a shot shares that shot with it (on the synthetic session, a pen
 * resting at the frame's edge, PEN_AWAY_MS): its cell alone would put them in reading order. Print
 * does not appear during a session, so the page's givens (timelapse/pages.ts) are never moves;
 * any digit that appears in another cell later was written, whatever kind the reader took it for (a
 * neat pen digit can pass for print: on the synthetic session one in three did).
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

/**
 * The board as the log has it after a session's last shot: its page's print, and the digit the log
 * settles in each other cell (loggedEntries). "Check my paper" asks it while recording: it weighs
 * every shot, where the last shot alone may misread a digit the shots before read right. Null for a
 * session of no shots.
 */
export function loggedBoard(shots: readonly ShotRecord[]): { givens: Grid; entries: Grid } | null {
  const page = lastPageOf(shots)
  return page && { givens: page.givens, entries: loggedEntries(page) }
}

/**
 * What "Check my paper" weighs while recording, after a session's shots: the board checkedBoard
 * gives, and the pencil marks the log has in each cell, its last page's last marks move there
 * (MARKS_UNREAD where they could not be read), none elsewhere, where one shot's own reading can
 * take a speck of the printed page for marks, or misread a list, and call a mistake in the pencil
 * marks that is not on the paper. One pass over the shots for both. Null for a session of no shots.
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

/**
 * How many cells of the board the log has after `shots` (loggedBoard) hold a digit: the live
 * panel's digits filled, weighed over every shot as "Check my paper" is. A shot's own board can
 * misread a written digit away or read pencil marks as one, and its count then went down or up by
 * one for that shot alone (on 80 synthetic sessions' 3,465 shots, 8 times down, where nothing is
 * ever erased; bench/README.md). 0 for a session of no shots.
 */
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
 * The board "Check my paper" weighs while recording: the log's (loggedBoard), less the wrong digits
 * it read unclearly, another digit read close to the best over their shots (CLOSE_RATIO): a check
 * does not hold against the person a digit it cannot read. On 16 held-out solving sessions
 * (bench:timelapse-session seeds 73-88), all 17 shots whose check was wrong reported a mistake where
 * there was none, from pencil marks read as a digit before later shots read them as marks; 10 of
 * them read that digit unclearly (8 at 0.54 and 5 at 0.31 for marks 5 7 8).
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

/**
 * The digit the log settles in each unprinted cell of a page after its last shot (one already there
 * at the page's first shot too, which is no move); 0 in the others.
 */
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

/**
 * A digit's odds against `best` over a segment's shots: per shot (the geometric mean over the shots
 * that read a digit there), on the scale of the reader's one reading of a photo.
 */
const oddsAgainst =
  (segment: Segment, best: Digit) =>
  (d: number): number =>
    Math.exp((segment.logEvidence[d - 1] - segment.logEvidence[best - 1]) / Math.max(1, segment.readShots))

/** Whether no digit but a segment's best is read within CLOSE_RATIO of it (paper.ts's closeReadings). */
function readClearly(segment: Segment): boolean {
  return !segment.digit || closeReadings(segment.digit, oddsAgainst(segment, segment.digit)).length === 0
}

/** What the log weighs on a page, per shot and per cell: found once for all it tells of the page. */
interface PageEvidence {
  /** Each shot's marks fields (per cell). */
  readonly marks: readonly (readonly string[])[]
  /** Each shot's ink, where it kept it. */
  readonly ink: readonly (Float64Array | undefined)[]
  /** What the watch measured of each cell (the outer index) at each shot (shotInks). */
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

/** Each unprinted cell's digit segments over a page's shots (cell-track.ts), from the cells' ink (shotInks); none for printed cells. */
function digitTracks(shots: readonly ShotRecord[], givens: Grid, fields: readonly ShotFields[], inks: readonly (ShotInk | undefined)[][]): Segment[][] {
  const readings = (cell: Cell) => shots.map((s, i) => readingOf(s, fields[i].probs, fields[i].marks[cell], cell))
  return Array.from({ length: CELLS }, (_, cell) => (givens[cell] === 0 ? digitSegments(readings(cell), inks[cell]) : []))
}

/** What the watch measured of each cell (the outer index) at each shot, for cell-track.ts (undefined where a shot kept no ink). */
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

/**
 * What one shot read in a cell: its digit's probabilities as handwriting, pencil marks (its marks
 * field, timelapse/shots.ts), or nothing.
 */
function readingOf(shot: ShotRecord, probs: (Float64Array | null)[] | undefined, marks: string | undefined, cell: Cell): ShotReading {
  const digit = Number(shot.entries[cell]) || Number(shot.givens[cell])
  if (!digit) return marks ? 'marks' : null
  // A board recorded without probabilities: its digit, sure.
  return probs?.[cell] ?? sureDigit(digit)
}

/**
 * The digits a person's mistake was spread over in the measurement behind INFORMED_RATIO (paper.ts:
 * each entry read right, every other digit tried as the solution).
 */
const OTHER_DIGITS = 8

/**
 * How likely the solution's digit must be read, relative to the best reading, to settle a digit
 * whose time of writing the log knows: paper.ts's settlingRatio, which weighs a misread against a
 * mistake spread over the OTHER_DIGITS, made as much higher as a mistake is likelier to be this
 * digit. A person writes a candidate of the cell as the board stands then, so where the best reading
 * is one of `wrongCandidates` (the candidates then, less the solution's digit) a mistake is that
 * digit OTHER_DIGITS / wrongCandidates times as often, while a misread lands on it no more often for
 * being one; where it is no candidate then, as settlingRatio (a photo cannot tell when a digit was
 * written, so the reader keeps settlingRatio). On the 35 synthetic sessions (bench:timelapse-session)
 * this settled the same misreads as before, and logged the 3 mistakes of `--mistakes` seeds 1-5 it
 * hid as written (their solution's digit read at 0.022-0.043 of the best, in a cell with 2 or 3
 * wrong candidates); on seeds 6-10, never looked at for it, 2 of the 3 it hid.
 */
function writtenSettlingRatio(givens: Grid, cell: Cell, best: Digit, right: Digit, boardThen: ReadonlySet<number>): number {
  if (boardThen.has(best)) return settlingRatio(givens, cell, best)
  let wrongCandidates = 0
  for (let d = 1; d <= 9; d++) if (d !== right && !boardThen.has(d)) wrongCandidates++
  return (settlingRatio(givens, cell, best) * OTHER_DIGITS) / wrongCandidates
}

/**
 * A segment's digit: its best reading over its shots (or, where that repeats a printed peer and the
 * reading is split between it and one other digit, the other: paper.ts's printRuledOut), unless the
 * solution's digit is read nearly as well or the best repeats a printed peer (writtenSettlingRatio,
 * with the board at the segment's first shot) or a right digit written later (rightLaterInPeer), or
 * the best is already in a peer cell on the board at the segment's last shot and a candidate is read
 * close to it (CLOSE_RATIO: with the best given up only where it repeats a digit of its row, column
 * or box, fewer clearly written wrong digits still are taken for the candidate than the 1.8% that
 * ratio measures). Ratios are oddsAgainst's.
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
 * Whether `best` was written later in a peer of the cell, as that peer's solution, while the cell
 * read `best`: a peer segment of that digit begun at a later shot than the cell's and before its
 * end. A person checks a digit's row, column and box before writing it, as they check the print
 * (paper.ts's settlingRatio), so they did not see `best` in the cell then: the cell's reading
 * is a misread, not a mistake. Digits read in one shot say nothing of which came first.
 */
function rightLaterInPeer(segment: Segment, cell: Cell, best: Digit, tracks: readonly Segment[][], solution: Grid): boolean {
  return peers[cell].some(
    (peer) => solution[peer] === best && tracks[peer].some((other) => other.digit === best && other.from > segment.from && other.from < segment.to),
  )
}

/**
 * Each segment's digit (settledDigit), where two running segments that settle to one digit, the
 * later begun where ink arrived in the cell, are not one: a person writes no digit over itself, so
 * the earlier was something else read as a digit and settled to the one written later, and the
 * digit is written where the ink arrived. image1049's crease across r9c5 and r9c6 was read as an
 * unsure 6 from the first shot on, settled to the solution's 2 and 8, and the 2 and 8 written
 * there later were no moves.
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

/**
 * A rise in a cell's ink share between two shots that is ink arriving, for pencil marks: two small
 * marks in a cell's top row (1 and 2) add only 0.007-0.011 to its middle's share on the synthetic
 * sessions, under the trigger's NEW_INK (0.012), while shake and noise move it by at most 0.003
 * (timelapse/trigger.ts). As there (inkChanged), a share already high must change by NEW_INK_SHARE of itself.
 */
export const MARKS_INK_RISE = 0.005

/** Per shot, what the watch saw of a cell's ink (timelapse/trigger.ts's inkChanged, at MARKS_INK_RISE). */
interface InkEvents {
  /** The cell holds ink the watch saw arrive: its ink rose at a shot and has not fallen as much since. */
  readonly arrived: readonly boolean[]
  /** The cell's ink changed at this shot (pencil added or erased). */
  readonly changed: readonly boolean[]
}

/**
 * The watch's ink events of a cell, or null where the shots kept no ink (a manifest from before it
 * was kept). Pencilling and erasing change a cell's ink, specks and shadows on the paper do not:
 * on the synthetic sessions seeds 1-20, of the 182 cells pencilled, the ink of 180 rose by NEW_INK
 * or more at the shot that first shows them, and the other 2 by 0.007 and 0.011.
 */
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
 * A cell's pencil marks as they changed, at the time a new reading was first read. A reading
 * counts once a later shot reads it too, with at most shots that could not read the marks between
 * (an unsure reading of the same pencil is no evidence against it), or when no later shot reads the
 * cell otherwise: it is the last shot, or the shots after it could not read the marks, up to the
 * last or to a digit written over them (on 80 synthetic sessions, two lists read right once, then
 * unread to the end, were logged unread). Marks that go when a digit is written over them
 * are the digit's move, not theirs. Where the shots kept the cells' ink (`events`), marks appear
 * only with ink: a cell read as marks where no ink arrived is a speck read as marks (read empty,
 * it stays empty), and a cell read empty where ink arrived holds marks too light to read (logged
 * unread); and marks once read turn unread only where the cell's ink changed since. Marks already
 * there at the first shot are taken as read, where the watch saw ink in the cell then
 * (`inkAtStart`, MARKS_INK_RISE or more of its middle): a speck read as marks in the first shot,
 * before any ink could arrive, is none.
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
    // A field is "137", or "?" for marks seen but not read (timelapse/shots.ts).
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
