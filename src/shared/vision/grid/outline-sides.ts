/**
 * Proposals for a grid whose outline has merged with a shadow: its hull takes a corner out there,
 * but the border's sides are still long straight runs of it, which are paired into quads.
 */
import { angleDiff, fitLine, intersectLines, lineThrough, orderCorners, type Line } from '../core/geometry'
import { plausibleQuad } from './shape'
import type { Corners, Point } from '../core/image'

/** An outline point within this share of √(width·height) of a line lies on it (the border's wobble). Chosen by hand. */
const RUN_TOLERANCE = 0.005
/** A run must hold this share of the image's size in points: half the smallest grid's side. */
const MIN_RUN = 0.07
/** Runs sought per outline: four sides and a few shadow edges. Chosen by hand. */
const MAX_RUNS = 10
/** Outline points sampled per run's search, at most. Chosen by hand. */
const SAMPLED_POINTS = 600
/** Candidate lines per run, each through two points a fortieth of the outline apart. Chosen by hand. */
const TRIES = 60
const PAIR_GAP = 1 / 40
/** Opposite sides of a square under ±30° of tilt meet at under 45°, neighbouring ones over. Radians. */
const OPPOSITE_ANGLE = Math.PI / 4
/** Each side must have outline points of its run along this share of its length. Chosen by hand. */
const MIN_SIDE_COVER = 0.5
/** Coverage is counted in this many stretches of a side. */
const COVER_BINS = 20

interface Run {
  readonly line: Line
  /** The outline points on the line. */
  readonly points: readonly Point[]
}

/** Quadrilaterals from each outline's straight runs, corners in TL TR BR BL order. */
export function outlineSideQuads(outlines: readonly (readonly Point[])[], width: number, height: number): Corners[] {
  const size = Math.sqrt(width * height)
  const tolerance = Math.max(2, RUN_TOLERANCE * size)
  const quads: Corners[] = []
  for (const outline of outlines) {
    const runs = straightRuns(outline, tolerance, MIN_RUN * size)
    for (const quad of quadsFromRuns(runs)) if (plausibleQuad(quad, width, height)) quads.push(quad)
  }
  return quads
}

/** The outline's longest straight runs, one after another, each's points then left out of the search. */
function straightRuns(outline: readonly Point[], tolerance: number, minPoints: number): Run[] {
  const step = Math.max(1, Math.ceil(outline.length / SAMPLED_POINTS))
  let sampled = outline.filter((_, i) => i % step === 0)
  const runs: Run[] = []
  while (runs.length < MAX_RUNS && sampled.length * step >= minPoints) {
    const best = mostPointsNear(sampled, tolerance)
    if (!best || best.length * step < minPoints) break
    const rough = fitLine(best)
    const points = rough && outline.filter((p) => offLine(rough, p) <= tolerance)
    const line = points && fitLine(points)
    if (!line) break
    runs.push({ line, points: outline.filter((p) => offLine(line, p) <= tolerance) })
    sampled = sampled.filter((p) => offLine(rough, p) > tolerance)
  }
  return runs
}

/** The sampled points near the best line through two points a little apart along the outline. */
function mostPointsNear(points: readonly Point[], tolerance: number): Point[] | null {
  const n = points.length
  const gap = Math.max(2, Math.round(n * PAIR_GAP))
  let best: Point[] | null = null
  for (let k = 0; k < TRIES; k++) {
    const a = points[Math.floor((k * n) / TRIES)]
    const b = points[(Math.floor((k * n) / TRIES) + gap) % n]
    if (Math.hypot(b.x - a.x, b.y - a.y) < 1) continue
    const line = lineThrough(a, b)
    const near = points.filter((p) => offLine(line, p) <= tolerance)
    if (!best || near.length > best.length) best = near
  }
  return best
}

/** Quads from two pairs of opposite runs, each side lying along its run's points. */
function quadsFromRuns(runs: readonly Run[]): Corners[] {
  const quads: Corners[] = []
  const angle = (r: Run): number => Math.atan2(r.line.direction.y, r.line.direction.x)
  const opposite = (a: Run, b: Run): boolean => lineAngle(angle(a), angle(b)) < OPPOSITE_ANGLE
  for (let a = 0; a < runs.length; a++)
    for (let b = a + 1; b < runs.length; b++) {
      if (!opposite(runs[a], runs[b])) continue
      for (let c = a + 1; c < runs.length; c++)
        for (let d = c + 1; d < runs.length; d++) {
          if (c === b || d === b || !opposite(runs[c], runs[d]) || opposite(runs[a], runs[c])) continue
          const sides = [runs[a], runs[c], runs[b], runs[d]]
          const corners = sides.map((s, i) => intersectLines(s.line, sides[(i + 1) % 4].line))
          if (corners.some((p) => !p)) continue
          const pts = corners as Point[]
          if (sides.every((s, i) => covered(s.points, pts[(i + 3) % 4], pts[i]) >= MIN_SIDE_COVER)) quads.push(orderCorners(pts))
        }
    }
  return quads
}

/** The share of the side from `a` to `b` along which points lie (in COVER_BINS stretches). */
function covered(points: readonly Point[], a: Point, b: Point): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y)
  if (len < 1) return 0
  const bins = new Uint8Array(COVER_BINS)
  for (const p of points) {
    const t = ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (len * len)
    if (t >= 0 && t < 1) bins[Math.floor(t * COVER_BINS)] = 1
  }
  return bins.reduce((s, v) => s + v, 0) / COVER_BINS
}

/** The angle between two undirected lines, 0..π/2. */
function lineAngle(a: number, b: number): number {
  const d = Math.abs(angleDiff(a, b))
  return Math.min(d, Math.PI - d)
}

function offLine(line: Line, p: Point): number {
  return Math.abs((p.x - line.point.x) * line.direction.y - (p.y - line.point.y) * line.direction.x)
}
