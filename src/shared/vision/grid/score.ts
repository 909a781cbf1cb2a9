/** Whether a quad looks like a Sudoku grid: warped to a square, lines where a 9×9 grid has them, none mid-cell, none going on past the border. */
import type { CV, Own } from '../core/cv'
import type { Corners } from '../core/image'
import { SCORE_CELL, SCORE_SIZE, middlesBeside, stripProfile, warpQuad, warpToSquare } from './square'
import { median } from '../core/median'

type Mat = InstanceType<CV['Mat']>

/** Below this `gridScore` a quadrilateral is not accepted as a Sudoku grid. */
export const MIN_GRID_SCORE = 0.3
/** The least score of a Hough proposal, which any long lines (a crossword's) can make. */
export const MIN_HOUGH_SCORE = 0.45

/** A line is sought within this many square pixels of its place. Chosen by hand. */
export const LINE_REACH = 4
/** Lines scored per band, the weakest of the eight, so two stray lines cannot make a grid. Chosen by hand. */
const WEAKEST_LINES = 6
/** More cells than this crossed mid-cell by a line is no Sudoku (text rows, a crossword). Chosen by hand. */
export const MAX_MID_CELL_LINES = 2
/** A mid-cell peak is a line when it stands this share of a typical line's prominence above its cell. Chosen by hand. */
const MID_CELL_PROMINENCE = 0.5
/**
 * A mid-cell line must also run on through MIN_RUN_CELLS cells, inked over RUN_INK of each. Set
 * from devkit/filled-views.ts's pages, whose columns of digits passed the peak test alone.
 */
const RUN_INK = 0.5
const MIN_RUN_CELLS = 7
/** `halfPitch`: a peak's flanks, and the least odd to even ratio. Set from the Wicht and pen photos: true outlines 0.44 at least, half grids 0.51 at most. */
const FLANK = 8
const MIN_ALTERNATION = 0.4
/** Lines going on past the border: the contrast a line must show there, and how many of the eight must. Chosen by hand. */
const GOING_ON_CONTRAST = 0.5
const GOING_ON_LINES = 6

/**
 * How much the inside of `corners` looks like a 9×9 grid, 0..1: per band, the weakest lines'
 * darkness above the cells' middles, the lower of the two directions; 0 for lines mid-cell or going on.
 */
export function gridScore(cv: CV, binary: Mat, corners: Corners, own: Own): number {
  const score = squareScore(warpToSquare(cv, binary, corners, own))
  return score >= MIN_GRID_SCORE && linesGoOn(cv, binary, corners, own) ? 0 : score
}

/** `gridScore`'s measure on a threshold image already warped to the SCORE_SIZE square. */
export function squareScore(d: Uint8Array): number {
  // Three bands per direction, so a line that bows stays within the window in each.
  const band = SCORE_SIZE / 3
  let cols = 0
  let rows = 0
  for (let b = 0; b < 3; b++) {
    const colProfile = new Float64Array(SCORE_SIZE)
    const rowProfile = new Float64Array(SCORE_SIZE)
    for (let y = b * band; y < (b + 1) * band; y++) for (let x = 0; x < SCORE_SIZE; x++) colProfile[x] += d[y * SCORE_SIZE + x]
    for (let y = 0; y < SCORE_SIZE; y++) for (let x = b * band; x < (b + 1) * band; x++) rowProfile[y] += d[y * SCORE_SIZE + x]
    cols += profileScore(colProfile, 255 * band) / 3
    rows += profileScore(rowProfile, 255 * band) / 3
  }
  // A crossword has lines near every expected position too, and mid-cell.
  if (midCellLines(d, true) > MAX_MID_CELL_LINES || midCellLines(d, false) > MAX_MID_CELL_LINES) return 0
  // Half a grid, two real cells to each of its own one way, has evenly spaced lines too.
  if (halfPitch(d, true) || halfPitch(d, false)) return 0
  return Math.min(cols, rows)
}

/** Per inner line, its darkness above the cells' middles beside it; the mean of the weakest. */
function profileScore(profile: Float64Array, norm: number): number {
  const inner: number[] = []
  for (let i = 1; i < 9; i++) {
    const c = i * SCORE_CELL
    let line = 0
    for (let k = c - LINE_REACH; k <= c + LINE_REACH; k++) line = Math.max(line, profile[k] / norm)
    const bg = middlesBeside(profile, i).map((v) => v / norm)
    inner.push(Math.max(0, line - median(bg)))
  }
  inner.sort((a, b) => a - b)
  return inner.slice(0, WEAKEST_LINES).reduce((s, v) => s + v, 0) / WEAKEST_LINES
}

/** Cells crossed mid-cell by a line that runs on through most cells along it, as a column of written digits does not. */
export function midCellLines(d: Uint8Array, columns: boolean): number {
  const profile = wholeProfile(d, columns)
  const cellMedian = (cell: number): number => {
    const v: number[] = []
    for (let k = cell * SCORE_CELL + 6; k < (cell + 1) * SCORE_CELL - 6; k++) v.push(profile[k])
    return median(v)
  }
  const prominence: number[] = []
  for (let i = 1; i < 9; i++) {
    let line = 0
    for (let k = i * SCORE_CELL - LINE_REACH; k <= i * SCORE_CELL + LINE_REACH; k++) line = Math.max(line, profile[k])
    prominence.push(line - Math.min(cellMedian(i - 1), cellMedian(i)))
  }
  const typical = median(prominence)
  if (typical <= 0) return 0
  let crossed = 0
  for (let cell = 0; cell < 9; cell++) {
    let peak = cell * SCORE_CELL + 6
    for (let k = peak; k < (cell + 1) * SCORE_CELL - 6; k++) if (profile[k] > profile[peak]) peak = k
    if (profile[peak] - cellMedian(cell) >= MID_CELL_PROMINENCE * typical && runsThrough(d, columns, peak)) crossed++
  }
  return crossed
}

/** Whether the column (or row) at `at`, within a pixel, is inked through MIN_RUN_CELLS cells. */
function runsThrough(d: Uint8Array, columns: boolean, at: number): boolean {
  let cells = 0
  for (let cell = 0; cell < 9; cell++) {
    let best = 0
    for (let k = Math.max(0, at - 1); k <= Math.min(SCORE_SIZE - 1, at + 1); k++) {
      let ink = 0
      for (let t = cell * SCORE_CELL; t < (cell + 1) * SCORE_CELL; t++) ink += d[columns ? t * SCORE_SIZE + k : k * SCORE_SIZE + t]
      best = Math.max(best, ink / (255 * SCORE_CELL))
    }
    if (best >= RUN_INK) cells++
  }
  return cells >= MIN_RUN_CELLS
}

/**
 * Whether the quad is half a grid one way (4½ real cells warped to nine): lines at every other
 * position, digits at the others. A line is narrow, a digit not, so odd and even peaks differ.
 */
export function halfPitch(d: Uint8Array, columns: boolean): boolean {
  const profile = wholeProfile(d, columns)
  const sums = [0, 0]
  for (let i = 1; i < 9; i++) {
    let peak = i * SCORE_CELL
    for (let k = peak - LINE_REACH; k <= peak + LINE_REACH; k++) if (profile[k] > profile[peak]) peak = k
    sums[i % 2] += Math.max(0, profile[peak] - Math.max(profile[peak - FLANK], profile[peak + FLANK]))
  }
  return Math.min(...sums) < MIN_ALTERNATION * Math.max(...sums)
}

/** Mean ink (0..1) at each column of the warped square (`columns`) or at each row. */
function wholeProfile(d: Uint8Array, columns: boolean): Float64Array {
  const profile = new Float64Array(SCORE_SIZE)
  for (let y = 0; y < SCORE_SIZE; y++) for (let x = 0; x < SCORE_SIZE; x++) profile[columns ? x : y] += d[y * SCORE_SIZE + x]
  for (let k = 0; k < SCORE_SIZE; k++) profile[k] /= 255 * SCORE_SIZE
  return profile
}

/** Whether the inner lines go on past the border across and down, as a crossword's do (one way alone: magazines stack grids in line). */
export function linesGoOn(cv: CV, binary: Mat, corners: Corners, own: Own): boolean {
  const c = SCORE_CELL
  const size = SCORE_SIZE + 2 * c
  const d = warpQuad(cv, binary, corners, own, c).data
  const strips = [
    { across: true, from: 3, to: c - 3 },
    { across: true, from: size - c + 3, to: size - 3 },
    { across: false, from: 3, to: c - 3 },
    { across: false, from: size - c + 3, to: size - 3 },
  ]
  const going = strips.map((strip) => {
    const profile = stripProfile(d, size, strip)
    const inside: number[] = []
    for (let k = c + 4; k < c + SCORE_SIZE - 4; k++) inside.push(profile[k])
    const base = median(inside)
    let count = 0
    for (let i = 1; i < 9; i++) {
      let line = 0
      for (let k = c + i * c - 3; k <= c + i * c + 3; k++) line = Math.max(line, profile[k])
      if (line - base >= GOING_ON_CONTRAST) count++
    }
    return count >= GOING_ON_LINES
  })
  return (going[0] || going[1]) && (going[2] || going[3])
}
