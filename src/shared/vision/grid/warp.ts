/**
 * Warps the grid to a square and finds its lines there. On curved paper the lines bow away from one
 * homography's, so `gridLattice` measures every crossing and cells are cut from their own corners.
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

/** Line centres near where a uniform grid puts them: found where something dark runs across the whole grid, placed on the summed profile. */
export function gridLines(warped: GrayImage): GridLines {
  return { xs: linePositions(warped, 'x'), ys: linePositions(warped, 'y') }
}

/** How far (share of a cell) a line may bow from one strip of cells to the next. Set from the pen and Wicht photos: under 0.04 at p99. */
const BOW = 0.05

/** How far (share of a cell) a crossing may stand from its neighbours' median before it is taken for a stroke. Chosen by hand. */
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
  // Inner lines are spaced by the outer lines, not the corners, which may lie a little outside the border.
  const first = lineNearby(0)
  const last = lineNearby(9 * cell)
  const pitch = (last - first) / 9
  return Array.from({ length: 10 }, (_, i) => (i === 0 ? first : i === 9 ? last : lineNearby(first + i * pitch)))
}

/** The line contrast along `axis` in each of the nine strips of cells. */
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

/** Where a line runs across the whole grid: the median over the nine strips of each one's contrast within `reach` (a stroke crosses one). */
function acrossAll(strips: readonly Float64Array[], reach: number): Float64Array {
  const spread = strips.map((p) => Float64Array.from(p, (_, i) => Math.max(...p.subarray(Math.max(0, i - reach), i + reach + 1))))
  return Float64Array.from({ length: strips[0].length }, (_, i) => median(spread.map((p) => p[i])))
}

/** The middle of the plateau around `profile[at]`: a peak widened by acrossAll's `reach`. */
function plateauMiddle(profile: Float64Array, at: number): number {
  const top = profile[Math.round(at)]
  const level = top - PLATEAU * Math.abs(top)
  let [a, b] = [Math.round(at), Math.round(at)]
  while (a > 0 && profile[a - 1] >= level) a--
  while (b < profile.length - 1 && profile[b + 1] >= level) b++
  return (a + b) / 2
}
/** Share of a plateau's height its values may fall short of it. */
const PLATEAU = 0.05

/** Sum of (255 − grey) along each column ('x') or row ('y') of a window. */
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

/** A darkness profile less its moving average over half a cell, so shading cancels. */
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
 * The strongest line in [lo, hi], sub-pixel: the darkest 3-sample run peaking in the window, not the
 * flank of something darker beyond (bold digits); `fallback` where there is no clear peak.
 */
function peak(profile: Float64Array, lo: number, hi: number, fallback: number): number {
  const a = Math.max(1, Math.floor(lo))
  const b = Math.min(profile.length - 2, Math.ceil(hi))
  if (b <= a) return fallback
  const run = (i: number): number => (i < 1 || i > profile.length - 2 ? -Infinity : profile[i] + profile[i - 1] + profile[i + 1])
  // A window at the image's end cuts the plateau there, whose middle then says nothing.
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

/** The 10×10 line crossings, each measured in the band around it, outliers pulled back to their neighbours. `points[j][i]` is row j, column i. */
export function gridLattice(warped: GrayImage, lines: GridLines = gridLines(warped)): Point[][] {
  const { width: w, height: h } = warped
  const cw = (w - 1) / 9
  const ch = (h - 1) / 9
  const xs: number[][] = []
  const ys: number[][] = []
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

/** A band's line contrast, summed and the lesser of its two halves'. */
interface Band {
  readonly summed: Float64Array
  readonly both: Float64Array
}

/** The band half a cell either side of `at`: a stroke in one cell cannot pass for the line, which runs through both halves. */
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

/** The line within SEARCH of `at`: found through both halves, placed on the sum. */
function lineNear(band: Band, at: number, cell: number): number {
  const [lo, hi] = [at - SEARCH * cell, at + SEARCH * cell]
  return placed(band.summed, lo, hi, peak(band.both, lo, hi, NaN), at, Math.max(1, Math.round(BOW * cell)))
}

/** A line's centre on the `summed` profile (the most precise), within `reach` of `found`, or anywhere in [lo, hi] where that is NaN. */
function placed(summed: Float64Array, lo: number, hi: number, found: number, fallback: number, reach: number): number {
  if (Number.isNaN(found)) return peak(summed, lo, hi, fallback)
  return peak(summed, Math.max(lo, found - reach), Math.min(hi, found + reach), found)
}

/** Crossings more than `tol` from the median of those around them along their line are replaced by it; end points are left alone. */
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

/** Neighbourhoods compared with in turn: the three, then the five, as marks can sit beside two crossings in a row. */
const NEIGHBOURHOODS = [3, 5] as const

/** The median of the `size` values of ten nearest index `k`, `k` among them. */
function medianAround(k: number, size: number, value: (at: number) => number): number {
  const from = Math.min(Math.max(0, k - (size >> 1)), 10 - size)
  return median(Array.from({ length: size }, (_, d) => value(from + d)))
}

/** The values `v[j][i]` by line and crossing: vertical lines ('down', line i) or horizontal ('across', line j). */
function alongLines(
  v: number[][],
  along: 'down' | 'across',
): { get: (line: number, k: number) => number; set: (line: number, k: number, value: number) => void } {
  return along === 'down'
    ? { get: (line, k) => v[k][line], set: (line, k, value) => (v[k][line] = value) }
    : { get: (line, k) => v[line][k], set: (line, k, value) => (v[line][k] = value) }
}

/**
 * A line's end, measured on the grid's side only, can be pulled by ink in the outer cell: a last step
 * more than `tol` from the neighbouring lines' median is put back to it (bending moves them alike).
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
