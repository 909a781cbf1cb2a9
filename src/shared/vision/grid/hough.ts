/**
 * The grid detector's second way: Hough segments grouped into two directions and into lines, two
 * lines with evenly spaced lines between them (grid/hough-lines.ts) as sides. Survives a broken border.
 */
import type { CV, Own } from '../core/cv'
import { angleDiff, intersectLines, orderCorners } from '../core/geometry'
import { clusterLines, gridLinePairs, type Segment } from './hough-lines'
import { LINE_REACH } from './score'
import { plausibleQuad } from './shape'
import { SCORE_CELL, SCORE_SIZE, stripProfile, warpToSquare } from './square'
import { median } from '../core/median'
import type { Corners, Point } from '../core/image'

type Mat = InstanceType<CV['Mat']>

/** Above this shorter side the image is halved first: HoughLinesP takes 150-300 ms on a 640 px page of text, a quarter halved. */
const HALVE_ABOVE = 300
/** A halved pixel is ink when at least a quarter of its 2×2 block was. */
const HALVED_INK = 64
/** HoughLinesP: votes and length a fifth of the shorter side, gaps a sixtieth. Chosen by hand. */
const VOTES_AND_LENGTH_DIVISOR = 5
const GAP_DIVISOR = 60
/** A segment belongs to a direction's family within this many degrees of it. Chosen by hand. */
const FAMILY_SPREAD_DEG = 20
/** Segments crossing the centre axis within this share of the shorter side are one line. Chosen by hand. */
const SAME_LINE = 0.012
/** Direction histogram: 2° bins; the second direction 50° at least from the first. Chosen by hand. */
const DIRECTION_BINS = 90
const DIRECTIONS_APART_BINS = 25
/** Lines of the other direction that must cross each row and column of cells. */
const MIN_LINES_CROSSING = 2
/** A line crosses a strip when it is this much darker than the cells' middles. Chosen by hand. */
const CROSSING_CONTRAST = 0.4

/** Quads from the best line pairs (`gridLinePairs`) of the two dominant directions. */
export function houghQuads(cv: CV, binary: Mat, own: Own): Corners[] {
  const minSide = Math.min(binary.rows, binary.cols)
  const half = minSide > HALVE_ABOVE ? 2 : 1
  let small = binary
  if (half === 2) {
    small = own(new cv.Mat())
    cv.resize(binary, small, new cv.Size(Math.floor(binary.cols / 2), Math.floor(binary.rows / 2)), 0, 0, cv.INTER_AREA)
    cv.threshold(small, small, HALVED_INK, 255, cv.THRESH_BINARY)
  }
  const s = minSide / half
  const segs = own(new cv.Mat())
  const long = Math.round(s / VOTES_AND_LENGTH_DIVISOR)
  cv.HoughLinesP(small, segs, 1, Math.PI / 180, long, long, Math.round(s / GAP_DIVISOR) + 1)
  const segments: Segment[] = []
  for (let i = 0; i < segs.rows; i++) {
    const [x1, y1, x2, y2] = Array.from(segs.data32S.subarray(i * 4, i * 4 + 4), (v) => (v + 0.5) * half - 0.5)
    const length = Math.hypot(x2 - x1, y2 - y1)
    // Direction modulo 180°: a line has no arrow.
    const angle = ((Math.atan2(y2 - y1, x2 - x1) % Math.PI) + Math.PI) % Math.PI
    segments.push({ a: { x: x1, y: y1 }, b: { x: x2, y: y2 }, angle, length })
  }
  if (segments.length < 4) return []
  const centre = { x: binary.cols / 2, y: binary.rows / 2 }
  const families = dominantDirections(segments).map((dir) => {
    const d = { x: Math.cos(dir), y: Math.sin(dir) }
    const n = { x: -d.y, y: d.x }
    const members = segments.filter((s) => Math.abs(angleDiff(2 * s.angle, 2 * dir)) / 2 < (FAMILY_SPREAD_DEG * Math.PI) / 180)
    return clusterLines(members, centre, n, Math.max(3, minSide * SAME_LINE))
  })
  const picks = families.map((lines) => gridLinePairs(lines))
  const quads: Corners[] = []
  for (const [a0, a1] of picks[0])
    for (const [b0, b1] of picks[1]) {
      const pts = [intersectLines(a0.line, b0.line), intersectLines(a0.line, b1.line), intersectLines(a1.line, b1.line), intersectLines(a1.line, b0.line)]
      if (pts.some((p) => !p)) continue
      const q = orderCorners(pts as Point[])
      if (plausibleQuad(q, binary.cols, binary.rows)) quads.push(q)
    }
  return quads
}

/** The two peaks of a length-weighted histogram of directions, apart but not assumed square (a tilted page shows them 20–25° off). */
function dominantDirections(segments: readonly Segment[]): [number, number] {
  const n = DIRECTION_BINS
  const bins = new Float64Array(n)
  for (const s of segments) bins[Math.floor((s.angle / Math.PI) * n) % n] += s.length
  const smoothed = bins.map((_, i) => bins[(i + n - 1) % n] + 2 * bins[i] + bins[(i + 1) % n])
  const peakOf = (allowed: (i: number) => boolean): number => {
    let peak = -1
    for (let i = 0; i < n; i++) if (allowed(i) && (peak < 0 || smoothed[i] > smoothed[peak])) peak = i
    return peak
  }
  const first = peakOf(() => true)
  const apart = (i: number): boolean => Math.min(Math.abs(i - first), n - Math.abs(i - first)) >= DIRECTIONS_APART_BINS
  const second = peakOf(apart)
  return [first, second].map((i) => ((i + 0.5) / n) * Math.PI) as [number, number]
}

/**
 * Whether the inner lines run from border to border through every row and column of cells: refuses
 * a quad a cell off (its last row is paper) and two puzzles a cell apart (no line crosses the gap).
 */
export function linesRunBorderToBorder(cv: CV, binary: Mat, corners: Corners, own: Own): boolean {
  return linesCrossing(cv, binary, corners, own).every((crossing) => crossing >= MIN_LINES_CROSSING)
}

/** Per row of cells, then per column, how many of the other direction's eight inner lines cross it. */
export function linesCrossing(cv: CV, binary: Mat, corners: Corners, own: Own): number[] {
  const d = warpToSquare(cv, binary, corners, own)
  const c = SCORE_CELL
  const strips = [true, false].flatMap((across) => Array.from({ length: 9 }, (_, cell) => ({ across, from: cell * c + 3, to: (cell + 1) * c - 3 })))
  return strips.map((strip) => {
    const profile = stripProfile(d, SCORE_SIZE, strip)
    const midCells: number[] = []
    for (let cell = 0; cell < 9; cell++) for (let k = cell * c + 6; k < (cell + 1) * c - 6; k++) midCells.push(profile[k])
    const base = median(midCells)
    let crossing = 0
    for (let i = 1; i < 9; i++) {
      let line = 0
      for (let k = i * c - LINE_REACH; k <= i * c + LINE_REACH; k++) line = Math.max(line, profile[k])
      if (line - base >= CROSSING_CONTRAST) crossing++
    }
    return crossing
  })
}
