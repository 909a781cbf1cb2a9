/**
 * The digit the move log settles in each run of a cell's shots (timelapse/cell-track.ts's segments):
 * the best reading, unless it is unclear and the solution or the board's candidates choose another,
 * as the reader settles one on a photo (vision/paper/decide-page.ts); such a digit is `doubtful`.
 * Also what the log weighs on a page, found once for all it tells of it (PageEvidence).
 */
import { CELLS, type Cell, type Digit, type Grid, peers } from '../sudoku/board'
import { type Segment, type ShotInk, type ShotReading, digitSegments } from './cell-track'
import type { Page } from './pages'
import { type ShotFields, type ShotRecord, shotFields } from './shots'
import { NEW_INK, inkChanged } from './trigger'
import { CLOSE_RATIO, closeReadings, printRuledOut, settlingRatio, sureDigit } from '../vision/paper/decide-page'

/** What the log weighs on a page, per shot and per cell: found once for all it tells of the page. */
export interface PageEvidence {
  /** Each shot's marks fields (per cell). */
  readonly marks: readonly (readonly string[])[]
  /** Each shot's ink, where it kept it. */
  readonly ink: readonly (Float64Array | undefined)[]
  /** What the watch measured of each cell (the outer index) at each shot. */
  readonly inks: readonly (ShotInk | undefined)[][]
  /** Each cell's digit segments (digitTracks). */
  readonly tracks: readonly Segment[][]
}

/** A page's evidence, from its shots' records. */
export function pageEvidence({ shots, givens }: Page): PageEvidence {
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

/** A digit's odds against `best` per shot (the geometric mean over the segment's read shots), on a photo reading's scale. */
const oddsAgainst =
  (segment: Segment, best: Digit) =>
  (d: number): number =>
    Math.exp((segment.logEvidence[d - 1] - segment.logEvidence[best - 1]) / Math.max(1, segment.readShots))

/** Whether no digit but a segment's best is read within CLOSE_RATIO of it (closeReadings). */
export function readClearly(segment: Segment): boolean {
  return !segment.digit || closeReadings(segment.digit, oddsAgainst(segment, segment.digit)).length === 0
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
export function settledDigit(
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
export function settledTrack(
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
export function digitAt(track: readonly Segment[], i: number): number {
  return track.find((s) => s.from <= i && i < s.to)?.digit ?? 0
}
