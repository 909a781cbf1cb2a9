/**
 * A live look's corners moved onto the grid's own lines, so the paper watch (watch/cell-ink.ts)
 * sees the same corners at every look of a page that stays put: each fallback places them its own
 * way. Lines are sought in bands where the band's median is darkest; the homography that puts
 * each line's places on that line, in least squares without outliers, gives the corners.
 */
import { squareToQuad } from '../core/homography'
import { type Brightness, bilinear } from '../core/brightness'
import { applyHomography, type Homography, invertHomography, solveLinear } from '../core/geometry'
import type { Corners, GrayImage, Point, RgbaImage } from '../core/image'
import { middleOf } from '../core/median'

/** Samples per cell, as watch/cell-ink.ts's CELL_SAMPLES: a 2 px line at 35-45 px cells spans one or two. */
const PER_CELL = 24
/** How far a line is sought from where the corners put it, in cells: past the fallbacks' spread (up to 0.37). */
const REACH = 0.4
/** A line is darker than the profile this far either side, in cells (past a box line's half width). */
const BESIDE = 0.15
/** A place further than this from its fitted line, in cells, is left out (as grid/warp.ts's OUTLIER). */
const OFF_FIT = 0.08
/** Bands across the grid, each line sought in each: short, so a line put aslant still darkens most of a column. */
const BANDS = 4
/** Rounds of leaving out the places off the fit. Chosen by hand. */
const FIT_ROUNDS = 3
/** Places that must be seen and fit, of the ten lines in each band: more than half. Chosen by hand. */
const MIN_PLACES = 0.6 * 10 * BANDS
/** Samples either side of a line's darkest that its middle is taken over (a blurred 2-3 px line). */
const DIP_REACH = 2
/** Fits, each from the last one's corners: the second samples the grid nearly square to its lines. */
const PASSES = 2

/** `corners` moved onto the lines of the grid they roughly frame, or as they are where its lines are not seen. */
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

/** The grid sampled through `corners`, with a margin, PER_CELL samples a cell. */
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
  // Refit over the places near the fit until they stop changing.
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

/** Where line `k` across `axis` ('x': a vertical line) was seen, in sampled cell coordinates. */
interface Place {
  readonly axis: 'x' | 'y'
  readonly k: number
  readonly at: Point
}

/** Each line's places across `axis`, one in each band. */
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

/** The line a place lies on by `fit`: its x for a vertical line, its y for a horizontal one. */
function latticeLine(fit: Homography, place: Place): number {
  const p = applyHomography(fit, place.at)
  return place.axis === 'x' ? p.x : p.y
}

/**
 * The homography (g8 = 1) putting each place on its own line in least squares: a vertical line k's
 * place maps to x = k, g0 x + g1 y + g2 - k (g6 x + g7 y) = k, linear in the unknowns. Null if unfixed.
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

/** Each line's place in `profile` (in cells), within REACH of where expected, darker than BESIDE either side. */
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

/** Per place along `axis`, the median brightness across the band `from`..`to`; NaN where half is off the image. */
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

/** The middle of the dip around `at`: its darkness's centroid (a parabola misplaced 2 px lines by up to 0.7 px). */
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
