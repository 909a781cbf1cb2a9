/**
 * Step 1: find the Sudoku grid's four outer corners in an image.
 *
 * Works on the grey working copy (long side at most 640 px, cheap enough for live video; see
 * core/gray.ts), then maps the corners back to original pixels; when that finds nothing, or only the
 * outline-sides or faint look (4. and 5. below) does, once more on a copy twice as fine (thin lines can average away in
 * the first). On the working
 * copy's threshold image, proposals are tried in turn, each kind only when the one before found
 * no grid:
 *  1. contour (`grid/contour.ts`, `grid/refine.ts`): the large outer contours, each reduced to the
 *     largest quadrilateral inside its convex hull, sides refitted to the outline; a side the
 *     outline lets stray outwards (merged with a shadow's edge), or one that follows the edge of a
 *     desk beyond a cut-out puzzle, is put back where the inner lines end (`grid/sides.ts`,
 *     `grid/desk.ts`); where no outline scores as a grid, those whose sides a desk's band shaped
 *     are put back so and scored again (a cut-out's thin inner lines then fall between the places
 *     the score looks for them);
 *  2. hough (`grid/hough.ts`): straight lines in two directions, the outermost of an evenly
 *     spaced family as sides (survives a broken, occluded or doubled border), provided the other
 *     direction's lines run through every row and column of cells out to them; sides put back as
 *     in 1, before the score too;
 *  3. lattice (`grid/lattice.ts`): the closed holes the lines enclose (the nine boxes or the 81
 *     cells) on a regular lattice; survives a border merged with a panel edge, a column rule or a
 *     neighbouring crossword;
 *  4. outline sides (`grid/outline-sides.ts`): the outlines' longest straight runs as sides; survives
 *     a border merged with a shadow's edges, along which the outline runs off and back (a hull
 *     corner out in the shadow);
 *  5. faint (`grid/faint.ts`): the outlines and lattices again, their inner lines sought in the
 *     grey image, for inner lines too light for the threshold (only border and box lines solid);
 *  6. live video only: the grid where the last look found it (`near`), for an outline that print
 *     touching the border merges with as the camera shakes.
 * Every proposal must look like a grid (`grid/score.ts`): warped to a square, ten dark lines at
 * the expected positions in both directions, none through the middle of the cells and none going
 * on past the border. Nothing passes on blank pages, noise, text or crosswords, so those return
 * null rather than a made-up grid.
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
  /** Outer corners TL, TR, BR, BL in the input image's pixels. */
  readonly corners: Corners
  readonly method: 'contour' | 'lattice' | 'hough'
  /** How grid-like the warped area looks, 0..1 (see `gridScore`). */
  readonly score: number
  /** Taken where the last look's grid was (DetectGridOptions' `near`), no proposal of this look's being one. */
  readonly tracked?: boolean
}

export interface DetectGridOptions {
  /** Long side of the working copy, when given an image rather than its scales; smaller is faster and coarser. */
  readonly workingSize?: number
  /**
   * Live video: only the outlines (step 1) on the working copy, scored on the threshold image and,
   * failing that, with their inner lines sought in the grey image as step 5 scores them; no other
   * fallbacks (but the one `follow` names) and no second look. A 640×360 frame of a page of text
   * costs ~38 ms the thorough way and ~5 ms this way (Node, this machine); a grid the outlines find
   * is found the same either way. The vision worker takes the thorough way now and then
   * (watch/live-schedule.ts), and always for photos.
   */
  readonly live?: boolean
  /**
   * With `live`: this fallback (step 2 or 3) too, after the outlines, and step 5 over what the two
   * proposed. For a grid that fallback found at the last look, which the live schedule follows
   * look by look (watch/live-schedule.ts) rather than the thorough way, whose fallbacks before it and
   * after it find nothing there: on image1049's solving session (bench:timelapse-session), whose
   * grid only the lattice finds, following it costs two thirds of the thorough way's time with the
   * grid in view and a third with a hand over it.
   */
  readonly follow?: Fallback
  /**
   * With `live`: the grid the last look found. Where this look's proposals find none, the grid is
   * taken to be where that one was, if it scores as a grid here. Print that touches a border can
   * merge with its outline as the camera shakes by a pixel: on a held-out solving session
   * (bench:timelapse-session, image1083, the last puzzle's solution grid and its number printed
   * just below the grid) the outline took them in at a third of the looks and scored 0, while the
   * last look's grid scored 0.68 there; the paper watch, which waits for the grid to stay in view,
   * took no shot in nine minutes.
   */
  readonly near?: GridDetection
}

/** The fallbacks a live look may follow a grid with. */
export type Fallback = 'hough' | 'lattice'

/** Images smaller than this on either side hold no grid whose lines could be told apart. Chosen by hand. */
const MIN_IMAGE_SIDE = 32
/** Gaussian blur before the threshold, in working pixels. Chosen by hand with the first detector. */
const BLUR_SIZE = 5
/**
 * Adaptive threshold: the local mean over a block a twentieth of the shorter side (at least 11 px,
 * odd), ink where darker than it by THRESHOLD_OFFSET grey levels. Chosen by hand with the first
 * detector.
 */
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
  // The second look, twice as fine (core/gray.ts), for thin, faint lines that averaged away into the
  // paper at the first. Only images with no grid pay for it (and not live video, whose frames come
  // already at the working size), and those whose grid only the outline-sides or faint look (steps
  // 4 and 5) found: where the second look finds it, it places its corners more finely (on the
  // pen-train pages written in every cell, a median 0.84% of the side off against 0.95% for the
  // first faint look; the outline-sides look, found first, left four filled pages 0.01-0.15% of the
  // side coarser than the second look had found them).
  const finer = finerScale(scales)
  const second = finer && detectAt(cv, finer, undefined)
  return second?.grid ?? first?.grid ?? null
}

/** A grid found in the input image, in the pixels of its copy scaled down by `factor`. */
function inWorking(grid: GridDetection, factor: number): GridDetection {
  return { ...grid, corners: grid.corners.map((p) => downscaledPoint(p, factor)) as unknown as Corners }
}

/** Detection on one downscaled copy, corners mapped back to the original image's pixels. */
function detectAt(cv: CV, { gray, factor }: Downscaled, live: Live | undefined): Found | null {
  const found = detectInWorking(cv, gray, live)
  if (!found) return null
  const corners = found.grid.corners.map((p) => upscaledPoint(p, factor))
  return { ...found, grid: { ...found.grid, corners: corners as unknown as Corners } }
}

/** A grid, and whether only the outline-sides or faint look (steps 4 and 5) found it. */
interface Found {
  readonly grid: GridDetection
  readonly lookAgain: boolean
}

/** A live look, the fallback it follows, if any, and the last look's grid in the working copy's pixels, if any. */
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
    // A cut-out puzzle's outline, shaped by the desk's band, scores as no grid: put back on its border.
    const offDesk = (quads: readonly Corners[]): Corners[] =>
      quads.flatMap((q) => {
        const moved = offDeskCorners(cv, binary, src, q, own)
        return moved ? [moved] : []
      })
    consider(offDesk(outlines), 'contour')
    if (best) return { grid: best, lookAgain: false }
    /** The best of `quads` by its inner lines sought in the grey image (step 5), or null. */
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
       * Proposals whose thicker lines stand on the box lines' places, or show none, first; then
       * the others, each where its thicker lines put it, a cell along its own lattice, if it passes
       * both there and as it was (the grid is there or a cell off; one that only passes moved is
       * left to the steps below, as before: reached along its lattice, it is less exact than a fit
       * to the lines, and on a pen val photo, 01_08_honor_view_10_0, it read one entry wrong where
       * the faint look's outline reads it right); else as it was.
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
    // 4. The outlines' straight runs as sides, for a border merged with a shadow's edges (not live).
    if (!live) {
      consider(outlineSideQuads(largeOutlines(cv, contours, binary), binary.cols, binary.rows), 'contour')
      if (best) return { grid: best, lookAgain: true }
    }
    // 5. The outlines and lattices again, for a grid whose inner lines are too faint for the
    // threshold image (only its border and box lines show there). Live video looks at its outlines
    // this way too: a grid a third of a 640 px frame wide, as a camera over the desk sees a
    // newspaper page, keeps its outline from frame to frame, but its thin inner lines come and go
    // in the threshold image with each frame's noise, so the outline passed in one frame and not in
    // the next (a portrait Wicht photo, image1043, in a 1280×720 view: grid scores 0.28-0.30
    // against MIN_GRID_SCORE, faint scores 0.64-0.65), and the time-lapse's trigger, which waits
    // for a steady grid, filmed 9 of a session's 30 digits.
    const faint = faintBest([
      [outlines, 'contour'],
      [lattices, 'lattice'],
    ])
    if (faint || !live?.near) return faint
    // 6. Live video: the grid where the last look found it (DetectGridOptions' `near`).
    const score = gridScore(cv, binary, live.near.corners, own)
    return score >= MIN_GRID_SCORE ? { grid: { ...live.near, score, tracked: true }, lookAgain: false } : null
  })
}

/** Quads on regular lattices of the holes the threshold image's lines enclose (step 3). */
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

/**
 * How surely each of `quads` (in `scales`' full image) is a grid's place rather than a cell off it:
 * the fewest of the other direction's eight inner lines that cross any row or column of its cells
 * (grid/hough.ts's linesCrossing), on the working copy's threshold image, made once for all of
 * them. A Sudoku's lines cross every row and column of it; a quad a cell off has a row or column
 * of whatever lies beyond the border, which few or none of them cross.
 */
export function weakestCrossings(cv: CV, scales: GrayScales, quads: readonly Corners[]): number[] {
  const { gray, factor } = scales.working
  return withMats((own) => {
    const binary = thresholdImage(cv, own(matFromGray(cv, gray)), own)
    return quads.map((quad) => Math.min(...linesCrossing(cv, binary, quad.map((p) => downscaledPoint(p, factor)) as unknown as Corners, own)))
  })
}

/**
 * Among grids, the surest and largest, and nearer the middle of the view: with two puzzles on a
 * page the one the camera is aimed at wins, while a small solution grid beside a puzzle still
 * loses to it (being off-centre costs at most half: 1 / (1 + off²) with off ≤ 1).
 */
function aim(q: Corners, gray: GrayImage): number {
  const c = centroid(q)
  const off = Math.hypot(c.x - gray.width / 2, c.y - gray.height / 2) / Math.hypot(gray.width / 2, gray.height / 2)
  return 1 / (1 + off * off)
}

function oddAtLeast(n: number, min: number): number {
  const v = Math.max(min, n)
  return v % 2 === 1 ? v : v + 1
}
