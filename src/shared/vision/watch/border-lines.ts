/**
 * A grid's corners moved onto its border's lines, for measuring the cells' ink (watch/cell-ink.ts). The
 * detector puts the corners on the border's outer edge as its threshold image shows it, which can
 * be pixels away from the print: on a Wicht photo in a 1280×720 view (image1045), found only by
 * the lattice of its boxes, the left and top sides lay 5-7 px outside the border and the others
 * 2-3 px, so the border's line came into the margins of a row of cells as the camera shook, and
 * the time-lapse's trigger saw writing there. Each side is moved along its normal to the innermost
 * line along it within BORDER_REACH, where that line is darkest: the border's middle, wherever the
 * detection put it.
 * Only moved, not turned: where text runs beside part of a side, a turn to it put the far corner
 * 15 px off.
 */
import { centroid, distance, intersectLines, lineThrough, type Line } from '../core/geometry'
import type { Corners, Point } from '../core/image'

/**
 * How far a side is sought either way, in cells: 5-7 px at a grid's 35 px cells in a 1280×720
 * view; the first inner line is a cell away, text beside the border a third of one or more.
 */
const BORDER_REACH = 0.2
/** Offsets tried per cell of reach, and samples along a side per cell. */
const OFFSETS_PER_CELL = 40
const SAMPLES_PER_CELL = 6
/** The darkest place must be darker than this share of the brightest to be a line. Chosen by hand. */
const LINE_CONTRAST = 0.85
/**
 * A place between LINE_CONTRAST and this share of the brightest is a line in part: the side moves
 * towards it in proportion, and for the rest as it would without it. With one cut, a faint border
 * whose darkness sits at the cut makes the side jump as the camera shakes: on a held-out solving
 * session (bench:timelapse-session, image1087, a creased page) the left border's darkest place read
 * 0.847 and 0.859 of the brightest in turn, the side jumped 2.3 px from look to look, the ink of
 * cells along a bent row swung by 0.03, and the trigger saw writing at every other look and took
 * no shot. Measured against LINE_CONTRAST, a faint line now moves the side by 80-100% of the way.
 */
const LINE_FAINT = 0.9
/** The part of a side looked at: clear of the corners, where crossing lines and rounding are. */
const FROM = 1 / 6
const TO = 5 / 6
/**
 * A place along a side is as dark as this quantile of its samples: the border is dark all along,
 * text beside it only in places. Chosen by hand.
 */
const LINE_QUANTILE = 0.75

/** `corners` with each side moved onto the innermost line near it in `brightness` (x, y in pixels; NaN outside the image). */
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

/** How far along `inward` (pixels, either way) the innermost line from `a` along `along` is darkest; 0 where no line is seen within reach. */
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
    // A line partly out of the image (NaN) is no border seen.
    lit.push(line.some(Number.isNaN) ? Infinity : line[Math.floor(LINE_QUANTILE * (samples - 1))])
  }
  // No line within reach (all paper, or the image ended): the side stays where it was found.
  const brightest = Math.max(...lit.filter(Number.isFinite))
  return ((lineStep(lit, lit.length - 1, brightest) - steps) / steps) * BORDER_REACH * cell
}

/**
 * Where among `lit`'s places up to `from` (outermost offset first) the innermost line lies, in
 * places, between them where it is faint (LINE_FAINT); `steps` (the place of no move) where none is.
 */
function lineStep(lit: readonly number[], from: number, brightest: number): number {
  const steps = (lit.length - 1) / 2
  const k = innermostLine(lit, from, LINE_FAINT * brightest)
  if (k < 0) return steps
  // Between places: the vertex of the parabola through the darkest and its neighbours, so the
  // side does not jump a whole place as the camera shakes by part of one.
  const [left, right] = [lit[k - 1], lit[k + 1]]
  const curve = left + right - 2 * lit[k]
  const at = k + (Number.isFinite(left) && Number.isFinite(right) && curve > 0 ? (left - right) / (2 * curve) : 0)
  const weight = Math.min(1, (LINE_FAINT * brightest - lit[k]) / ((LINE_FAINT - LINE_CONTRAST) * brightest))
  if (weight >= 1) return at
  // A faint line: the rest of the way is where the side goes without it, to the next line out,
  // sought from where the dip's outer flank stops rising.
  let beyond = k - 1
  while (beyond >= 0 && lit[beyond] < LINE_FAINT * brightest && lit[beyond] >= lit[beyond + 1]) beyond--
  return weight * at + (1 - weight) * lineStep(lit, beyond, brightest)
}

/**
 * The innermost place in `lit` up to `from` (outermost offset first) darker than `dark`, followed
 * outwards to the bottom of its dip; -1 for none. Not the darkest within reach: beyond a cut-out's
 * border the desk, and beyond a printed one text or a rule, can be darker than the border's line,
 * and the border is the first line met coming from the cells. On a held-out solving session
 * (bench:timelapse-session, image1000, whose paper ends half a cell past the grid's right side on
 * a desk of grey 93), the desk's even band read darker along the side as found, a few pixels
 * askew, than the 2 px line of grey 57 that side crosses, and the darkest put that side on the
 * paper's edge, 17 px out, in 3 of the 7 looks traced.
 */
function innermostLine(lit: readonly number[], from: number, dark: number): number {
  let k = from
  while (k >= 0 && !(lit[k] < dark)) k--
  while (k > 0 && lit[k - 1] <= lit[k]) k--
  return k
}
