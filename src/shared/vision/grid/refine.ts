/** A contour quad's sides refitted to the outline, so rounded corners land where the sides meet and a thumb does not pull a side. */
import { distance, fitLine, intersectLines, lineThrough, type Line } from '../core/geometry'
import type { Corners, Point } from '../core/image'

/** Share of each side by its corners left out of the fit (the outline bends there). Chosen by hand. */
const CORNER_SKIP = 0.1
/** Points within this share of the side's length of the rough side are along it. Chosen by hand. */
const SIDE_BAND = 0.08
/** RANSAC: points within this share of the side agree with a line, and this share must. Chosen by hand. */
const LINE_TOLERANCE = 0.012
const MIN_AGREEING = 0.25
/** A refitted corner may move at most this share of the quad's diagonal from the rough one. Chosen by hand. */
const MAX_CORNER_MOVE = 0.15
/** RANSAC tries. Chosen by hand. */
const RANSAC_TRIES = 80
/** A point within this many pixels of the image's edge lies on it. */
export const ON_EDGE = 1
/** A side along the image's edge is refitted only this near it. Set from the shared photos: borders 1% inside, fits through cut lines 5-7%. */
const EDGE_REFIT = 1 / 72

/**
 * Each side refitted by RANSAC to the contour points near it; neighbours intersected. A side along
 * the image's edge stays there unless its fit lies just inside it: farther in, it runs through cut lines' ends.
 */
export function refineQuad(quad: Corners, points: readonly Point[], width: number, height: number): Corners | null {
  const lines: Line[] = []
  const diagonal = Math.max(distance(quad[0], quad[2]), distance(quad[1], quad[3]))
  const onEdge = (a: Point, b: Point): boolean =>
    (a.x <= ON_EDGE && b.x <= ON_EDGE) ||
    (a.y <= ON_EDGE && b.y <= ON_EDGE) ||
    (a.x >= width - 1 - ON_EDGE && b.x >= width - 1 - ON_EDGE) ||
    (a.y >= height - 1 - ON_EDGE && b.y >= height - 1 - ON_EDGE)
  for (let s = 0; s < 4; s++) {
    const a = quad[s]
    const b = quad[(s + 1) % 4]
    const len = distance(a, b)
    const ux = (b.x - a.x) / len
    const uy = (b.y - a.y) / len
    const band = Math.max(3, len * SIDE_BAND)
    const near: Point[] = []
    for (const p of points) {
      const t = (p.x - a.x) * ux + (p.y - a.y) * uy
      if (t < len * CORNER_SKIP || t > len * (1 - CORNER_SKIP)) continue
      const off = Math.abs((p.x - a.x) * uy - (p.y - a.y) * ux)
      if (off <= band) near.push(p)
    }
    const line = ransacLine(near, Math.max(2, len * LINE_TOLERANCE), len * MIN_AGREEING)
    if (onEdge(a, b)) {
      const off = (p: Point): number => (line ? Math.abs((p.x - line.point.x) * line.direction.y - (p.y - line.point.y) * line.direction.x) : Infinity)
      lines.push(line && Math.max(off(a), off(b)) <= EDGE_REFIT * len ? line : lineThrough(a, b))
      continue
    }
    if (!line) return null
    lines.push(line)
  }
  const out: Point[] = []
  for (let s = 0; s < 4; s++) {
    const p = intersectLines(lines[(s + 3) % 4], lines[s])
    if (!p || distance(p, quad[s]) > MAX_CORNER_MOVE * diagonal) return null
    out.push(p)
  }
  return [out[0], out[1], out[2], out[3]]
}

/** The line with most points within `tol`, refitted to them; null under `minInliers`. Deterministic: a fixed sequence. */
export function ransacLine(points: readonly Point[], tol: number, minInliers: number): Line | null {
  if (points.length < Math.max(2, minInliers)) return null
  let seed = 12345
  const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n)
  let best: Point[] = []
  for (let it = 0; it < RANSAC_TRIES; it++) {
    const p = points[rand(points.length)]
    const q = points[rand(points.length)]
    const len = distance(p, q)
    if (len < 1e-6) continue
    const nx = -(q.y - p.y) / len
    const ny = (q.x - p.x) / len
    const inliers = points.filter((r) => Math.abs((r.x - p.x) * nx + (r.y - p.y) * ny) <= tol)
    if (inliers.length > best.length) best = inliers
  }
  if (best.length < minInliers) return null
  return fitLine(best)
}
