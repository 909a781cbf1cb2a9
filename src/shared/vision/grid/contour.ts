/**
 * The grid detector's first proposals: each large contour's largest quadrilateral on its hull,
 * sides refitted (grid/refine.ts); and the closed holes the lattice fallback grows from.
 */
import type { CV } from '../core/cv'
import { withMats } from '../core/cv'
import { intersectLines, lineThrough, orderCorners, polygonArea } from '../core/geometry'
import { holeAreaRange, type Hole } from './lattice'
import { ON_EDGE, refineQuad } from './refine'
import { areaOf, plausibleQuad, squarish } from './shape'
import type { Corners, Point } from '../core/image'

type Mat = InstanceType<CV['Mat']>
type MatVector = InstanceType<CV['MatVector']>

/** Contours under this share of the image's area are not tried. Chosen by hand. */
const MIN_OUTLINE_AREA = 0.04
/** The largest outlines tried, at most. Chosen by hand. */
const MAX_OUTLINES = 8
/** The hull is simplified to within this share of its perimeter. Chosen by hand. */
const HULL_TOLERANCE = 0.01
/** Hull vertices the brute-force quad search takes, at most: a few thousand tries. */
const MAX_HULL_POINTS = 24
/** A hole must fill this share of its hull's quad, as boxes do and round blobs do not. Chosen by hand. */
const HOLE_FILL = 0.8

/** Candidate quadrilaterals from the large contours, largest first, corners refined. */
export function contourQuads(cv: CV, contours: MatVector, binary: Mat): Corners[] {
  const quads: Corners[] = []
  for (const index of largeContours(cv, contours, binary)) {
    const c = contours.get(index)
    try {
      const points = contourPoints(c)
      for (const quad of quadsFromContour(cv, c, points, binary.cols, binary.rows)) if (plausibleQuad(quad, binary.cols, binary.rows)) quads.push(quad)
    } finally {
      c.delete()
    }
  }
  return quads
}

/** The points of the large contours, largest first. */
export function largeOutlines(cv: CV, contours: MatVector, binary: Mat): Point[][] {
  return largeContours(cv, contours, binary).map((index) => {
    const c = contours.get(index)
    try {
      return contourPoints(c)
    } finally {
      c.delete()
    }
  })
}

/** Indices of the contours large enough to be a grid's outline, largest first. */
function largeContours(cv: CV, contours: MatVector, binary: Mat): number[] {
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
  return candidates.slice(0, MAX_OUTLINES).map((c) => c.index)
}

function contourPoints(c: Mat): Point[] {
  const d = c.data32S
  const pts: Point[] = new Array(d.length / 2)
  for (let i = 0; i < pts.length; i++) pts[i] = { x: d[2 * i], y: d[2 * i + 1] }
  return pts
}

/** The largest quadrilateral on the hull, refitted, and another with a corner the frame cut put back. */
function quadsFromContour(cv: CV, contour: Mat, points: Point[], width: number, height: number): Corners[] {
  const hull = hullPoints(cv, contour)
  const cut = withCutCorners(hull, width, height)
  const quads: Corners[] = []
  for (const h of cut.length > hull.length ? [hull, cut] : [hull]) {
    const rough = quadOnHull(h)
    if (rough) quads.push(refineQuad(rough, points, width, height) ?? rough)
  }
  return quads
}

/** The contour's convex hull, simplified. */
function hullPoints(cv: CV, contour: Mat): Point[] {
  return withMats((own) => {
    const h = own(new cv.Mat())
    cv.convexHull(contour, h, false, true)
    const approx = own(new cv.Mat())
    cv.approxPolyDP(h, approx, HULL_TOLERANCE * cv.arcLength(h, true), true)
    return contourPoints(approx)
  })
}

/** The largest quadrilateral on a hull, in TL TR BR BL order. */
function quadOnHull(hull: readonly Point[]): Corners | null {
  if (hull.length < 4) return null
  const rough = largestQuad(hull)
  return rough && orderCorners(rough)
}

function hullQuad(cv: CV, contour: Mat): Corners | null {
  return quadOnHull(hullPoints(cv, contour))
}

/**
 * The hull with the frame's corner put back where it cuts across it: a grid the frame cuts reaches
 * the edges only where its lines do, so the hull would lean across the corner cell.
 */
function withCutCorners(hull: readonly Point[], width: number, height: number): Point[] {
  const edges = (p: Point): number =>
    (p.x <= ON_EDGE ? 1 : 0) | (p.y <= ON_EDGE ? 2 : 0) | (p.x >= width - 1 - ON_EDGE ? 4 : 0) | (p.y >= height - 1 - ON_EDGE ? 8 : 0)
  // The frame's corners by the two edges that meet there (left 1, top 2, right 4, bottom 8).
  const corners: Record<number, Point> = { 3: { x: 0, y: 0 }, 6: { x: width - 1, y: 0 }, 12: { x: width - 1, y: height - 1 }, 9: { x: 0, y: height - 1 } }
  const out: Point[] = []
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i]
    const q = hull[(i + 1) % hull.length]
    out.push(p)
    const [a, b] = [edges(p), edges(q)]
    if (a && b && !(a & b) && corners[a | b]) out.push(corners[a | b])
  }
  return out
}

function largestQuad(hull: readonly Point[]): Point[] | null {
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
          if (area > bestArea) {
            bestArea = area
            best = q
          }
        }
  return best
}

/** Closed holes the size of a grid's boxes or cells that nearly fill a squarish quadrilateral. */
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
