/**
 * Step 1: find the Sudoku grid's four outer corners in an image.
 *
 * Works on a grey copy whose long side is at most 640 px (cheap enough for live video), then maps
 * the corners back to original pixels; when that finds nothing, once more at the next finer
 * whole-number downscale (thin lines can vanish at the first). Three ways to propose a
 * quadrilateral, tried in turn:
 *  - contour: adaptive threshold, the large outer contours, each reduced to the largest
 *    quadrilateral inside its convex hull, corners refined by fitting a line to each side's contour
 *    points (so rounded or broken corners land where the sides meet); a side the outline lets
 *    stray outwards (merged with a shadow's edge) is put back where the inner lines end;
 *  - hough: when no contour passes, straight lines from the Hough transform, grouped into two
 *    directions; the outermost lines of the densest evenly spaced family give the corners (this
 *    survives a broken, occluded or doubled outer border), provided the other direction's lines
 *    reach out to each of them (a paper edge a cell beyond the border is not the border);
 *  - lattice (`grid-lattice.ts`): when neither passes, the closed holes the lines enclose (the
 *    nine boxes or the 81 cells) on a regular lattice; this survives an outer border that has
 *    merged with a panel edge, a column rule or a neighbouring crossword, where the outline is
 *    no longer the grid's and the inner lines are too broken for Hough.
 * Last, for inner lines too light for the threshold image (grey or dotted, only the border and box
 * lines solid), the outlines and lattices are judged again on the grey image (`faintGridScore`).
 * Every proposal must then look like a grid: warped to a square, the thresholded image must show
 * ten dark lines at the expected positions in both directions, none through the middle of the
 * cells and none going on past the border (a crossword's). Nothing passes on blank pages, noise,
 * text or crosswords, so those return null rather than a made-up grid.
 */
import type { CV } from './cv'
import { withMats } from './cv'
import {
  angleDiff,
  applyHomography,
  centroid,
  homographyFromPoints,
  distance,
  fitLine,
  interiorAngles,
  intersectLines,
  isConvex,
  lineThrough,
  orderCorners,
  polygonArea,
  type Line,
} from './geometry'
import { downscaleGray, type Downscaled } from './gray'
import { holeAreaRange, latticeQuads, type Hole } from './grid-lattice'
import type { Corners, GrayImage, Point, RgbaImage } from './image'
import { grayFromMat, matFromGray } from './mats'

type Mat = InstanceType<CV['Mat']>
type MatVector = InstanceType<CV['MatVector']>

export interface GridDetection {
  /** Outer corners TL, TR, BR, BL in the input image's pixels. */
  readonly corners: Corners
  readonly method: 'contour' | 'lattice' | 'hough'
  /** How grid-like the warped area looks, 0..1 (see `gridScore`). */
  readonly score: number
}

export interface DetectGridOptions {
  /** Long side of the working copy; smaller is faster and coarser. */
  readonly workingSize?: number
}

/** Below this `gridScore` a quadrilateral is not accepted as a Sudoku grid. */
export const MIN_GRID_SCORE = 0.3
/**
 * Hough proposals are built from any long lines, including those of a neighbouring crossword, so
 * they must look more clearly like a Sudoku grid than a contour (a closed outline) has to.
 */
export const MIN_HOUGH_SCORE = 0.45

/** Returns the grid, or null when the image holds no plausible Sudoku grid. */
export function detectGrid(cv: CV, image: RgbaImage | GrayImage, options: DetectGridOptions = {}): GridDetection | null {
  if (image.width < 32 || image.height < 32) return null
  const first = downscaleGray(image, options.workingSize ?? 640)
  const found = detectAt(cv, first)
  if (found || first.factor === 1) return found
  // The box downscale's factor is a whole number, so an image a little over the working size
  // (800×600, a photo turned on a larger canvas) is worked on at little over half of it, where
  // thin, faint lines a pixel wide average away into the paper. Before saying "no grid", look
  // again at the next finer factor. Only images with no grid pay for it (and not live video,
  // whose frames come already downscaled).
  const long = Math.max(image.width, image.height)
  const finer = downscaleGray(image, Math.ceil(long / (first.factor - 1)))
  return finer.factor < first.factor ? detectAt(cv, finer) : null
}

/** Detection on one downscaled copy, corners mapped back to the original image's pixels. */
function detectAt(cv: CV, { gray, factor }: Downscaled): GridDetection | null {
  const found = detectInWorking(cv, gray)
  if (!found) return null
  // Small pixel (x, y) averages original pixels [x·f, (x+1)·f): its centre is (x + 0.5)·f − 0.5.
  const corners = found.corners.map((p) => ({ x: (p.x + 0.5) * factor - 0.5, y: (p.y + 0.5) * factor - 0.5 }))
  return { ...found, corners: corners as unknown as Corners }
}

function detectInWorking(cv: CV, gray: GrayImage): GridDetection | null {
  return withMats((own) => {
    const src = own(matFromGray(cv, gray))
    const blurred = own(new cv.Mat())
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 0)
    const binary = own(new cv.Mat())
    const block = oddAtLeast(Math.round(Math.min(gray.width, gray.height) / 20), 11)
    cv.adaptiveThreshold(blurred, binary, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, 4)

    const contours = own(new cv.MatVector())
    const hierarchy = own(new cv.Mat())
    cv.findContours(binary, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_NONE)
    let best: GridDetection | null = null
    // Among grids, the surest and largest, and nearer the middle of the view: with two puzzles on a
    // page the one the camera is aimed at wins, while a small solution grid beside a puzzle still
    // loses to it (being off-centre costs at most half).
    const aim = (q: Corners): number => {
      const c = centroid(q)
      const off = Math.hypot(c.x - gray.width / 2, c.y - gray.height / 2) / Math.hypot(gray.width / 2, gray.height / 2)
      return 1 / (1 + off * off)
    }
    const worth = (d: GridDetection): number => d.score * areaOf(d.corners) * aim(d.corners)
    const consider = (quads: Corners[], method: 'contour' | 'lattice'): void => {
      for (const q of quads) {
        const found = { corners: q, method, score: gridScore(cv, binary, q, own) }
        if (found.score >= MIN_GRID_SCORE && (!best || worth(found) > worth(best))) best = found
      }
    }
    const outlines = contourQuads(cv, contours, binary)
    consider(outlines, 'contour')
    if (best) return straightenSides(cv, binary, best, own)
    for (const q of houghQuads(cv, binary, own)) {
      const score = gridScore(cv, binary, q, own)
      if (score < MIN_HOUGH_SCORE || (best && score <= best.score) || !linesReachEverySide(cv, binary, q, own)) continue
      best = { corners: q, method: 'hough', score }
    }
    if (best) return best
    const mask = grayFromMat(binary)
    const lattices = latticeQuads(gridHoles(cv, contours, mask.width * mask.height), mask).filter((q) => plausibleQuad(q, mask.width, mask.height))
    consider(lattices, 'lattice')
    if (best) return best
    // Last, the outlines and lattices again, for a grid whose inner lines are too faint for the
    // threshold image (only its border and box lines show there).
    for (const [quads, method] of [[outlines, 'contour'], [lattices, 'lattice']] as const) {
      for (const q of quads) {
        const score = faintGridScore(cv, src, binary, q, own)
        if (score >= MIN_GRID_SCORE && (!best || score > best.score)) best = { corners: q, method, score }
      }
    }
    return best
  })
}

function areaOf(c: Corners): number {
  return Math.abs(polygonArea(c))
}

function oddAtLeast(n: number, min: number): number {
  const v = Math.max(min, n)
  return v % 2 === 1 ? v : v + 1
}

type Own = <M extends { delete(): void }>(m: M) => M

/**
 * A contour's side can leave the grid's border where the border merges with a shadow's or the
 * paper's edge running close beside it: the outline then follows that edge along part of the side.
 * The inner lines still show where the border is (`sidesFromInnerLines`); a side they say bends
 * away from the outline is moved there, if the grid then scores no worse.
 */
function straightenSides(cv: CV, binary: Mat, found: GridDetection, own: Own): GridDetection {
  const refit = sidesFromInnerLines(cv, binary, found.corners, own)
  if (!refit || !plausibleQuad(refit, binary.cols, binary.rows)) return found
  const score = gridScore(cv, binary, refit, own)
  return score >= found.score ? { corners: refit, method: found.method, score } : found
}

/**
 * Where the inner lines put the border, for each side whose outline it bends away from; null when
 * none does. In the quad warped to the SCORE_SIZE square, in three bands across each direction,
 * the eight inner lines are found near their places and a straight fit through their positions
 * (position = a + b·i) is extended to i = 0 and 9. Along a good side the three ends sit at a
 * steady small offset from it (the border's half width, as the outline hugs its outer edge); a
 * side whose ends spread inwards by more than a quarter cell is replaced by the line through them, moved
 * out by the good sides' offset, and the corners are those lines' crossings mapped back.
 */
function sidesFromInnerLines(cv: CV, binary: Mat, corners: Corners, own: Own): Corners | null {
  const d = warpToSquare(cv, binary, corners, own)
  const S = SCORE_SIZE
  const last = S - 1
  const band = S / 3
  const centres = [0.5, 1.5, 2.5].map((b) => b * band)
  // ends[dir][b]: the border's two positions in band b; dir 0 is the columns (x of the left and
  // right sides), dir 1 the rows (y of the top and bottom).
  const ends: [number, number][][] = [[], []]
  for (let dir = 0; dir < 2; dir++) {
    for (let b = 0; b < 3; b++) {
      const profile = new Float64Array(S)
      for (let t = Math.round(b * band); t < Math.round((b + 1) * band); t++) {
        for (let k = 0; k < S; k++) profile[k] += d[dir === 0 ? t * S + k : k * S + t] / (255 * band)
      }
      const fit = fitLinePositions(innerLinePositions(profile))
      if (!fit) return null
      ends[dir].push([fit.a, fit.a + 9 * fit.b])
    }
  }
  // Sides in the order left, right, top, bottom; each with its three ends' distances inwards.
  const sides = [0, 1].flatMap((dir) => [0, 1].map((end) => ({ dir, end, at: ends[dir].map((e) => e[end]) })))
  const inward = sides.map(({ end, at }) => at.map((v) => (end === 0 ? v : last - v)))
  // Only an outline that strays outwards is moved (the lines everywhere end at or inside it): one
  // that the lines run past is more likely a curved page, whose bowed lines a straight fit
  // through them would carry past the corners.
  const bent = inward.map((v) => Math.max(...v) - Math.min(...v) > SCORE_CELL / 4 && Math.min(...v) > -SCORE_CELL / 8)
  if (!bent.some(Boolean)) return null
  const steady = inward.filter((_, k) => !bent[k]).flat()
  const offset = steady.length ? median(steady) : 0
  const lines = sides.map(({ dir, end, at }, k) => {
    const side = end === 0 ? 0 : last
    const out = end === 0 ? -offset : offset
    const pts = bent[k]
      ? at.map((v, b) => (dir === 0 ? { x: v + out, y: centres[b] } : { x: centres[b], y: v + out }))
      : dir === 0
        ? [{ x: side, y: 0 }, { x: side, y: last }]
        : [{ x: 0, y: side }, { x: last, y: side }]
    return fitLine(pts)
  })
  const [left, right, top, bottom] = lines
  if (!left || !right || !top || !bottom) return null
  const square = [intersectLines(top, left), intersectLines(top, right), intersectLines(bottom, right), intersectLines(bottom, left)]
  const h = homographyFromPoints([{ x: 0, y: 0 }, { x: last, y: 0 }, { x: last, y: last }, { x: 0, y: last }], corners)
  if (!h || square.some((p) => !p)) return null
  const out = square.map((p) => applyHomography(h, p!))
  return [out[0], out[1], out[2], out[3]]
}

/**
 * The inner lines i = 1..8 found in a profile across them: the darkest place within 7 px (under a
 * third of a cell) of i·SCORE_CELL, standing 0.3 above its surroundings, refined to the centroid
 * of its five pixels.
 */
function innerLinePositions(profile: Float64Array): { i: number; at: number }[] {
  const c = SCORE_CELL
  const found: { i: number; at: number }[] = []
  for (let i = 1; i < 9; i++) {
    let peak = i * c
    for (let k = i * c - 7; k <= i * c + 7; k++) if (profile[k] > profile[peak]) peak = k
    const around: number[] = []
    for (let k = i * c - 12; k <= i * c + 12; k++) if (Math.abs(k - peak) > 4) around.push(profile[k])
    if (profile[peak] - median(around) < 0.3) continue
    let weight = 0
    let moment = 0
    for (let k = peak - 2; k <= peak + 2; k++) (weight += profile[k]), (moment += k * profile[k])
    found.push({ i, at: moment / weight })
  }
  return found
}

/**
 * Least-squares position = a + b·i through at least five found lines, refitted without those more
 * than 3 px off (a digit's stroke taken for a line); null when too few lines were found.
 */
function fitLinePositions(found: readonly { i: number; at: number }[]): { a: number; b: number } | null {
  const fit = (pts: readonly { i: number; at: number }[]): { a: number; b: number } | null => {
    if (pts.length < 5) return null
    const mi = pts.reduce((s, p) => s + p.i, 0) / pts.length
    const ma = pts.reduce((s, p) => s + p.at, 0) / pts.length
    let sxy = 0
    let sxx = 0
    for (const p of pts) (sxy += (p.i - mi) * (p.at - ma)), (sxx += (p.i - mi) ** 2)
    const b = sxy / sxx
    return { a: ma - b * mi, b }
  }
  const first = fit(found)
  return first && fit(found.filter((p) => Math.abs(first.a + first.b * p.i - p.at) < 3))
}

/** Candidate quadrilaterals from the large contours, largest first, corners refined. */
function contourQuads(cv: CV, contours: MatVector, binary: Mat): Corners[] {
  const imageArea = binary.rows * binary.cols
  const candidates: { area: number; index: number }[] = []
  for (let i = 0; i < contours.size(); i++) {
    const c = contours.get(i)
    try {
      const area = cv.contourArea(c)
      if (area > imageArea * 0.04) candidates.push({ area, index: i })
    } finally {
      c.delete()
    }
  }
  candidates.sort((a, b) => b.area - a.area)
  const quads: Corners[] = []
  for (const { index } of candidates.slice(0, 8)) {
    const c = contours.get(index)
    try {
      const points = contourPoints(c)
      const quad = quadFromContour(cv, c, points)
      if (quad && plausibleQuad(quad, binary.cols, binary.rows)) quads.push(quad)
    } finally {
      c.delete()
    }
  }
  return quads
}

function contourPoints(c: Mat): Point[] {
  const d = c.data32S
  const pts: Point[] = new Array(d.length / 2)
  for (let i = 0; i < pts.length; i++) pts[i] = { x: d[2 * i], y: d[2 * i + 1] }
  return pts
}

/**
 * The largest-area quadrilateral with vertices on the contour's (simplified) convex hull, then
 * each side re-fitted to the contour points lying along it.
 */
function quadFromContour(cv: CV, contour: Mat, points: Point[]): Corners | null {
  const rough = hullQuad(cv, contour)
  return rough && (refineQuad(rough, points) ?? rough)
}

/** The largest quadrilateral on the contour's simplified convex hull, in TL TR BR BL order. */
function hullQuad(cv: CV, contour: Mat): Corners | null {
  const hull = withMats((own) => {
    const h = own(new cv.Mat())
    cv.convexHull(contour, h, false, true)
    const approx = own(new cv.Mat())
    cv.approxPolyDP(h, approx, 0.01 * cv.arcLength(h, true), true)
    return contourPoints(approx)
  })
  if (hull.length < 4) return null
  const rough = largestQuad(hull)
  return rough && orderCorners(rough)
}

/**
 * Closed holes of the size of a grid's boxes or cells: small contours that nearly fill a
 * squarish quadrilateral (letters' counters, blobs and round shapes do not).
 */
function gridHoles(cv: CV, contours: MatVector, imageArea: number): Hole[] {
  const { smallest, largest } = holeAreaRange(imageArea)
  const holes: Hole[] = []
  for (let i = 0; i < contours.size(); i++) {
    const c = contours.get(i)
    try {
      const area = cv.contourArea(c)
      if (area < smallest || area > largest) continue
      const quad = hullQuad(cv, c)
      if (!quad || area < 0.8 * areaOf(quad) || !squarish(quad)) continue
      const centre = intersectLines(lineThrough(quad[0], quad[2]), lineThrough(quad[1], quad[3]))
      if (centre) holes.push({ quad, centre, area })
    } finally {
      c.delete()
    }
  }
  return holes
}

/** Brute force over hull vertices (a simplified hull has few, so at most a few thousand tries). */
function largestQuad(hull: Point[]): Point[] | null {
  const pts = hull.length > 24 ? hull.filter((_, i) => i % Math.ceil(hull.length / 24) === 0) : hull
  const n = pts.length
  let best: Point[] | null = null
  let bestArea = 0
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          const q = [pts[a], pts[b], pts[c], pts[d]]
          const area = Math.abs(polygonArea(q))
          if (area > bestArea) (bestArea = area), (best = q)
        }
  return best
}

/**
 * Re-fits each side to the contour points along it and intersects neighbouring sides. The points
 * are those within a band around the rough side (leaving out the 10% next to each corner, where
 * rounding and crossing lines bend the outline); a RANSAC line through them keeps the longest
 * straight run, so text or a thumb touching the border, which pulls the hull outwards, is ignored.
 */
export function refineQuad(quad: Corners, points: readonly Point[]): Corners | null {
  const lines: Line[] = []
  const diagonal = Math.max(distance(quad[0], quad[2]), distance(quad[1], quad[3]))
  for (let s = 0; s < 4; s++) {
    const a = quad[s]
    const b = quad[(s + 1) % 4]
    const len = distance(a, b)
    const ux = (b.x - a.x) / len
    const uy = (b.y - a.y) / len
    const band = Math.max(3, len * 0.08)
    const near: Point[] = []
    for (const p of points) {
      const t = (p.x - a.x) * ux + (p.y - a.y) * uy
      if (t < len * 0.1 || t > len * 0.9) continue
      const off = Math.abs((p.x - a.x) * uy - (p.y - a.y) * ux)
      if (off <= band) near.push(p)
    }
    const line = ransacLine(near, Math.max(2, len * 0.012), len * 0.25)
    if (!line) return null
    lines.push(line)
  }
  const out: Point[] = []
  for (let s = 0; s < 4; s++) {
    const p = intersectLines(lines[(s + 3) % 4], lines[s])
    if (!p || distance(p, quad[s]) > 0.15 * diagonal) return null
    out.push(p)
  }
  return [out[0], out[1], out[2], out[3]]
}

/**
 * The line with most points within `tol`, refitted by least squares to those points; null when
 * fewer than `minInliers` agree. Deterministic: candidate pairs are drawn from a fixed sequence.
 */
export function ransacLine(points: readonly Point[], tol: number, minInliers: number): Line | null {
  if (points.length < Math.max(2, minInliers)) return null
  let seed = 12345
  const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n)
  let best: Point[] = []
  for (let it = 0; it < 80; it++) {
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

/**
 * Cheap shape checks before the (costlier) grid test: convex, big enough, corners between 45° and
 * 135°, opposite sides within 2:1 of each other and the whole within 3:1 in aspect — what a square
 * looks like under ±30° of tilt.
 */
export function plausibleQuad(q: Corners, width: number, height: number): boolean {
  return Math.abs(polygonArea(q)) >= width * height * 0.02 && squarish(q)
}

/** The shape part of `plausibleQuad`, whatever the size. */
function squarish(q: Corners): boolean {
  if (!isConvex(q)) return false
  if (interiorAngles(q).some((a) => a < 45 || a > 135)) return false
  const sides = [0, 1, 2, 3].map((i) => distance(q[i], q[(i + 1) % 4]))
  if (Math.min(sides[0], sides[2]) * 2 < Math.max(sides[0], sides[2])) return false
  if (Math.min(sides[1], sides[3]) * 2 < Math.max(sides[1], sides[3])) return false
  const w = (sides[0] + sides[2]) / 2
  const h = (sides[1] + sides[3]) / 2
  return Math.max(w, h) < 3 * Math.min(w, h)
}

const SCORE_CELL = 24
const SCORE_SIZE = SCORE_CELL * 9

/**
 * How much the area inside `corners` looks like a 9×9 grid, 0..1: the binary image is warped to a
 * 216 px square and cut into three bands per direction; in each band, for each of the 8 inner line
 * positions we take the darkest profile value within ±4 px and subtract the profile mid-cell. A grid scores near 1; text, noise and
 * blank paper score near 0. The weakest lines count most (the mean of the lowest 6 of 8 per band),
 * and the score is the lower of the two directions, so a few strong stray lines cannot make a grid.
 * Lines through the middle of more than two cells in either direction make it 0 (`midCellLines`),
 * and so do lines going on past the border both across and down (`linesGoOn`).
 */
export function gridScore(cv: CV, binary: Mat, corners: Corners, own: Own): number {
  const score = squareScore(warpToSquare(cv, binary, corners, own))
  return score >= MIN_GRID_SCORE && linesGoOn(cv, binary, corners, own) ? 0 : score
}

/** `gridScore`'s measure on a threshold image already warped to the SCORE_SIZE square. */
function squareScore(d: Uint8Array): number {
  // Three bands across each direction, each with its own profile, so a line that bows (curved
  // paper, slightly wrong corners) is still found within the search window in every band.
  const band = SCORE_SIZE / 3
  let cols = 0
  let rows = 0
  const colFull = new Float64Array(SCORE_SIZE)
  const rowFull = new Float64Array(SCORE_SIZE)
  for (let b = 0; b < 3; b++) {
    const colProfile = new Float64Array(SCORE_SIZE)
    const rowProfile = new Float64Array(SCORE_SIZE)
    for (let y = b * band; y < (b + 1) * band; y++) for (let x = 0; x < SCORE_SIZE; x++) colProfile[x] += d[y * SCORE_SIZE + x]
    for (let y = 0; y < SCORE_SIZE; y++) for (let x = b * band; x < (b + 1) * band; x++) rowProfile[y] += d[y * SCORE_SIZE + x]
    cols += profileScore(colProfile, 255 * band) / 3
    rows += profileScore(rowProfile, 255 * band) / 3
    for (let k = 0; k < SCORE_SIZE; k++) (colFull[k] += colProfile[k]), (rowFull[k] += rowProfile[k])
  }
  // A Sudoku has no lines mid-cell. A crossword, or a crossword merged with the grid into one
  // outline, has lines every few pixels, some near each expected position, which the score above
  // alone would take for a grid. The same test as for Hough pairs: more than two is no grid.
  if (midCellLines(colFull) > MAX_MID_CELL_LINES || midCellLines(rowFull) > MAX_MID_CELL_LINES) return 0
  return Math.min(cols, rows)
}

/** Contrast (grey levels below the local mean) at which `faintGridScore` takes a pixel for line. */
const FAINT_CONTRAST = 2

/**
 * `gridScore` for grids printed with faint inner lines (light grey or dotted, only the border and
 * the box lines solid), which the detection threshold loses: the box lines must be solid there,
 * in every band of both directions, and then the inner lines are looked for in the grey image
 * inside the quad, warped to the square and thresholded against a small local mean at a low
 * contrast. Mid-cell lines and lines going on past the border count as in `gridScore`.
 */
function faintGridScore(cv: CV, gray: Mat, binary: Mat, corners: Corners, own: Own): number {
  if (!solidBoxLines(warpToSquare(cv, binary, corners, own)) || linesGoOn(cv, binary, corners, own)) return 0
  const warped = warpQuad(cv, gray, corners, own, 0, true)
  const lines = own(new cv.Mat())
  // A block under half a cell, so that the cell's paper, not its digit, sets the local mean.
  cv.adaptiveThreshold(warped, lines, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 9, FAINT_CONTRAST)
  return squareScore(lines.data)
}

/** Whether the two box lines stand out (by 0.6) in every band of both directions of a warped threshold image. */
function solidBoxLines(d: Uint8Array): boolean {
  const band = SCORE_SIZE / 3
  for (let dir = 0; dir < 2; dir++) {
    for (let b = 0; b < 3; b++) {
      const profile = new Float64Array(SCORE_SIZE)
      for (let t = b * band; t < (b + 1) * band; t++) {
        for (let k = 0; k < SCORE_SIZE; k++) profile[k] += d[dir === 0 ? t * SCORE_SIZE + k : k * SCORE_SIZE + t] / (255 * band)
      }
      for (const i of [3, 6]) {
        let line = 0
        for (let k = i * SCORE_CELL - 4; k <= i * SCORE_CELL + 4; k++) line = Math.max(line, profile[k])
        const paper: number[] = []
        for (const cell of [i - 1, i]) for (let k = cell * SCORE_CELL + 8; k < cell * SCORE_CELL + 16; k++) paper.push(profile[k])
        if (line - median(paper) < 0.6) return false
      }
    }
  }
  return true
}

/** The threshold image inside `corners`, warped to a SCORE_SIZE square (row by row, 0 or 255 but for the edges of lines). */
function warpToSquare(cv: CV, binary: Mat, corners: Corners, own: Own): Uint8Array {
  return warpQuad(cv, binary, corners, own).data
}

/**
 * The quad warped so its corners land on a SCORE_SIZE square's, with `margin` pixels of the
 * surroundings kept on every side. Outside the image is no ink (0), or with `replicate` the
 * nearest edge pixel (for a grey image, where 0 would be black ink).
 */
function warpQuad(cv: CV, src: Mat, corners: Corners, own: Own, margin = 0, replicate = false): Mat {
  const size = SCORE_SIZE + 2 * margin
  const warped = own(new cv.Mat())
  const from = own(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flatMap((p) => [p.x, p.y])))
  const [a, e] = [margin, margin + SCORE_SIZE - 1]
  const to = own(cv.matFromArray(4, 1, cv.CV_32FC2, [a, a, e, a, e, e, a, e]))
  const h = own(cv.getPerspectiveTransform(from, to))
  const border = replicate ? cv.BORDER_REPLICATE : cv.BORDER_CONSTANT
  cv.warpPerspective(src, warped, h, new cv.Size(size, size), cv.INTER_LINEAR, border, new cv.Scalar(0))
  return warped
}

/**
 * A strip's mean ink (0..1) at each position along it, in a `size` square: with `across` the strip
 * runs along x between rows `from` and `to`, else along y between those columns.
 */
function stripProfile(d: Uint8Array, size: number, { across, from, to }: { across: boolean; from: number; to: number }): Float64Array {
  const profile = new Float64Array(size)
  for (let t = from; t < to; t++) for (let k = 0; k < size; k++) profile[k] += d[across ? t * size + k : k * size + t] / (255 * (to - from))
  return profile
}

/** Of the other direction's eight inner lines, how many must cross the outermost cells along each side. */
const MIN_LINES_AT_SIDE = 2

/**
 * Whether the grid's inner lines run out to all four sides: along each side, at least
 * MIN_LINES_AT_SIDE of the eight lines of the other direction must cross the outermost row (or
 * column) of cells. A Sudoku's lines run from border to border, so its outermost cells are crossed
 * by most of them. A Hough pair shifted by one cell, whose outer line is a paper edge, a shadow or
 * a rule just beyond the grid rather than its border, has an empty strip of paper for its last row
 * (none cross it), yet the same eight evenly spaced lines inside, and so the same `gridScore`.
 */
function linesReachEverySide(cv: CV, binary: Mat, corners: Corners, own: Own): boolean {
  const d = warpToSquare(cv, binary, corners, own)
  const c = SCORE_CELL
  const sides = [
    { across: true, from: 3, to: c - 3 },
    { across: false, from: SCORE_SIZE - c + 3, to: SCORE_SIZE - 3 },
    { across: true, from: SCORE_SIZE - c + 3, to: SCORE_SIZE - 3 },
    { across: false, from: 3, to: c - 3 },
  ]
  return sides.every((side) => {
    // The lines cross a strip along the top or bottom row of cells (`across`) along y.
    const profile = stripProfile(d, SCORE_SIZE, side)
    const midCells: number[] = []
    for (let cell = 0; cell < 9; cell++) for (let k = cell * c + 6; k < (cell + 1) * c - 6; k++) midCells.push(profile[k])
    const base = median(midCells)
    let crossing = 0
    for (let i = 1; i < 9; i++) {
      let line = 0
      for (let k = i * c - 4; k <= i * c + 4; k++) line = Math.max(line, profile[k])
      // Dark over at least 40% of the strip more than the cells' middles are.
      if (line - base >= 0.4) crossing++
    }
    return crossing >= MIN_LINES_AT_SIDE
  })
}

/**
 * Whether the inner lines go on past the border both across and down, as a crossword's or a
 * table's do when nine of its rows and columns are taken for a grid; a Sudoku's lines end at its
 * border. One direction alone is not enough: magazines stack grids in line with each other, so the
 * next grid's lines may continue one side. Looks at the cell-wide strip outside each side: at
 * least six of the eight line positions must carry a line across most of the strip.
 */
function linesGoOn(cv: CV, binary: Mat, corners: Corners, own: Own): boolean {
  const c = SCORE_CELL
  const size = SCORE_SIZE + 2 * c
  const d = warpQuad(cv, binary, corners, own, c).data
  // Strips a cell wide outside each side, kept clear of the border line itself.
  const strips = [
    { across: true, from: 3, to: c - 3 },
    { across: true, from: size - c + 3, to: size - 3 },
    { across: false, from: 3, to: c - 3 },
    { across: false, from: size - c + 3, to: size - 3 },
  ]
  const going = strips.map((strip) => {
    // The lines cross a strip above or below the grid (`across`) along y.
    const profile = stripProfile(d, size, strip)
    const inside: number[] = []
    for (let k = c + 4; k < c + SCORE_SIZE - 4; k++) inside.push(profile[k])
    const base = median(inside)
    let count = 0
    for (let i = 1; i < 9; i++) {
      let line = 0
      for (let k = c + i * c - 3; k <= c + i * c + 3; k++) line = Math.max(line, profile[k])
      if (line - base >= 0.5) count++
    }
    return count >= 6
  })
  return (going[0] || going[1]) && (going[2] || going[3])
}

const MAX_MID_CELL_LINES = 2

/**
 * Cells crossed by a line through their middle, in a whole-length profile: a narrow peak in the
 * middle half of the cell standing above the cell's median by at least half the prominence of a
 * typical grid line. Digits barely show in a whole-length profile (one digit is a ninth of it).
 */
function midCellLines(profile: Float64Array): number {
  const at = (k: number): number => profile[k] / (255 * SCORE_SIZE)
  const cellMedian = (cell: number): number => {
    const v: number[] = []
    for (let k = cell * SCORE_CELL + 6; k < (cell + 1) * SCORE_CELL - 6; k++) v.push(at(k))
    return median(v)
  }
  const prominence: number[] = []
  for (let i = 1; i < 9; i++) {
    let line = 0
    for (let k = i * SCORE_CELL - 4; k <= i * SCORE_CELL + 4; k++) line = Math.max(line, at(k))
    prominence.push(line - Math.min(cellMedian(i - 1), cellMedian(i)))
  }
  const typical = median(prominence)
  if (typical <= 0) return 0
  let crossed = 0
  for (let cell = 0; cell < 9; cell++) {
    let peak = 0
    for (let k = cell * SCORE_CELL + 6; k < (cell + 1) * SCORE_CELL - 6; k++) peak = Math.max(peak, at(k))
    if (peak - cellMedian(cell) >= 0.5 * typical) crossed++
  }
  return crossed
}

function profileScore(profile: Float64Array, norm: number): number {
  const inner: number[] = []
  for (let i = 1; i < 9; i++) {
    const c = i * SCORE_CELL
    let line = 0
    for (let k = c - 4; k <= c + 4; k++) line = Math.max(line, profile[k] / norm)
    // Mid-cell background: the median of the middle third of the cells on either side.
    const bg: number[] = []
    for (const cell of [i - 1, i]) for (let k = cell * SCORE_CELL + 8; k < cell * SCORE_CELL + 16; k++) bg.push(profile[k] / norm)
    bg.sort((a, b) => a - b)
    inner.push(Math.max(0, line - bg[bg.length >> 1]))
  }
  inner.sort((a, b) => a - b)
  return inner.slice(0, 6).reduce((s, v) => s + v, 0) / 6
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]
}

interface LineCluster {
  readonly offset: number
  readonly length: number
  readonly line: Line
}

/**
 * Fallback when no contour passes: probabilistic Hough segments on the threshold image, grouped
 * into the two dominant directions and, within each, into lines by their offset. The grid's lines
 * are long and evenly spaced, so in each direction we look for two lines with lines at the eight
 * evenly spaced positions between them (`gridLinePairs`); a panel edge, a doubled border, a
 * neighbouring crossword or a title rule does not fit that pattern. The best three pairs per
 * direction make at most nine quadrilaterals, and the best grid score above MIN_HOUGH_SCORE wins.
 */
function houghQuads(cv: CV, binary: Mat, own: Own): Corners[] {
  const minSide = Math.min(binary.rows, binary.cols)
  // HoughLinesP costs 150–300 ms on a text-heavy 640 px page; at half size it is about four
  // times cheaper, and the grid test and corners only need lines to a couple of pixels.
  const half = minSide > 300 ? 2 : 1
  let small = binary
  if (half === 2) {
    small = own(new cv.Mat())
    cv.resize(binary, small, new cv.Size(Math.floor(binary.cols / 2), Math.floor(binary.rows / 2)), 0, 0, cv.INTER_AREA)
    cv.threshold(small, small, 64, 255, cv.THRESH_BINARY)
  }
  const s = minSide / half
  const segs = own(new cv.Mat())
  cv.HoughLinesP(small, segs, 1, Math.PI / 180, Math.round(s / 5), Math.round(s / 5), Math.round(s / 60) + 1)
  const segments: Segment[] = []
  for (let i = 0; i < segs.rows; i++) {
    const [x1, y1, x2, y2] = Array.from(segs.data32S.subarray(i * 4, i * 4 + 4), (v) => (v + 0.5) * half - 0.5)
    const length = Math.hypot(x2 - x1, y2 - y1)
    // Direction modulo 180°: a line has no arrow.
    const angle = ((Math.atan2(y2 - y1, x2 - x1) % Math.PI) + Math.PI) % Math.PI
    segments.push({ a: { x: x1, y: y1 }, b: { x: x2, y: y2 }, angle, length })
  }
  if (segments.length < 4) return []
  const centre = { x: binary.cols / 2, y: binary.rows / 2 }
  const families = dominantDirections(segments).map((dir) => {
    const d = { x: Math.cos(dir), y: Math.sin(dir) }
    const n = { x: -d.y, y: d.x }
    const members = segments.filter((s) => Math.abs(angleDiff(2 * s.angle, 2 * dir)) / 2 < (20 * Math.PI) / 180)
    return clusterLines(members, centre, n, Math.max(3, minSide * 0.012))
  })
  const picks = families.map((lines) => gridLinePairs(lines))
  const quads: Corners[] = []
  for (const [a0, a1] of picks[0])
    for (const [b0, b1] of picks[1]) {
      const pts = [intersectLines(a0.line, b0.line), intersectLines(a0.line, b1.line), intersectLines(a1.line, b1.line), intersectLines(a1.line, b0.line)]
      if (pts.some((p) => !p)) continue
      const q = orderCorners(pts as Point[])
      if (plausibleQuad(q, binary.cols, binary.rows)) quads.push(q)
    }
  return quads
}

interface Segment {
  readonly a: Point
  readonly b: Point
  /** Direction in [0, π). */
  readonly angle: number
  readonly length: number
}

/**
 * The two directions of the grid's lines: the peak of a length-weighted histogram of segment
 * directions (modulo 180°, 2° bins, smoothed), and the highest peak at least 50° from it. Under
 * perspective the two families are not perpendicular (a page tilted 30° and turned 30° shows
 * them 20–25° off square), so the second is searched for rather than assumed at 90°.
 */
function dominantDirections(segments: readonly Segment[]): [number, number] {
  const n = 90
  const bins = new Float64Array(n)
  for (const s of segments) bins[Math.floor((s.angle / Math.PI) * n) % n] += s.length
  const smoothed = bins.map((_, i) => bins[(i + n - 1) % n] + 2 * bins[i] + bins[(i + 1) % n])
  const peakOf = (allowed: (i: number) => boolean): number => {
    let peak = -1
    for (let i = 0; i < n; i++) if (allowed(i) && (peak < 0 || smoothed[i] > smoothed[peak])) peak = i
    return peak
  }
  const first = peakOf(() => true)
  const apart = (i: number): boolean => Math.min(Math.abs(i - first), n - Math.abs(i - first)) >= 25
  const second = peakOf(apart)
  return [first, second].map((i) => ((i + 0.5) / n) * Math.PI) as [number, number]
}

/**
 * Foreshortening factors tried for a line family: with the page tilted away from the camera, the
 * grid's spacing changes steadily from one side to the other (1D perspective). `foreshorten(u, q)`
 * maps the fraction u of the way across the page to the fraction of the way across the image;
 * the spacing at the far end is q² times that at the near end. These cover 0.56..1.77, about
 * what a page tilted 35° shows, filling most of the view.
 */
const FORESHORTENING = [1, 0.93, 1.07, 0.85, 1.18, 0.75, 1.33]

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
function gridLinePairs(lines: LineCluster[]): [LineCluster, LineCluster][] {
  // "Long" relative to a typical grid line (the median of the ten longest), not to the single
  // longest cluster, which can be a rule or table edge merged across the whole page.
  const top = lines.map((l) => l.length).sort((a, b) => b - a).slice(0, 10)
  const typical = top.length ? top[top.length >> 1] : 0
  const long = lines.filter((l) => l.length >= 0.3 * typical).sort((a, b) => a.offset - b.offset)
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
          if (long.some((l) => Math.abs(l.offset - want) < 0.25 * step)) hits++
        }
        // Lines between the two that fall mid-cell: text rows, a crossword's denser lines.
        let extras = 0
        for (let k = i + 1; k < j; k++) {
          const phase = 9 * unforeshorten((long[k].offset - long[i].offset) / span, q)
          if (Math.abs(phase - Math.round(phase)) >= 0.25) extras++
        }
        if (hits >= 6 && extras <= 2) best = Math.max(best, hits - extras)
      }
      if (best > -Infinity) scored.push({ pair: [long[i], long[j]], hits: best, span })
    }
  }
  scored.sort((a, b) => b.hits - a.hits || b.span - a.span)
  return scored.slice(0, 3).map((s) => s.pair)
}

/**
 * Groups segments of one line: each segment's line is extended to where it crosses the axis
 * through `centre` along `normal`, and segments crossing within `tol` of each other form one line
 * (fitted to all their end points). Measured there rather than at each segment's middle, because
 * under perspective a family's lines converge: pieces of one line far apart along it would have
 * different mid-point offsets, and the two outer lines of a grid would not read as evenly spaced.
 */
function clusterLines(segments: readonly Segment[], centre: Point, normal: Point, tol: number): LineCluster[] {
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
