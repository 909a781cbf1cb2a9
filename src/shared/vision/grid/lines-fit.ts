/**
 * A live look's grid corners put where the grid's own lines say, for the paper watch's cell ink
 * (watch/cell-ink.ts), so that they come out the same at every look of a page that stays where it is.
 *
 * Where the outline does not find a grid, the fallbacks do (grid/find-grid.ts's Hough lines, lattice of
 * holes, outline's straight runs, or the last look's grid carried on), and each places the corners
 * its own way: on a held-out solving session (bench:timelapse-session seed 164, image1067, a
 * creased page whose border merges with a column rule at 640 px) they lay 5-16 px from one another
 * from look to look on a grid 390 px wide. Steadied (watch/steady-corners.ts) they still moved 2-5 px, the
 * ink of 4-18 cells changed between looks, the trigger took every look for a hand over the grid,
 * and nine minutes of writing gave no shot.
 *
 * So the grid is sampled through the corners found, and its ten lines each way are sought in four
 * bands across it, near where those corners put them, each where it is darkest along most of the
 * band (the median: digits, marks and the lines crossing it cover a small part of it). The
 * perspective that puts every line's places on that line, in least squares and without the places
 * off it (a stroke beside a line), gives the corners; a second pass from those, sampling the grid
 * square to its lines, refines them. Each corner then rests on all twenty lines, not on the one
 * border line or the crossing near it that a fallback found. Where too few lines are seen (a hand
 * over half the grid) the corners stay as found.
 */
import { squareToQuad } from '../core/homography'
import { type Brightness, bilinear } from '../core/brightness'
import { applyHomography, type Homography, invertHomography, solveLinear } from '../core/geometry'
import type { Corners, GrayImage, Point, RgbaImage } from '../core/image'
import { middleOf } from '../core/median'

/** Samples per cell: as watch/cell-ink.ts's CELL_SAMPLES, a 2 px line at a 1280×720 view's 35-45 px cells spans one or two. */
const PER_CELL = 24
/**
 * How far from where the corners put it a line is sought, in cells: past the 5-16 px (0.12-0.37 of
 * a 43 px cell) that seed 164's fallbacks put the corners apart, and short of half a cell, where the
 * next line's window begins.
 */
const REACH = 0.4
/**
 * A line is darker than the profile this far either side of it, in cells: past a thick box line's
 * half width (0.05-0.08 of a cell), so a desk's edge or a shadow's, dark on one side only, is no line.
 */
const BESIDE = 0.15
/** A place further than this from its line as fitted, in cells, is left out of the fit: as warp.ts's OUTLIER, a stroke beside a line. */
const OFF_FIT = 0.08
/**
 * Bands across the grid, each line sought in each: a line the corners put aslant crosses a band
 * by less than its width only where the band is short (corners 0.3 cell off slant a line by that
 * much over the grid's height, 3 px a band at 40 px cells, and a 2 px line then darkens a column
 * over most of the band, where the median needs half).
 */
const BANDS = 4
/** Rounds of leaving out the places off the fit: one stroke beside a line moves the first fit, and the second leaves it out. Chosen by hand. */
const FIT_ROUNDS = 3
/** Places that must be seen and fit, of the ten lines in each band: more than half. Chosen by hand. */
const MIN_PLACES = 0.6 * 10 * BANDS
/** Samples either side of a line's darkest that its middle is taken over: a 2-3 px line, blurred by a pixel, at 1.5-2 px a sample. */
const DIP_REACH = 2
/** Fits, each from the corners the last gave: the second samples the grid nearly square to its lines. */
const PASSES = 2

/** `corners` moved onto the lines of the grid they roughly frame in `image`, or as they are where its lines are not seen. */
export function fitToGridLines(image: RgbaImage | GrayImage, corners: Corners): Corners {
  const brightness = bilinear(image)
  let fitted = corners
  for (let pass = 0; pass < PASSES; pass++) {
    const next = fitOnce(brightness, fitted)
    if (!next) return corners
    fitted = next
  }
  return fitted
}

/** The grid as `corners` frame it, with a margin around: sample (i, j) lies at cell coordinates ((i - margin + 0.5) / PER_CELL, (j - margin + 0.5) / PER_CELL). */
interface Sampled {
  readonly warped: Float32Array
  readonly size: number
  readonly margin: number
}

/** One fit from `corners`, or null where too few lines are seen. */
function fitOnce(brightness: Brightness, corners: Corners): Corners | null {
  const toImage = squareToQuad(corners)
  const margin = Math.ceil((REACH + BESIDE) * PER_CELL) + 1
  const size = 9 * PER_CELL + 2 * margin
  const warped = new Float32Array(size * size)
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const p = applyHomography(toImage, { x: (i - margin + 0.5) / (9 * PER_CELL), y: (j - margin + 0.5) / (9 * PER_CELL) })
      warped[j * size + i] = brightness(p.x, p.y)
    }
  }
  const sampled = { warped, size, margin }
  const seen = [...linesSeen(sampled, 'x'), ...linesSeen(sampled, 'y')]
  // Least squares, then again over the places near it, until those are the places it was fitted to.
  let kept = seen
  let fit: Homography | null
  for (let round = 0; ; round++) {
    const current = enoughOnBothAxes(kept) ? latticeFit(kept) : null
    fit = current
    if (!current || round === FIT_ROUNDS) break
    const near = seen.filter((s) => Math.abs(latticeLine(current, s) - s.k) <= OFF_FIT)
    if (near.length === kept.length && near.every((s, i) => s === kept[i])) break
    kept = near
  }
  const toCells = fit && invertHomography(fit)
  if (!toCells) return null
  return GRID_CORNERS.map((q) => {
    const p = applyHomography(toCells, q)
    return applyHomography(toImage, { x: p.x / 9, y: p.y / 9 })
  }) as unknown as Corners
}

/** The grid's outer corners in cells. */
const GRID_CORNERS: readonly Point[] = [
  { x: 0, y: 0 },
  { x: 9, y: 0 },
  { x: 9, y: 9 },
  { x: 0, y: 9 },
]

/** A place where line `k` across `axis` ('x': a vertical line) was seen, in cell coordinates as sampled. */
interface Place {
  readonly axis: 'x' | 'y'
  readonly k: number
  readonly at: Point
}

/** Each line's places across `axis`, at the middle of each of BANDS bands across the other axis. */
function linesSeen(sampled: Sampled, axis: 'x' | 'y'): Place[] {
  const seen: Place[] = []
  const band = (9 * PER_CELL) / BANDS
  for (let b = 0; b < BANDS; b++) {
    const profile = medianProfile(sampled.warped, sampled.size, axis, Math.round(sampled.margin + b * band), Math.round(sampled.margin + (b + 1) * band))
    const along = ((b + 0.5) * 9) / BANDS
    for (const [k, at] of linePlaces(profile, sampled.margin)) seen.push({ axis, k, at: axis === 'x' ? { x: at, y: along } : { x: along, y: at } })
  }
  return seen
}

const enoughOnBothAxes = (places: readonly Place[]): boolean =>
  places.filter((p) => p.axis === 'x').length >= MIN_PLACES && places.filter((p) => p.axis === 'y').length >= MIN_PLACES

/** The line a place lies on by `fit` (the sampled cells to the lattice's): its x there for a vertical line, its y for a horizontal one. */
function latticeLine(fit: Homography, place: Place): number {
  const p = applyHomography(fit, place.at)
  return place.axis === 'x' ? p.x : p.y
}

/**
 * The homography from the sampled cells to the lattice's that puts each place on its own line, in
 * least squares: a vertical line k's place (x, y) must map to x = k, that is
 * g0 x + g1 y + g2 - k (g6 x + g7 y) = k with g8 = 1 (a horizontal one's with g3, g4, g5 and y = k),
 * linear in the eight unknowns. Null where the places do not fix it.
 */
function latticeFit(places: readonly Place[]): Homography | null {
  const normal = Array.from({ length: 8 }, () => new Float64Array(8))
  const right = new Float64Array(8)
  const terms = new Float64Array(8)
  for (const { axis, k, at } of places) {
    terms.fill(0)
    const o = axis === 'x' ? 0 : 3
    terms[o] = at.x
    terms[o + 1] = at.y
    terms[o + 2] = 1
    terms[6] = -k * at.x
    terms[7] = -k * at.y
    for (let i = 0; i < 8; i++) {
      right[i] += terms[i] * k
      for (let j = 0; j < 8; j++) normal[i][j] += terms[i] * terms[j]
    }
  }
  const g = solveLinear(normal, right)
  return g && [g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], 1]
}

/** Each line's place in `profile` (in cells), sought within REACH of where the corners put it, where it is darker than BESIDE either side of it. */
function linePlaces(profile: Float64Array, margin: number): [number, number][] {
  const beside = Math.max(2, Math.round(BESIDE * PER_CELL))
  const contrast = (p: number): number => Math.min(profile[p - beside], profile[p + beside]) - profile[p]
  const places: [number, number][] = []
  for (let k = 0; k <= 9; k++) {
    const expected = margin + k * PER_CELL
    let best = -1
    let bestContrast = 0
    for (let p = Math.round(expected - REACH * PER_CELL); p <= Math.round(expected + REACH * PER_CELL); p++) {
      // NaN (a place off the image) is never more.
      if (contrast(p) > bestContrast) [best, bestContrast] = [p, contrast(p)]
    }
    if (best >= 0) places.push([k, (dipMiddle(profile, best, beside) - margin + 0.5) / PER_CELL])
  }
  return places
}

/** Each place along `axis`, the median brightness across the band `from`..`to` of the other axis; NaN where half of it is off the image. */
function medianProfile(warped: Float32Array, size: number, axis: 'x' | 'y', from: number, to: number): Float64Array {
  const profile = new Float64Array(size)
  const values = new Float32Array(to - from)
  for (let p = 0; p < size; p++) {
    let count = 0
    for (let q = from; q < to; q++) {
      const v = axis === 'x' ? warped[q * size + p] : warped[p * size + q]
      if (!Number.isNaN(v)) values[count++] = v
    }
    profile[p] = count < (to - from) / 2 ? Number.NaN : middleOf(values, count)
  }
  return profile
}

/**
 * The middle of the dip around `at`, between samples: its darkness's centroid over DIP_REACH
 * samples either way, below the brighter of the profile `beside` samples away on either side. A
 * parabola through the darkest three placed a 2 px line up to 0.7 px off, by where it fell between
 * the samples.
 */
function dipMiddle(profile: Float64Array, at: number, beside: number): number {
  const level = Math.max(profile[at - beside], profile[at + beside])
  let sum = 0
  let weight = 0
  for (let p = at - DIP_REACH; p <= at + DIP_REACH; p++) {
    const dark = level - profile[p]
    if (dark > 0) [sum, weight] = [sum + dark * p, weight + dark]
  }
  return weight > 0 ? sum / weight : at
}
