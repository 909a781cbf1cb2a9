/**
 * Whether a proposed quadrilateral looks like a Sudoku grid: warped to a square, the threshold
 * image must show dark lines where a 9×9 grid has them, none through the middle of the cells, and
 * none going on past the border (a crossword's or a table's).
 */
import type { CV, Own } from '../core/cv'
import type { Corners } from '../core/image'
import { SCORE_CELL, SCORE_SIZE, middlesBeside, stripProfile, warpQuad, warpToSquare } from './square'
import { median } from '../core/median'

type Mat = InstanceType<CV['Mat']>

/** Below this `gridScore` a quadrilateral is not accepted as a Sudoku grid. */
export const MIN_GRID_SCORE = 0.3
/**
 * Hough proposals are built from any long lines, including those of a neighbouring crossword, so
 * they must look more clearly like a Sudoku grid than a contour (a closed outline) has to.
 */
export const MIN_HOUGH_SCORE = 0.45

/** A line is sought within this many square pixels either side of its place (a sixth of a cell). Chosen by hand. */
export const LINE_REACH = 4
/** Lines scored per band: the weakest 6 of the 8 inner lines, so two strong stray lines cannot make a grid. Chosen by hand. */
const WEAKEST_LINES = 6
/** More cells than this crossed mid-cell by a line in either direction is no Sudoku (text rows, a crossword). Chosen by hand. */
export const MAX_MID_CELL_LINES = 2
/** A mid-cell peak counts as a line when it stands this share of a typical grid line's prominence above its cell. Chosen by hand. */
const MID_CELL_PROMINENCE = 0.5
/**
 * ... and runs on through at least 7 of the 9 cells along it with ink over half of each cell's
 * length. On the filled pages of devkit/filled-views.ts (a handwritten digit in every empty cell of
 * the Wicht and pen-train photos), the true outlines' columns of digits had more than two such
 * peaks in 15 of 40 pen pages at the working scale and 3 of 77 Wicht pages (1 of 77 unfilled, as
 * before); counting only peaks that run through 7 cells, 9 and 1 (and the same 1 unfilled); parts
 * of grids 4-6 cells wide were refused as before but for 4 of 372 Wicht views.
 */
const RUN_INK = 0.5
const MIN_RUN_CELLS = 7
/**
 * `halfPitch`: the flanks a third of a cell from a line's peak, and the least ratio of the odd and
 * even positions' narrow prominence. Measured on the Wicht and pen-train photos and their filled
 * pages at both looks: true outlines passing the score 0.44 at least (1% under 0.64, median 0.92);
 * grid halves 4½ cells wide or tall passing the score (1030 of them, nearly all on filled pages)
 * 0.51 at most (99% under 0.30).
 */
const FLANK = 8
const MIN_ALTERNATION = 0.4
/** Lines going on past the border: contrast (share of the strip) a line position must show, and how many of the eight must. Chosen by hand. */
const GOING_ON_CONTRAST = 0.5
const GOING_ON_LINES = 6

/**
 * How much the area inside `corners` looks like a 9×9 grid, 0..1: the binary image is warped to a
 * 216 px square and cut into three bands per direction; in each band, for each of the 8 inner line
 * positions we take the darkest profile value within ±4 px and subtract the profile mid-cell. A grid scores near 1; text, noise and
 * blank paper score near 0. The weakest lines count most (the mean of the lowest 6 of 8 per band),
 * and the score is the lower of the two directions, so a few strong stray lines cannot make a grid.
 * Lines through the middle of more than two cells in either direction make it 0 (`midCellLines`),
 * and so do lines going on past the border both across and down (`linesGoOn`).
 */
export function gridScore(cv: CV, binary: Mat, corners: Corners, own: Own): number {
  const score = squareScore(warpToSquare(cv, binary, corners, own))
  return score >= MIN_GRID_SCORE && linesGoOn(cv, binary, corners, own) ? 0 : score
}

/** `gridScore`'s measure on a threshold image already warped to the SCORE_SIZE square. */
export function squareScore(d: Uint8Array): number {
  // Three bands across each direction, each with its own profile, so a line that bows (curved
  // paper, slightly wrong corners) is still found within the search window in every band.
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
  // A Sudoku has no lines mid-cell. A crossword, or a crossword merged with the grid into one
  // outline, has lines every few pixels, some near each expected position, which the score above
  // alone would take for a grid. The same test as for Hough pairs: more than two is no grid.
  if (midCellLines(d, true) > MAX_MID_CELL_LINES || midCellLines(d, false) > MAX_MID_CELL_LINES) return 0
  // A part of a grid two real cells to each of its own across one way: its lines are evenly spaced.
  if (halfPitch(d, true) || halfPitch(d, false)) return 0
  return Math.min(cols, rows)
}

/**
 * Per inner line, its darkest value within LINE_REACH of its place less the background mid-cell
 * (the median of the middle third of the cells on either side); the mean of the weakest six.
 */
function profileScore(profile: Float64Array, norm: number): number {
  const inner: number[] = []
  for (let i = 1; i < 9; i++) {
    const c = i * SCORE_CELL
    let line = 0
    for (let k = c - LINE_REACH; k <= c + LINE_REACH; k++) line = Math.max(line, profile[k] / norm)
    // Mid-cell background: the median of the middle third of the cells on either side.
    const bg = middlesBeside(profile, i).map((v) => v / norm)
    inner.push(Math.max(0, line - median(bg)))
  }
  inner.sort((a, b) => a - b)
  return inner.slice(0, WEAKEST_LINES).reduce((s, v) => s + v, 0) / WEAKEST_LINES
}

/**
 * Cells crossed by a line through their middle, in a whole-length profile: a narrow peak in the
 * middle half of the cell standing above the cell's median by at least half the prominence of a
 * typical grid line, and running on through most of the cells along it (`runsThrough`). Printed
 * digits barely show in a whole-length profile (one digit is a ninth of it); on a page written in
 * every cell a column of nine digits can, but its strokes do not line up from cell to cell as a
 * crossword's or a text row's line does.
 */
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

/**
 * Whether the line at `at` in the warped square (a column, or with `columns` false a row) is ink
 * over at least half the length of MIN_RUN_CELLS of the nine cells along it, within a pixel of `at`.
 */
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
 * Whether the quad's real cells are two of its own across in one direction: a grid's left or right
 * 4½ columns (or top or bottom rows) warped to the square, its sides a border or a box line and a
 * line or a cell's middle. Its real lines then stand at every other inner position and, between
 * them, the middles of its real cells, which on a page written in every cell hold ink enough to pass
 * the line score. A line is narrow; a digit is not: per inner position, how far the profile's peak
 * stands above the profile a third of a cell either side of it, averaged over the odd and over the
 * even positions; the smaller must be at least MIN_ALTERNATION of the larger.
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

/**
 * Whether the inner lines go on past the border both across and down, as a crossword's or a
 * table's do when nine of its rows and columns are taken for a grid; a Sudoku's lines end at its
 * border. One direction alone is not enough: magazines stack grids in line with each other, so the
 * next grid's lines may continue one side. Looks at the cell-wide strip outside each side: at
 * least six of the eight line positions must carry a line across most of the strip.
 */
export function linesGoOn(cv: CV, binary: Mat, corners: Corners, own: Own): boolean {
  const c = SCORE_CELL
  const size = SCORE_SIZE + 2 * c
  const d = warpQuad(cv, binary, corners, own, c).data
  // Strips a cell wide outside each side, kept clear of the border line itself.
  const strips = [
    { across: true, from: 3, to: c - 3 },
    { across: true, from: size - c + 3, to: size - 3 },
    { across: false, from: 3, to: c - 3 },
    { across: false, from: size - c + 3, to: size - 3 },
  ]
  const going = strips.map((strip) => {
    // The lines cross a strip above or below the grid (`across`) along y.
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
