/**
 * The Hough fallback's line families: segments of one direction grouped into lines, and which two
 * of those lines can be a grid's outer lines, with lines at the eight evenly spaced positions
 * between them (as foreshortened by a tilt) and few lines anywhere else between them.
 */
import { fitLine, type Line } from '../core/geometry'
import type { Point } from '../core/image'

export interface Segment {
  readonly a: Point
  readonly b: Point
  /** Direction in [0, π). */
  readonly angle: number
  readonly length: number
}

export interface LineCluster {
  readonly offset: number
  readonly length: number
  readonly line: Line
}

/**
 * Foreshortening factors tried for a line family: with the page tilted away from the camera, the
 * grid's spacing changes steadily from one side to the other (1D perspective). `foreshorten(u, q)`
 * maps the fraction u of the way across the page to the fraction of the way across the image;
 * the spacing at the far end is q² times that at the near end. These cover 0.56..1.77, about
 * what a page tilted 35° shows, filling most of the view.
 */
const FORESHORTENING = [1, 0.93, 1.07, 0.85, 1.18, 0.75, 1.33]
/** "Long": at least this share of a typical grid line (the median of the ten longest). Chosen by hand. */
const LONG_LINE = 0.3
/** A line is at a grid position within this share of the local spacing. Chosen by hand. */
const POSITION_TOLERANCE = 0.25
/** Of the eight inner positions, at least this many must hold a line; at most this many lines may fall mid-cell. Chosen by hand. */
const MIN_HITS = 6
const MAX_EXTRAS = 2
/** Pairs kept per direction (three each make at most nine quads to score). */
const PAIRS_KEPT = 3

function foreshorten(u: number, q: number): number {
  return u / (u + (1 - u) * q)
}

function unforeshorten(y: number, q: number): number {
  return (q * y) / (1 - y + q * y)
}

/**
 * Pairs of lines that could be a grid's two outer lines in one direction: the eight positions
 * evenly spaced between them, as seen under one of the FORESHORTENING factors, must each have a
 * line within 25% of the local spacing. A crossword or a column rule beside the grid
 * fails this, however long its lines, and so do spans with lines mid-cell (more than two). The
 * best three pairs: most inner lines found less mid-cell lines, then widest.
 */
export function gridLinePairs(lines: LineCluster[]): [LineCluster, LineCluster][] {
  // "Long" relative to a typical grid line (the median of the ten longest), not to the single
  // longest cluster, which can be a rule or table edge merged across the whole page.
  const top = lines
    .map((l) => l.length)
    .sort((a, b) => b - a)
    .slice(0, 10)
  const typical = top.length ? top[top.length >> 1] : 0
  const long = lines.filter((l) => l.length >= LONG_LINE * typical).sort((a, b) => a.offset - b.offset)
  const scored: { pair: [LineCluster, LineCluster]; hits: number; span: number }[] = []
  for (let i = 0; i < long.length; i++) {
    for (let j = i + 1; j < long.length; j++) {
      const span = long[j].offset - long[i].offset
      // The best of a few foreshortenings: the pattern's hits less its mid-cell lines.
      let best = -Infinity
      for (const q of FORESHORTENING) {
        const at = (u: number): number => long[i].offset + span * foreshorten(u, q)
        let hits = 0
        for (let k = 1; k < 9; k++) {
          const want = at(k / 9)
          const step = (at((k + 1) / 9) - at((k - 1) / 9)) / 2
          if (long.some((l) => Math.abs(l.offset - want) < POSITION_TOLERANCE * step)) hits++
        }
        // Lines between the two that fall mid-cell: text rows, a crossword's denser lines.
        let extras = 0
        for (let k = i + 1; k < j; k++) {
          const phase = 9 * unforeshorten((long[k].offset - long[i].offset) / span, q)
          if (Math.abs(phase - Math.round(phase)) >= POSITION_TOLERANCE) extras++
        }
        if (hits >= MIN_HITS && extras <= MAX_EXTRAS) best = Math.max(best, hits - extras)
      }
      if (best > -Infinity) scored.push({ pair: [long[i], long[j]], hits: best, span })
    }
  }
  scored.sort((a, b) => b.hits - a.hits || b.span - a.span)
  return scored.slice(0, PAIRS_KEPT).map((s) => s.pair)
}

/**
 * Groups segments of one line: each segment's line is extended to where it crosses the axis
 * through `centre` along `normal`, and segments crossing within `tol` of each other form one line
 * (fitted to all their end points). Measured there rather than at each segment's middle, because
 * under perspective a family's lines converge: pieces of one line far apart along it would have
 * different mid-point offsets, and the two outer lines of a grid would not read as evenly spaced.
 */
export function clusterLines(segments: readonly Segment[], centre: Point, normal: Point, tol: number): LineCluster[] {
  const withOffset = segments
    .map((s) => {
      const u = { x: Math.cos(s.angle), y: Math.sin(s.angle) }
      // centre + t·normal lies on the segment's line: cross(centre + t·normal − a, u) = 0.
      const across = normal.x * u.y - normal.y * u.x
      const offset = ((s.a.x - centre.x) * u.y - (s.a.y - centre.y) * u.x) / across
      return { s, offset }
    })
    .sort((p, q) => p.offset - q.offset)
  const out: LineCluster[] = []
  let group: typeof withOffset = []
  const flush = (): void => {
    if (group.length === 0) return
    const pts = group.flatMap((g) => [g.s.a, g.s.b])
    const line = fitLine(pts)
    const length = group.reduce((sum, g) => sum + g.s.length, 0)
    if (line) out.push({ offset: group.reduce((sum, g) => sum + g.offset * g.s.length, 0) / length, length, line })
    group = []
  }
  for (const item of withOffset) {
    if (group.length > 0 && item.offset - group[group.length - 1].offset > tol) flush()
    group.push(item)
  }
  flush()
  return out
}
