/** The Hough fallback's lines: segments grouped into lines, and the pairs of lines that can be a grid's outer lines. */
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

/** Foreshortenings q tried (far spacing q² times the near): 0.56..1.77 covers a page tilted 35°. */
const FORESHORTENING = [1, 0.93, 1.07, 0.85, 1.18, 0.75, 1.33]
/** "Long": this share of a typical line (the median of the ten longest). Chosen by hand. */
const LONG_LINE = 0.3
/** A line is at a grid position within this share of the local spacing. Chosen by hand. */
const POSITION_TOLERANCE = 0.25
/** Inner positions that must hold a line; lines that may fall mid-cell. Chosen by hand. */
const MIN_HITS = 6
const MAX_EXTRAS = 2
/** Pairs kept per direction. */
const PAIRS_KEPT = 3

function foreshorten(u: number, q: number): number {
  return u / (u + (1 - u) * q)
}

function unforeshorten(y: number, q: number): number {
  return (q * y) / (1 - y + q * y)
}

/** Pairs of lines with lines at the eight (foreshortened) positions between them and few mid-cell; best first, then widest. */
export function gridLinePairs(lines: LineCluster[]): [LineCluster, LineCluster][] {
  // Against a typical line, not the longest, which can be a rule merged across the whole page.
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
      let best = -Infinity
      for (const q of FORESHORTENING) {
        const at = (u: number): number => long[i].offset + span * foreshorten(u, q)
        let hits = 0
        for (let k = 1; k < 9; k++) {
          const want = at(k / 9)
          const step = (at((k + 1) / 9) - at((k - 1) / 9)) / 2
          if (long.some((l) => Math.abs(l.offset - want) < POSITION_TOLERANCE * step)) hits++
        }
        // Lines mid-cell: text rows, a crossword's.
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
 * Groups segments into lines by where they cross the axis through `centre` along `normal`, within
 * `tol`: not at each segment's middle, as a family's lines converge under perspective.
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
