/**
 * Plane geometry in plain TypeScript: corner ordering, lines, homographies.
 *
 * Kept out of OpenCV so that results are plain numbers, the maths is testable without wasm, and
 * mapping a handful of points never allocates a Mat.
 */
import type { Corners, Point } from './image'

/** Row-major 3×3 matrix mapping (x, y, 1) to homogeneous image coordinates. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number]

export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8]
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w }
}

/**
 * The homography taking each `from[i]` to `to[i]`: exact for four points, least squares for more
 * (direct linear transform with h33 = 1, solved by normal equations after normalising both point
 * sets, which keeps the system well conditioned at 12 MP coordinates). Null when degenerate.
 */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography | null {
  if (from.length !== to.length || from.length < 4) return null
  const nf = normaliser(from)
  const nt = normaliser(to)
  const ata = Array.from({ length: 8 }, () => new Float64Array(8))
  const atb = new Float64Array(8)
  for (let i = 0; i < from.length; i++) {
    const x = (from[i].x - nf.cx) * nf.s
    const y = (from[i].y - nf.cy) * nf.s
    const u = (to[i].x - nt.cx) * nt.s
    const v = (to[i].y - nt.cy) * nt.s
    const rows: [number[], number][] = [
      [[x, y, 1, 0, 0, 0, -u * x, -u * y], u],
      [[0, 0, 0, x, y, 1, -v * x, -v * y], v],
    ]
    for (const [r, b] of rows) {
      for (let j = 0; j < 8; j++) {
        atb[j] += r[j] * b
        for (let k = 0; k < 8; k++) ata[j][k] += r[j] * r[k]
      }
    }
  }
  const sol = solveLinear(ata, atb)
  if (!sol) return null
  // H = Tto^-1 · Hn · Tfrom, where T maps p to (p - c) · s.
  const hn = [sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1]
  const tf = [nf.s, 0, -nf.s * nf.cx, 0, nf.s, -nf.s * nf.cy, 0, 0, 1]
  const tti = [1 / nt.s, 0, nt.cx, 0, 1 / nt.s, nt.cy, 0, 0, 1]
  const h = mul3(tti, mul3(hn, tf))
  if (!h.every(Number.isFinite) || Math.abs(h[8]) < 1e-12) return null
  return h.map((v) => v / h[8]) as unknown as Homography
}

export function invertHomography(h: Homography): Homography | null {
  const [a, b, c, d, e, f, g, i, j] = h
  const A = e * j - f * i
  const B = -(d * j - f * g)
  const C = d * i - e * g
  const det = a * A + b * B + c * C
  if (Math.abs(det) < 1e-15) return null
  const inv = [A, -(b * j - c * i), b * f - c * e, B, a * j - c * g, -(a * f - c * d), C, -(a * i - b * g), a * e - b * d]
  return inv.map((v) => v / det) as unknown as Homography
}

function mul3(a: readonly number[], b: readonly number[]): number[] {
  const r = new Array<number>(9).fill(0)
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) r[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j]
  return r
}

function normaliser(pts: readonly Point[]): { cx: number; cy: number; s: number } {
  const { x: cx, y: cy } = centroid(pts)
  let d = 0
  for (const p of pts) d += Math.hypot(p.x - cx, p.y - cy)
  d /= pts.length
  return { cx, cy, s: d > 0 ? Math.SQRT2 / d : 1 }
}

/** Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(a: Float64Array[], b: Float64Array): Float64Array | null {
  const n = b.length
  const m = a.map((row, i) => Float64Array.from([...row, b[i]]))
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r
    if (Math.abs(m[p][c]) < 1e-12) return null
    ;[m[c], m[p]] = [m[p], m[c]]
    for (let r = 0; r < n; r++) {
      if (r === c) continue
      const f = m[r][c] / m[c][c]
      if (f !== 0) for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k]
    }
  }
  return Float64Array.from({ length: n }, (_, i) => m[i][n] / m[i][i])
}

/**
 * Orders four points as top-left, top-right, bottom-right, bottom-left: clockwise around their
 * centroid, starting from the point whose direction is nearest to "up-left". Unlike sorting by
 * x + y, this stays right for any in-plane rotation below 45°.
 */
export function orderCorners(pts: readonly Point[]): Corners {
  if (pts.length !== 4) throw new Error(`orderCorners needs 4 points, got ${pts.length}`)
  const { x: cx, y: cy } = centroid(pts)
  // Image y points down, so increasing atan2 runs clockwise on screen.
  const byAngle = [...pts].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx))
  const upLeft = (-3 * Math.PI) / 4
  let start = 0
  let best = Infinity
  byAngle.forEach((p, i) => {
    const d = Math.abs(angleDiff(Math.atan2(p.y - cy, p.x - cx), upLeft))
    if (d < best) {
      best = d
      start = i
    }
  })
  const o = [0, 1, 2, 3].map((k) => byAngle[(start + k) % 4])
  return [o[0], o[1], o[2], o[3]]
}

/**
 * A point of an image scaled down by `factor`, in the pixels of the image it was scaled from: small
 * pixel (x, y) averages original pixels [x·f, (x+1)·f), so its centre is (x + 0.5)·f − 0.5.
 */
export function upscaledPoint(p: Point, factor: number): Point {
  return { x: (p.x + 0.5) * factor - 0.5, y: (p.y + 0.5) * factor - 0.5 }
}

/** The inverse of `upscaledPoint`: a point of an image in the pixels of its copy scaled down by `factor`. */
export function downscaledPoint(p: Point, factor: number): Point {
  return { x: (p.x + 0.5) / factor - 0.5, y: (p.y + 0.5) / factor - 0.5 }
}

export function angleDiff(a: number, b: number): number {
  let d = a - b
  while (d > Math.PI) d -= 2 * Math.PI
  while (d < -Math.PI) d += 2 * Math.PI
  return d
}

/** A line through `point` with unit `direction`. */
export interface Line {
  readonly point: Point
  readonly direction: Point
}

export function intersectLines(a: Line, b: Line): Point | null {
  const den = a.direction.x * b.direction.y - a.direction.y * b.direction.x
  if (Math.abs(den) < 1e-9) return null
  const dx = b.point.x - a.point.x
  const dy = b.point.y - a.point.y
  const t = (dx * b.direction.y - dy * b.direction.x) / den
  return { x: a.point.x + t * a.direction.x, y: a.point.y + t * a.direction.y }
}

/** The line through two points (pointing from `a` to `b`). */
export function lineThrough(a: Point, b: Point): Line {
  const len = distance(a, b) || 1
  return { point: a, direction: { x: (b.x - a.x) / len, y: (b.y - a.y) / len } }
}

/** Total least-squares line through points (principal axis of their scatter). */
export function fitLine(pts: readonly Point[]): Line | null {
  if (pts.length < 2) return null
  const { x: mx, y: my } = centroid(pts)
  let sxx = 0
  let sxy = 0
  let syy = 0
  for (const p of pts) {
    const dx = p.x - mx
    const dy = p.y - my
    sxx += dx * dx
    sxy += dx * dy
    syy += dy * dy
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  return { point: { x: mx, y: my }, direction: { x: Math.cos(theta), y: Math.sin(theta) } }
}

/** The mean of the points. */
export function centroid(pts: readonly Point[]): Point {
  let x = 0
  let y = 0
  for (const p of pts) {
    x += p.x
    y += p.y
  }
  return { x: x / pts.length, y: y / pts.length }
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/** Signed area (positive when clockwise on screen, y down). */
export function polygonArea(pts: readonly Point[]): number {
  let s = 0
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]
    const b = pts[(i + 1) % pts.length]
    s += a.x * b.y - b.x * a.y
  }
  return s / 2
}

export function isConvex(pts: readonly Point[]): boolean {
  let sign = 0
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]
    const b = pts[(i + 1) % pts.length]
    const c = pts[(i + 2) % pts.length]
    const z = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
    if (z === 0) return false
    if (sign === 0) sign = Math.sign(z)
    else if (Math.sign(z) !== sign) return false
  }
  return true
}

/** Interior angle at each corner of a polygon, in degrees. */
export function interiorAngles(pts: readonly Point[]): number[] {
  return pts.map((b, i) => {
    const a = pts[(i + pts.length - 1) % pts.length]
    const c = pts[(i + 1) % pts.length]
    const v1 = { x: a.x - b.x, y: a.y - b.y }
    const v2 = { x: c.x - b.x, y: c.y - b.y }
    const cos = (v1.x * v2.x + v1.y * v2.y) / (Math.hypot(v1.x, v1.y) * Math.hypot(v2.x, v2.y))
    return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI
  })
}

/**
 * Corner movement between two sightings, as a share of the grid's diagonal, beyond which the grid
 * is moving (the camera view's steadiness, and the time-lapse's shot trigger): well above the
 * 0.3% a hand-held phone or a bumped table gives between looks.
 */
export const STEADY_CORNER_MOVEMENT = 0.015

/** The largest movement of a corner between two sightings of a grid, as a share of its diagonal. */
export function cornerMovement(a: Corners, b: Corners): number {
  const diagonal = Math.hypot(b[2].x - b[0].x, b[2].y - b[0].y) || 1
  let worst = 0
  for (let i = 0; i < 4; i++) worst = Math.max(worst, Math.hypot(a[i].x - b[i].x, a[i].y - b[i].y))
  return worst / diagonal
}
