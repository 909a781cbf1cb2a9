/**
 * The grid detector's first proposals, from the threshold image's contours: each large contour
 * reduced to the largest quadrilateral on its convex hull, its sides refitted to the outline
 * (`grid-refine.ts`); and, for the lattice fallback, the small closed holes a grid's lines enclose.
 */
import type { CV } from './cv'
import { withMats } from './cv'
import { intersectLines, lineThrough, orderCorners, polygonArea } from './geometry'
import { holeAreaRange, type Hole } from './grid-lattice'
import { refineQuad } from './grid-refine'
import { areaOf, plausibleQuad, squarish } from './grid-shape'
import type { Corners, Point } from './image'

type Mat = InstanceType<CV['Mat']>
type MatVector = InstanceType<CV['MatVector']>

/** Contours under this share of the working image's area are not outlines worth trying. Chosen by hand (plausibleQuad asks 2%). */
const MIN_OUTLINE_AREA = 0.04
/** The largest outlines tried, at most. Chosen by hand. */
const MAX_OUTLINES = 8
/** The convex hull is simplified to within this share of its perimeter before the quad is sought. Chosen by hand. */
const HULL_TOLERANCE = 0.01
/** Hull vertices the brute-force quad search takes, at most (every k-th beyond): at most a few thousand tries. */
const MAX_HULL_POINTS = 24
/** A hole must fill this share of its hull's quad: boxes and cells do, letters' counters and round blobs do not. Chosen by hand. */
const HOLE_FILL = 0.8

/** Candidate quadrilaterals from the large contours, largest first, corners refined. */
export function contourQuads(cv: CV, contours: MatVector, binary: Mat): Corners[] {
  const imageArea = binary.rows * binary.cols
  const candidates: { area: number; index: number }[] = []
  for (let i = 0; i < contours.size(); i++) {
    const c = contours.get(i)
    try {
      const area = cv.contourArea(c)
      if (area > imageArea * MIN_OUTLINE_AREA) candidates.push({ area, index: i })
    } finally {
      c.delete()
    }
  }
  candidates.sort((a, b) => b.area - a.area)
  const quads: Corners[] = []
  for (const { index } of candidates.slice(0, MAX_OUTLINES)) {
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
    cv.approxPolyDP(h, approx, HULL_TOLERANCE * cv.arcLength(h, true), true)
    return contourPoints(approx)
  })
  if (hull.length < 4) return null
  const rough = largestQuad(hull)
  return rough && orderCorners(rough)
}

/** Brute force over hull vertices (a simplified hull has few, so at most a few thousand tries). */
function largestQuad(hull: Point[]): Point[] | null {
  const pts = hull.length > MAX_HULL_POINTS ? hull.filter((_, i) => i % Math.ceil(hull.length / MAX_HULL_POINTS) === 0) : hull
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
 * Closed holes of the size of a grid's boxes or cells: small contours that nearly fill a
 * squarish quadrilateral (letters' counters, blobs and round shapes do not).
 */
export function gridHoles(cv: CV, contours: MatVector, imageArea: number): Hole[] {
  const { smallest, largest } = holeAreaRange(imageArea)
  const holes: Hole[] = []
  for (let i = 0; i < contours.size(); i++) {
    const c = contours.get(i)
    try {
      const area = cv.contourArea(c)
      if (area < smallest || area > largest) continue
      const quad = hullQuad(cv, c)
      if (!quad || area < HOLE_FILL * areaOf(quad) || !squarish(quad)) continue
      const centre = intersectLines(lineThrough(quad[0], quad[2]), lineThrough(quad[1], quad[3]))
      if (centre) holes.push({ quad, centre, area })
    } finally {
      c.delete()
    }
  }
  return holes
}
