/**
 * A grid's corners moved onto its border's lines: detection can leave them pixels outside, and
 * shake then brings the border into the outer cells. Each side is moved to the innermost line within
 * BORDER_REACH, not turned: text beside part of a side would turn it.
 */
import { centroid, distance, intersectLines, lineThrough, type Line } from '../core/geometry'
import type { Corners, Point } from '../core/image'

/** How far a side is sought either way, in cells: past a detection's 5-7 px error at 35 px cells. */
const BORDER_REACH = 0.2
const OFFSETS_PER_CELL = 40
const SAMPLES_PER_CELL = 6
/** A line is darker than this share of the brightest. Chosen by hand. */
const LINE_CONTRAST = 0.85
/** Up to this share a line counts in part, lest a faint border near LINE_CONTRAST make the side jump. */
const LINE_FAINT = 0.9
/** The part of a side sampled, clear of the corners. */
const FROM = 1 / 6
const TO = 5 / 6
/** An offset's darkness quantile: the border is dark all along, text only in places. Chosen by hand. */
const LINE_QUANTILE = 0.75

/** `corners` with each side on the innermost line near it (`brightness` NaN outside the image). */
export function onBorderLines(brightness: (x: number, y: number) => number, corners: Corners): Corners {
  const centre = centroid(corners)
  const lines: Line[] = []
  for (let k = 0; k < 4; k++) {
    const a = corners[k]
    const b = corners[(k + 1) % 4]
    const length = distance(a, b)
    if (length < 1) return corners
    const along = lineThrough(a, b).direction
    let inward = { x: -along.y, y: along.x }
    if ((centre.x - a.x) * inward.x + (centre.y - a.y) * inward.y < 0) inward = { x: -inward.x, y: -inward.y }
    const offset = darkestOffset(brightness, a, along, inward, length)
    lines.push({ point: { x: a.x + offset * inward.x, y: a.y + offset * inward.y }, direction: along })
  }
  const moved = [0, 1, 2, 3].map((k) => intersectLines(lines[(k + 3) % 4], lines[k]))
  return moved.every((p): p is Point => p !== null) ? (moved as unknown as Corners) : corners
}

/** The offset (pixels) along `inward` of the side's innermost line; 0 for none. */
function darkestOffset(brightness: (x: number, y: number) => number, a: Point, along: Point, inward: Point, length: number): number {
  const cell = length / 9
  const steps = Math.max(2, Math.round(BORDER_REACH * OFFSETS_PER_CELL))
  const samples = Math.max(4, Math.round(SAMPLES_PER_CELL * 9 * (TO - FROM)))
  const lit: number[] = []
  for (let s = -steps; s <= steps; s++) {
    const d = (s / steps) * BORDER_REACH * cell
    const line: number[] = []
    for (let i = 0; i < samples; i++) {
      const t = (FROM + ((i + 0.5) / samples) * (TO - FROM)) * length
      line.push(brightness(a.x + t * along.x + d * inward.x, a.y + t * along.y + d * inward.y))
    }
    line.sort((p, q) => p - q)
    // Partly outside the image: no border.
    lit.push(line.some(Number.isNaN) ? Infinity : line[Math.floor(LINE_QUANTILE * (samples - 1))])
  }
  const brightest = Math.max(...lit.filter(Number.isFinite))
  return ((lineStep(lit, lit.length - 1, brightest) - steps) / steps) * BORDER_REACH * cell
}

/** The innermost line's place in `lit` (outermost first) up to `from`; `steps` (no move) for none. */
function lineStep(lit: readonly number[], from: number, brightest: number): number {
  const steps = (lit.length - 1) / 2
  const k = innermostLine(lit, from, LINE_FAINT * brightest)
  if (k < 0) return steps
  // Sub-step: the parabola's vertex.
  const [left, right] = [lit[k - 1], lit[k + 1]]
  const curve = left + right - 2 * lit[k]
  const at = k + (Number.isFinite(left) && Number.isFinite(right) && curve > 0 ? (left - right) / (2 * curve) : 0)
  const weight = Math.min(1, (LINE_FAINT * brightest - lit[k]) / ((LINE_FAINT - LINE_CONTRAST) * brightest))
  if (weight >= 1) return at
  // A faint line: the rest of the weight goes to the next line out.
  let beyond = k - 1
  while (beyond >= 0 && lit[beyond] < LINE_FAINT * brightest && lit[beyond] >= lit[beyond + 1]) beyond--
  return weight * at + (1 - weight) * lineStep(lit, beyond, brightest)
}

/** The innermost dip up to `from` darker than `dark`, or -1; not the darkest, as desk or text beyond can be darker. */
function innermostLine(lit: readonly number[], from: number, dark: number): number {
  let k = from
  while (k >= 0 && !(lit[k] < dark)) k--
  while (k > 0 && lit[k - 1] <= lit[k]) k--
  return k
}
