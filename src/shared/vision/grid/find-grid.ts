/**
 * Finds the Sudoku grid's four outer corners, on the grey working copy (core/gray.ts), then where
 * needed on a copy twice as fine. Each kind of proposal is tried only when those before found none:
 *  1. outlines (grid/contour.ts), sides put back where a shadow or desk pulled them (grid/sides.ts);
 *  2. evenly spaced Hough lines (grid/hough.ts): a broken or occluded border;
 *  3. lattices of the holes the lines enclose (grid/lattice.ts): a border merged with a rule;
 *  4. the outlines' straight runs (grid/outline-sides.ts): a border merged with a shadow;
 *  5. outlines and lattices scored on the grey image (grid/faint.ts): faint inner lines;
 *  6. live video only: the last look's grid (`near`).
 * Every proposal must score as a grid (grid/score.ts), so text and crosswords give null.
 */
import type { CV, Own } from '../core/cv'
import { withMats } from '../core/cv'
import { centroid, downscaledPoint, upscaledPoint } from '../core/geometry'
import { contourQuads, gridHoles, largeOutlines } from './contour'
import { faintGridScore } from './faint'
import { boxAligned } from './box-lines'
import { houghQuads, linesCrossing, linesRunBorderToBorder } from './hough'
import { latticeQuads } from './lattice'
import { outlineSideQuads } from './outline-sides'
import { MIN_GRID_SCORE, MIN_HOUGH_SCORE, gridScore } from './score'
import { areaOf, plausibleQuad } from './shape'
import { offDeskCorners, straightenSides } from './sides'
import { finerScale, grayScales, isGrayScales, type Downscaled, type GrayScales } from '../core/gray'
import type { Corners, GrayImage, RgbaImage } from '../core/image'
import { grayFromMat, matFromGray } from '../core/mats'

type Mat = InstanceType<CV['Mat']>

export interface GridDetection {
  /** Outer corners TL, TR, BR, BL in input pixels. */
  readonly corners: Corners
  readonly method: 'contour' | 'lattice' | 'hough'
  /** How grid-like the warped area looks, 0..1 (see `gridScore`). */
  readonly score: number
  /** Taken where the last look's grid was (`near`), no proposal of this look's passing. */
  readonly tracked?: boolean
}

export interface DetectGridOptions {
  /** Long side of the working copy, when given an image rather than its scales. */
  readonly workingSize?: number
  /** Live video: only the outlines (and the faint look at them), `follow` and `near`, no second look: ~5 ms a frame against ~38 ms. */
  readonly live?: boolean
  /** With `live`: this fallback too, for a grid only it found at the last look (watch/live-schedule.ts). */
  readonly follow?: Fallback
  /** With `live`: the last look's grid, kept where it still scores and no proposal passes (print touching a border merges with it as the camera shakes). */
  readonly near?: GridDetection
}

/** The fallbacks a live look may follow a grid with. */
export type Fallback = 'hough' | 'lattice'

/** Images smaller than this hold no grid whose lines could be told apart. Chosen by hand. */
const MIN_IMAGE_SIDE = 32
/** Gaussian blur before the threshold, in working pixels. Chosen by hand. */
const BLUR_SIZE = 5
/** Adaptive threshold: ink where darker by the offset than a block's mean, a twentieth of the shorter side. Chosen by hand. */
const THRESHOLD_BLOCK_DIVISOR = 20
const MIN_THRESHOLD_BLOCK = 11
const THRESHOLD_OFFSET = 4

/** Returns the grid, or null when the image holds no plausible Sudoku grid. */
export function detectGrid(cv: CV, input: RgbaImage | GrayImage | GrayScales, options: DetectGridOptions = {}): GridDetection | null {
  const { width, height } = isGrayScales(input) ? input.full : input
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) return null
  const scales = grayScales(input, options.workingSize)
  const live = options.live ? { follow: options.follow, near: options.near && inWorking(options.near, scales.working.factor) } : undefined
  const first = detectAt(cv, scales.working, live)
  if (live || (first && !first.lookAgain)) return first?.grid ?? null
  // Thin lines can average away at the working size: look again finer where the first look found no grid or only a late look did.
  const finer = finerScale(scales)
  const second = finer && detectAt(cv, finer, undefined)
  return second?.grid ?? first?.grid ?? null
}

/** A grid in the pixels of its image's copy scaled down by `factor`. */
function inWorking(grid: GridDetection, factor: number): GridDetection {
  return { ...grid, corners: grid.corners.map((p) => downscaledPoint(p, factor)) as unknown as Corners }
}

/** Detection on one downscaled copy, corners mapped back. */
function detectAt(cv: CV, { gray, factor }: Downscaled, live: Live | undefined): Found | null {
  const found = detectInWorking(cv, gray, live)
  if (!found) return null
  const corners = found.grid.corners.map((p) => upscaledPoint(p, factor))
  return { ...found, grid: { ...found.grid, corners: corners as unknown as Corners } }
}

/** A grid, and whether only the outline-sides or faint look found it. */
interface Found {
  readonly grid: GridDetection
  readonly lookAgain: boolean
}

/** A live look's options, `near` in the working copy's pixels. */
interface Live {
  readonly follow?: Fallback
  readonly near?: GridDetection
}

function detectInWorking(cv: CV, gray: GrayImage, live: Live | undefined): Found | null {
  return withMats((own) => {
    const src = own(matFromGray(cv, gray))
    const binary = thresholdImage(cv, src, own)
    const contours = own(new cv.MatVector())
    const hierarchy = own(new cv.Mat())
    cv.findContours(binary, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_NONE)
    let best: GridDetection | null = null
    const worth = (d: GridDetection): number => d.score * areaOf(d.corners) * aim(d.corners, gray)
    const consider = (quads: Corners[], method: 'contour' | 'lattice'): void => {
      for (const q of quads) {
        const found = { corners: q, method, score: gridScore(cv, binary, q, own) }
        if (found.score >= MIN_GRID_SCORE && (!best || worth(found) > worth(best))) best = found
      }
    }
    // 1. Outlines.
    const outlines = contourQuads(cv, contours, binary)
    consider(outlines, 'contour')
    if (best) return { grid: straightenSides(cv, binary, src, best, own), lookAgain: false }
    // A cut-out puzzle's outline, shaped by the desk, scores as no grid: put back on its border.
    const offDesk = (quads: readonly Corners[]): Corners[] =>
      quads.flatMap((q) => {
        const moved = offDeskCorners(cv, binary, src, q, own)
        return moved ? [moved] : []
      })
    consider(offDesk(outlines), 'contour')
    if (best) return { grid: best, lookAgain: false }
    /** The best of `quads` by the faint look, or null. */
    const faintBest = (quads: readonly (readonly [readonly Corners[], 'contour' | 'lattice'])[]): Found | null => {
      for (const [list, method] of quads) {
        for (const q of list) {
          const score = faintGridScore(cv, src, binary, q, own)
          if (score >= MIN_GRID_SCORE && (!best || score > best.score)) best = { corners: q, method, score }
        }
      }
      return best && { grid: best, lookAgain: true }
    }
    const tries = (fallback: Fallback): boolean => !live || live.follow === fallback
    // 2. Evenly spaced Hough lines.
    if (tries('hough')) {
      /**
       * Proposals with box lines in place first; then the others, moved a cell where they pass both
       * moved and as they were (one passing only moved is left to the later looks, which fit better).
       */
      const considerHough = (quads: readonly Corners[]): void => {
        /** The quad's score where it passes as a Hough grid, else null. */
        const passing = (q: Corners): number | null => {
          const score = gridScore(cv, binary, q, own)
          return score >= MIN_HOUGH_SCORE && linesRunBorderToBorder(cv, binary, q, own) ? score : null
        }
        const take = (q: Corners, score: number): void => {
          if (!best || score > best.score) best = { corners: q, method: 'hough', score }
        }
        const aligned = quads.map((q) => boxAligned(cv, binary, q, own))
        const inPlace = quads.filter((q, i) => aligned[i] === q)
        for (const q of inPlace) {
          const score = passing(q)
          if (score !== null) take(q, score)
        }
        if (best) return
        for (const [i, q] of quads.entries()) {
          const asIs = aligned[i] === q ? null : passing(q)
          if (asIs === null) continue
          const moved = passing(aligned[i])
          if (moved === null) take(q, asIs)
          else take(aligned[i], moved)
        }
      }
      const houghs = houghQuads(cv, binary, own)
      considerHough(houghs)
      if (best) return { grid: straightenSides(cv, binary, src, best, own), lookAgain: false }
      considerHough(offDesk(houghs))
      if (best) return { grid: best, lookAgain: false }
    }
    // 3. Lattices of holes.
    const lattices = tries('lattice') ? holeLattices(cv, contours, binary) : []
    consider(lattices, 'lattice')
    if (best) return { grid: best, lookAgain: false }
    // 4. The outlines' straight runs as sides (not live).
    if (!live) {
      consider(outlineSideQuads(largeOutlines(cv, contours, binary), binary.cols, binary.rows), 'contour')
      if (best) return { grid: best, lookAgain: true }
    }
    // 5. Faint inner lines. Live too: a small grid's thin lines come and go with each frame's noise.
    const faint = faintBest([
      [outlines, 'contour'],
      [lattices, 'lattice'],
    ])
    if (faint || !live?.near) return faint
    // 6. Live video: the grid where the last look found it.
    const score = gridScore(cv, binary, live.near.corners, own)
    return score >= MIN_GRID_SCORE ? { grid: { ...live.near, score, tracked: true }, lookAgain: false } : null
  })
}

/** Quads on regular lattices of the holes the threshold image's lines enclose. */
function holeLattices(cv: CV, contours: InstanceType<CV['MatVector']>, binary: Mat): Corners[] {
  const mask = grayFromMat(binary)
  return latticeQuads(gridHoles(cv, contours, mask.width * mask.height), mask).filter((q) => plausibleQuad(q, mask.width, mask.height))
}

/** The threshold image (255 = ink) every proposal and score works on. */
export function thresholdImage(cv: CV, src: Mat, own: Own): Mat {
  const blurred = own(new cv.Mat())
  cv.GaussianBlur(src, blurred, new cv.Size(BLUR_SIZE, BLUR_SIZE), 0)
  const binary = own(new cv.Mat())
  const block = oddAtLeast(Math.round(Math.min(src.cols, src.rows) / THRESHOLD_BLOCK_DIVISOR), MIN_THRESHOLD_BLOCK)
  cv.adaptiveThreshold(blurred, binary, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, THRESHOLD_OFFSET)
  return binary
}

/** How surely each of `quads` (full-image pixels) is a grid rather than one a cell off: the fewest lines crossing a row or column of its cells. */
export function weakestCrossings(cv: CV, scales: GrayScales, quads: readonly Corners[]): number[] {
  const { gray, factor } = scales.working
  return withMats((own) => {
    const binary = thresholdImage(cv, own(matFromGray(cv, gray)), own)
    return quads.map((quad) => Math.min(...linesCrossing(cv, binary, quad.map((p) => downscaledPoint(p, factor)) as unknown as Corners, own)))
  })
}

/** Weight for grids nearer the middle of the view, the one the camera is aimed at (off-centre costs at most half). */
function aim(q: Corners, gray: GrayImage): number {
  const c = centroid(q)
  const off = Math.hypot(c.x - gray.width / 2, c.y - gray.height / 2) / Math.hypot(gray.width / 2, gray.height / 2)
  return 1 / (1 + off * off)
}

function oddAtLeast(n: number, min: number): number {
  const v = Math.max(min, n)
  return v % 2 === 1 ? v : v + 1
}
