/**
 * Step 3: warp the grid to a square and find its inner lines there.
 *
 * One homography is exact only for flat paper. On curved paper the inner lines bow away from
 * where the homography puts them, so `gridLattice` measures every line crossing locally; cells can
 * then be cut from their own four measured corners instead of a uniform 9×9 split.
 */
import type { CV } from '../core/cv'
import { withMats } from '../core/cv'
import type { Corners, GrayImage, Point } from '../core/image'
import { grayFromMat, matFromGray } from '../core/mats'
import { median } from '../core/median'

/** Perspective warp of `corners` (TL, TR, BR, BL) to a `size`×`size` grey square. */
export function warpGrid(cv: CV, gray: GrayImage, corners: Corners, size = 900): GrayImage {
  if (gray.data.length !== gray.width * gray.height) throw new Error('warpGrid needs a grey image')
  return withMats((own) => {
    const src = own(matFromGray(cv, gray))
    const from = own(
      cv.matFromArray(
        4,
        1,
        cv.CV_32FC2,
        corners.flatMap((p) => [p.x, p.y]),
      ),
    )
    const m = size - 1
    const to = own(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, m, 0, m, m, 0, m]))
    const h = own(cv.getPerspectiveTransform(from, to))
    const out = own(new cv.Mat())
    // Replicate the border so a corner slightly outside the photo does not draw a black "line".
    cv.warpPerspective(src, out, h, new cv.Size(size, size), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar(0))
    return grayFromMat(out)
  })
}

export interface GridLines {
  /** x of the 10 vertical lines' centres, left to right, in warped pixels. */
  readonly xs: number[]
  /** y of the 10 horizontal lines' centres, top to bottom. */
  readonly ys: number[]
}

/** Fraction of a cell either side of the expected position searched for a line. */
const SEARCH = 0.2

/**
 * Line centres from darkness profiles across the grid: each line is searched within ±20% of a cell
 * around where a uniform grid puts it (the outer lines inwards from the edge only), first where
 * something dark runs across the whole grid, then placed on the profile summed over the grid.
 */
export function gridLines(warped: GrayImage): GridLines {
  return { xs: linePositions(warped, 'x'), ys: linePositions(warped, 'y') }
}

/**
 * How far (a share of a cell) a line may bow or stray from one strip of cells to the next: the
 * second differences of the lines found on the pen train photos and Wicht's photos are under 0.04
 * of a cell at p99 (curved paper, a corner a little off).
 */
const BOW = 0.05

/** How far (a share of a cell) a crossing may stand from the median of its neighbours' before it is taken for a stroke beside the line. Chosen by hand. */
const OUTLIER = 0.08

function linePositions(warped: GrayImage, axis: 'x' | 'y'): number[] {
  const length = axis === 'x' ? warped.width : warped.height
  const cell = (length - 1) / 9
  const reach = Math.max(1, Math.round(BOW * cell))
  const strips = stripContrasts(warped, axis)
  const summed = Float64Array.from({ length }, (_, i) => strips.reduce((sum, p) => sum + p[i], 0))
  const across = acrossAll(strips, reach)
  const lineNearby = (expected: number): number => {
    const [lo, hi] = [expected - SEARCH * cell, expected + SEARCH * cell]
    const found = peak(across, lo, hi, NaN)
    return placed(summed, lo, hi, Number.isNaN(found) ? NaN : Math.min(hi, Math.max(lo, plateauMiddle(across, found))), expected, reach)
  }
  // The inner lines are looked for where the outer lines found space them, not where the corners
  // do: corners a sixth of a cell outside the border (a grid found by the lattice of its boxes)
  // put the first inner line's window over the shoulder of a column of digits beside it, which five
  // of the nine strips share, and the column's cells were cut through their digits.
  const first = lineNearby(0)
  const last = lineNearby(9 * cell)
  const pitch = (last - first) / 9
  return Array.from({ length: 10 }, (_, i) => (i === 0 ? first : i === 9 ? last : lineNearby(first + i * pitch)))
}

/** The line contrast along `axis` in each of the nine strips of cells across it. */
function stripContrasts(warped: GrayImage, axis: 'x' | 'y'): Float64Array[] {
  const { width: w, height: h } = warped
  const strip = (axis === 'x' ? h : w) / 9
  const cell = (axis === 'x' ? w : h) / 9
  return Array.from({ length: 9 }, (_, k) =>
    lineContrast(
      axis === 'x' ? darknessProfile(warped, 0, k * strip, w, (k + 1) * strip, 'x') : darknessProfile(warped, k * strip, 0, (k + 1) * strip, h, 'y'),
      cell,
    ),
  )
}

/**
 * Where a line runs across the whole grid: at each position, the median over the nine strips of
 * each strip's strongest contrast within `reach` (a line bows a little from strip to strip). A grid
 * line crosses all nine strips; a written stroke only its own cell. Summed over the grid, the heavy
 * crossbars of a row of pen entries outweighed the thin inner line beside them on pen photos, and
 * the row's cells were cut to ~75% of their height.
 */
function acrossAll(strips: readonly Float64Array[], reach: number): Float64Array {
  const spread = strips.map((p) => Float64Array.from(p, (_, i) => Math.max(...p.subarray(Math.max(0, i - reach), i + reach + 1))))
  return Float64Array.from({ length: strips[0].length }, (_, i) => median(spread.map((p) => p[i])))
}

/** The middle of the run of values within `PLATEAU` of `profile[at]` around it: a peak widened by acrossAll's `reach`. */
function plateauMiddle(profile: Float64Array, at: number): number {
  const top = profile[Math.round(at)]
  const level = top - PLATEAU * Math.abs(top)
  let [a, b] = [Math.round(at), Math.round(at)]
  while (a > 0 && profile[a - 1] >= level) a--
  while (b < profile.length - 1 && profile[b + 1] >= level) b++
  return (a + b) / 2
}
/** Share of a plateau's height its values may fall short of it (the nine strips' plateaus overlap unevenly). */
const PLATEAU = 0.05

/**
 * Sum of (255 − grey) along each column ('x') or row ('y') of a window. The minimum over the
 * profile is subtracted by the caller's peak search only implicitly (we look for a maximum).
 */
function darknessProfile(img: GrayImage, x0: number, y0: number, x1: number, y1: number, axis: 'x' | 'y'): Float64Array {
  const { width, data } = img
  const xa = Math.max(0, Math.floor(x0))
  const xb = Math.min(img.width, Math.ceil(x1))
  const ya = Math.max(0, Math.floor(y0))
  const yb = Math.min(img.height, Math.ceil(y1))
  const out = new Float64Array(axis === 'x' ? img.width : img.height)
  for (let y = ya; y < yb; y++) {
    const row = y * width
    for (let x = xa; x < xb; x++) {
      const v = 255 - data[row + x]
      if (axis === 'x') out[x] += v
      else out[y] += v
    }
  }
  return out
}

/**
 * A darkness profile less its moving average over half a cell: a grid line is a few pixels wide
 * and stands out, while shading across the page (a shadow darkening the bottom rows, a gradient
 * of light) varies slowly and cancels. Without this, a line in a shadowed band loses to the
 * darker paper at the edge of its search window.
 */
function lineContrast(profile: Float64Array, cell: number): Float64Array {
  const radius = Math.max(2, Math.round(cell / 4))
  const n = profile.length
  const prefix = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + profile[i]
  const out = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - radius)
    const b = Math.min(n, i + radius + 1)
    out[i] = profile[i] - (prefix[b] - prefix[a]) / (b - a)
  }
  return out
}

/**
 * Position of the strongest line in [lo, hi]: the darkest 3-sample run that is a peak of the
 * profile standing in the window (no darker run beside it, inside the window or out, and the
 * middle of its plateau within the window), refined to sub-pixel by a parabola. Returns `fallback`
 * when the window holds no clear peak (a flat profile, or one that only climbs toward a stronger
 * line beyond the window). Without the peak test a window's end on the flank of a row of bold
 * printed digits beyond it outweighed a faint inner line within it, and the row's cells were cut
 * through their digits (bench:styles, faint inner lines).
 */
function peak(profile: Float64Array, lo: number, hi: number, fallback: number): number {
  const a = Math.max(1, Math.floor(lo))
  const b = Math.min(profile.length - 2, Math.ceil(hi))
  if (b <= a) return fallback
  const run = (i: number): number => (i < 1 || i > profile.length - 2 ? -Infinity : profile[i] + profile[i - 1] + profile[i + 1])
  // A window at the image's end cuts the plateau there, whose middle then says nothing (the border's lines).
  const cutByEdge = a <= 1 || b >= profile.length - 2
  const standsInWindow = (i: number): boolean => {
    if (run(i) < run(i - 1) || run(i) < run(i + 1)) return false
    const middle = plateauMiddle(profile, i)
    return cutByEdge || (middle >= a && middle <= b)
  }
  let best = -1
  let min = Infinity
  let sum = 0
  for (let i = a; i <= b; i++) {
    if ((best < 0 || run(i) > run(best)) && standsInWindow(i)) best = i
    min = Math.min(min, profile[i])
    sum += profile[i]
  }
  const avg = sum / (b - a + 1)
  if (best < 0 || profile[best] - min < 0.25 * (avg - min + 1e-9) + 1) return fallback
  const l = profile[best - 1]
  const c = profile[best]
  const r = profile[best + 1]
  const den = l - 2 * c + r
  const off = den < 0 ? (0.5 * (l - r)) / den : 0
  return best + Math.max(-0.5, Math.min(0.5, off))
}

/**
 * The 10×10 line crossings, measured locally: for crossing (i, j) the vertical line is searched in
 * the band of rows one cell high around it, the horizontal line in the band of columns, each within
 * ±20% of a cell of the global line position, where the line runs through both cells beside the
 * crossing (`bothSides`). Outliers (a digit stroke next to a line) are pulled back to the median
 * of the crossings around them along the line, themselves among them (`smoothOutliers`), and end
 * points that step away from their line unlike the lines beside them to the line's last step's
 * median (`endsLikeNeighbours`). `points[j][i]` is row j, column i.
 */
export function gridLattice(warped: GrayImage, lines: GridLines = gridLines(warped)): Point[][] {
  const { width: w, height: h } = warped
  const cw = (w - 1) / 9
  const ch = (h - 1) / 9
  const xs: number[][] = []
  const ys: number[][] = []
  // One profile per band: rows around horizontal line j, columns around vertical line i.
  const colBands = lines.ys.map((gy) => bothSides(warped, 'x', gy, ch))
  const rowBands = lines.xs.map((gx) => bothSides(warped, 'y', gx, cw))
  for (let j = 0; j < 10; j++) {
    xs.push([])
    ys.push([])
    for (let i = 0; i < 10; i++) {
      xs[j].push(lineNear(colBands[j], lines.xs[i], cw))
      ys[j].push(lineNear(rowBands[i], lines.ys[j], ch))
    }
  }
  smoothOutliers(xs, cw * OUTLIER, 'down')
  smoothOutliers(ys, ch * OUTLIER, 'across')
  endsLikeNeighbours(xs, cw * OUTLIER, 'down')
  endsLikeNeighbours(ys, ch * OUTLIER, 'across')
  return xs.map((row, j) => row.map((x, i) => ({ x, y: ys[j][i] })))
}

/** A band's line contrast summed over it, and where a line runs through both of its halves. */
interface Band {
  readonly summed: Float64Array
  readonly both: Float64Array
}

/**
 * The band half a cell either side of the line at `at` (across `axis`): its profile along `axis`
 * summed, and the lesser of its two halves' (one cell's half each), so that a written stroke in
 * one cell (the base of a pen 2 just above a thin line) cannot pass for the line, which runs
 * through both. A half mostly outside the image (beside an outer line) is left out.
 */
function bothSides(warped: GrayImage, axis: 'x' | 'y', at: number, cell: number): Band {
  const across = axis === 'x' ? warped.height : warped.width
  const half = (from: number, to: number): Float64Array | null => {
    if (Math.min(across, to) - Math.max(0, from) < cell / 4) return null
    const profile = axis === 'x' ? darknessProfile(warped, 0, from, warped.width, to, 'x') : darknessProfile(warped, from, 0, to, warped.height, 'y')
    return lineContrast(profile, cell)
  }
  const sides = [half(at - cell / 2, at), half(at, at + cell / 2)].filter((p): p is Float64Array => p !== null)
  const summed = Float64Array.from(sides[0], (_, k) => sides.reduce((sum, p) => sum + p[k], 0))
  return { summed, both: Float64Array.from(sides[0], (_, k) => Math.min(...sides.map((p) => p[k]))) }
}

/** The line within ±SEARCH of a cell of `at`: found where it runs through both halves, placed on the summed profile. */
function lineNear(band: Band, at: number, cell: number): number {
  const [lo, hi] = [at - SEARCH * cell, at + SEARCH * cell]
  return placed(band.summed, lo, hi, peak(band.both, lo, hi, NaN), at, Math.max(1, Math.round(BOW * cell)))
}

/**
 * A line's centre on the `summed` profile (the most precise): within `reach` of where it was
 * `found`, or anywhere in [lo, hi] when it was not (NaN), as before lines had to run through.
 */
function placed(summed: Float64Array, lo: number, hi: number, found: number, fallback: number, reach: number): number {
  if (Number.isNaN(found)) return peak(summed, lo, hi, fallback)
  return peak(summed, Math.max(lo, found - reach), Math.min(hi, found + reach), found)
}

/**
 * Crossings compared along their line: a vertical line's x at crossing j with its values around j
 * ('down'), a horizontal line's y at crossing i with its values around i ('across'). A wrong
 * measurement (more than `tol` from the median of the crossings around it, itself among them) is
 * replaced by that median; curved lines, which change smoothly, are kept. End points are left
 * alone. Two passes (NEIGHBOURHOODS): the three around it first, then the five, as pencil marks in
 * the left column of cells stacked in one column (4 and 7 in one cell, 7 above it, 4 below) run
 * beside the line through both cells at two crossings in a row, where the three keep both (fresh
 * held-out session seed 135's r7c3 then lost a fifth of its width and its marks were read as a
 * written 5).
 */
function smoothOutliers(v: number[][], tol: number, along: 'down' | 'across'): void {
  const { get, set } = alongLines(v, along)
  for (const size of NEIGHBOURHOODS) {
    const fixes: [number, number, number][] = []
    for (let line = 0; line < 10; line++) {
      for (let k = 1; k < 9; k++) {
        const m = medianAround(k, size, (at) => get(line, at))
        if (Math.abs(get(line, k) - m) > tol) fixes.push([line, k, m])
      }
    }
    for (const [line, k, m] of fixes) set(line, k, m)
  }
}

/**
 * The neighbourhoods a lattice value is compared with, in turn: the three around it, then the five.
 * The five alone let a lone wrong value stand where the other four spread: a line's end stepped
 * 9 px from its inner crossing (the median of its own and the two lines' beside it, 0; of the five,
 * 2) kept a session's r3c1 marks from being read (training/paper/marks-turns.ts).
 */
const NEIGHBOURHOODS = [3, 5] as const

/** The median of the `size` values nearest index `k` of ten (`k` among them; the window moved inward at the ends). */
function medianAround(k: number, size: number, value: (at: number) => number): number {
  const from = Math.min(Math.max(0, k - (size >> 1)), 10 - size)
  return median(Array.from({ length: size }, (_, d) => value(from + d)))
}

/** The lattice's values `v[j][i]` by line and by crossing along it: vertical lines ('down', line i) or horizontal ones ('across', line j). */
function alongLines(
  v: number[][],
  along: 'down' | 'across',
): { get: (line: number, k: number) => number; set: (line: number, k: number, value: number) => void } {
  return along === 'down'
    ? { get: (line, k) => v[k][line], set: (line, k, value) => (v[k][line] = value) }
    : { get: (line, k) => v[line][k], set: (line, k, value) => (v[line][k] = value) }
}

/**
 * A line's end point (its crossing with the grid's border) is measured in the band on the grid's
 * side only, as no line runs on past the border, so ink beside the line's end in the outer cell
 * (pencil marks 3, 6 and 9 against a thin line) can pull it, and smoothOutliers leaves end points
 * alone. The step from a line's last inner crossing to its end is compared with the same step of
 * the lines nearest it (NEIGHBOURHOODS: the two beside it, then the four): paper bending and
 * perspective move neighbouring lines' ends alike, ink beside one line moves that line's alone, or
 * two lines' where digits are written one above the other in the outer column (pen val photo
 * 01_01_honor_view_10_1's 7 and 5 in r2c1 and r3c1, whose top bars pulled the ends of the lines
 * above them 12 px down once their inner crossings were put back, and the 7 was judged marks). A
 * step more than `tol` from the median is replaced by it. The border lines themselves (the grid's
 * corners and edges) are left alone.
 * Comparing an end point with its own line continued from its inner crossings instead moved right
 * end points of the pen val photos by 10-30 px where the page bends at its edge (bench:paper val
 * 72 -> 69 of 80 photos read all right); this took it from 73 to 74.
 */
function endsLikeNeighbours(v: number[][], tol: number, along: 'down' | 'across'): void {
  const { get, set } = alongLines(v, along)
  for (const size of NEIGHBOURHOODS) {
    for (const [end, inner] of [
      [0, 1],
      [9, 8],
    ]) {
      const steps = Array.from({ length: 10 }, (_, line) => get(line, end) - get(line, inner))
      for (let line = 1; line < 9; line++) {
        const m = medianAround(line, size, (at) => steps[at])
        if (Math.abs(steps[line] - m) > tol) set(line, end, get(line, inner) + m)
      }
    }
  }
}
