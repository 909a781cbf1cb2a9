/**
 * Printed fiducial circles and the sheet pose they give: the grid's corners follow from the four
 * circles of resources/fiducial-sheet/ alone, so a hand over its border does not matter.
 */
import type { CV } from '../core/cv'
import { withMats } from '../core/cv'
import { applyHomography, distance, homographyFromPoints, isConvex, orderCorners, upscaledPoint, type Homography } from '../core/geometry'
import { WORKING_SIZE, downscaleGray, isGrayScales, scaleAtMost, type GrayScales } from '../core/gray'
import type { Corners, GrayImage, Point, RgbaImage } from '../core/image'
import { matFromGray } from '../core/mats'

export interface Circle {
  readonly x: number
  readonly y: number
  readonly r: number
}

/** The sheet in millimetres from the top-left circle's centre, y down; resources/fiducial-sheet/make-sheet.ts prints it. */
export const FIDUCIAL_SHEET = {
  circleRadius: 6,
  /** Circle centres TL, TR, BR, BL. */
  circles: [
    { x: 0, y: 0 },
    { x: 170, y: 0 },
    { x: 170, y: 170 },
    { x: 0, y: 170 },
  ],
  /** The printed grid's outer corners TL, TR, BR, BL (a 144 mm grid, 16 mm cells). */
  grid: [
    { x: 13, y: 13 },
    { x: 157, y: 13 },
    { x: 157, y: 157 },
    { x: 13, y: 157 },
  ],
} as const satisfies { circleRadius: number; circles: readonly Point[]; grid: readonly Point[] }

export type FiducialSheet = typeof FIDUCIAL_SHEET

export interface SheetPose {
  /** How many circles the pose rests on: 2 (similarity) or 4 (homography). */
  readonly from: 2 | 4
  /** The circles used, in sheet order (TL, TR[, BR, BL]). */
  readonly circles: readonly Circle[]
  /** Sheet millimetres → image pixels. */
  readonly homography: Homography
  /** Image position of the top-left circle's centre. */
  readonly x: number
  readonly y: number
  /** Rotation of the sheet's top edge (TL → TR) in radians, clockwise on screen. */
  readonly theta: number
  /** Image pixels per sheet millimetre along the top edge. */
  readonly scale: number
  /** The printed grid's corners in image pixels. */
  readonly gridCorners: Corners
}

export interface DetectFiducialsOptions {
  /** Long side of the copy the circles are sought on (never more than the scales' working copy). */
  readonly workingSize?: number
}

/** Solid dark circles, largest first, in image pixels, each re-measured (`measureDisc`). */
export function detectFiducials(cv: CV, input: RgbaImage | GrayImage | GrayScales, options: DetectFiducialsOptions = {}): Circle[] {
  const { width, height } = isGrayScales(input) ? input.full : input
  if (width < 32 || height < 32) return []
  const size = options.workingSize ?? WORKING_SIZE
  const { gray, factor } = isGrayScales(input) ? scaleAtMost(input, size) : downscaleGray(input, size)
  const minSide = Math.min(gray.width, gray.height)
  const proposals = withMats((own) => {
    const src = own(matFromGray(cv, gray))
    const blurred = own(new cv.Mat())
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 0)
    const out: Circle[] = []
    // HoughCircles finds discs from their edges, even touching ink.
    const found = own(new cv.Mat())
    cv.HoughCircles(blurred, found, cv.HOUGH_GRADIENT, 1, minSide / 25, 100, 20, 3, Math.round(minSide / 12))
    for (let i = 0; i < found.cols; i++) out.push({ x: found.data32F[i * 3], y: found.data32F[i * 3 + 1], r: found.data32F[i * 3 + 2] })
    // Round dark blobs: grid lines' Hough votes can crowd out a small dot, which as a blob stands alone.
    const binary = own(new cv.Mat())
    const block = Math.max(15, Math.round(minSide / 8) | 1)
    cv.adaptiveThreshold(blurred, binary, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, 10)
    const contours = own(new cv.MatVector())
    const hierarchy = own(new cv.Mat())
    cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE)
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i)
      try {
        const area = cv.contourArea(c)
        if (area < 20) continue
        const { center, radius } = cv.minEnclosingCircle(c)
        if (radius > minSide / 12 || area < 0.65 * Math.PI * radius * radius) continue
        out.push({ x: center.x, y: center.y, r: radius })
      } finally {
        c.delete()
      }
    }
    return out
  })
  const circles: Circle[] = []
  for (const p of proposals) {
    const c = measureDisc(gray, p)
    if (c && !circles.some((o) => distance(o, c) < Math.max(o.r, c.r))) circles.push(c)
  }
  circles.sort((a, b) => b.r - a.r)
  return circles.map((c) => ({ ...upscaledPoint(c, factor), r: c.r * factor }))
}

/** `p` re-measured from its dark pixels if it is a filled dark disc on clear paper (0, 6, 8 and 9 have light holes), else null. */
function measureDisc(gray: GrayImage, p: Circle): Circle | null {
  const { width, height, data } = gray
  const R = p.r * 1.9
  if (p.x - R < 0 || p.y - R < 0 || p.x + R >= width || p.y + R >= height) return null
  const inner: number[] = []
  const ringValues: number[] = []
  let ringSum = 0
  let ringN = 0
  for (let y = Math.floor(p.y - R); y <= Math.ceil(p.y + R); y++) {
    for (let x = Math.floor(p.x - R); x <= Math.ceil(p.x + R); x++) {
      const d = Math.hypot(x - p.x, y - p.y) / p.r
      const v = data[y * width + x]
      if (d <= 0.7) inner.push(v)
      else if (d >= 1.4 && d <= 1.9) {
        ringSum += v
        ringN++
        ringValues.push(v)
      }
    }
  }
  if (inner.length < 5 || ringN === 0) return null
  inner.sort((a, b) => a - b)
  const ring = ringSum / ringN
  const innerMedian = inner[inner.length >> 1]
  const inner90 = inner[Math.floor(inner.length * 0.9)]
  const contrast = ring - innerMedian
  if (contrast < 40 || inner90 > innerMedian + 0.5 * contrast) return null
  const cut = (ring + innerMedian) / 2
  // The sheet leaves blank paper round each circle; a full stop in text has neighbours there.
  if (ringValues.filter((v) => v < cut).length > 0.03 * ringValues.length) return null
  let n = 0
  let sx = 0
  let sy = 0
  const W = p.r * 1.3
  for (let y = Math.floor(p.y - W); y <= Math.ceil(p.y + W); y++) {
    for (let x = Math.floor(p.x - W); x <= Math.ceil(p.x + W); x++) {
      if (Math.hypot(x - p.x, y - p.y) > W) continue
      if (data[y * width + x] < cut) {
        n += 1
        sx += x
        sy += y
      }
    }
  }
  if (n < 5) return null
  const r = Math.sqrt(n / Math.PI)
  // Much less than a disc's area means a ring or a blob's edge.
  if (r < p.r * 0.6 || r > p.r * 1.35) return null
  return { x: sx / n, y: sy / n, r }
}

/**
 * The sheet's pose from detected circles, or null: the set of four forming a tilted square, radii
 * fitting the pose, with the least spread of radii; else two circles alone, as the top pair.
 */
export function poseFromFiducials(circles: readonly Circle[], sheet: FiducialSheet = FIDUCIAL_SHEET): SheetPose | null {
  const pool = [...circles].sort((a, b) => b.r - a.r).slice(0, 8)
  let best: { pose: SheetPose; spread: number } | null = null
  for (let a = 0; a < pool.length; a++)
    for (let b = a + 1; b < pool.length; b++)
      for (let c = b + 1; c < pool.length; c++)
        for (let d = c + 1; d < pool.length; d++) {
          const set = [pool[a], pool[b], pool[c], pool[d]]
          const rs = set.map((s) => s.r)
          const spread = Math.max(...rs) / Math.min(...rs)
          if (spread > 1.4 || (best && spread >= best.spread)) continue
          const ordered = orderCorners(set)
          if (!squareLike(ordered) || !sizeFits(ordered, rs, sheet)) continue
          const circlesInOrder = ordered.map((p) => set.find((s) => s.x === p.x && s.y === p.y)!)
          const pose = poseFrom(circlesInOrder, sheet.circles, sheet, 4)
          if (pose && radiiFitPose(pose, sheet)) best = { pose, spread }
        }
  if (best) return best.pose
  // Any two similar blobs fit two circles, so they are trusted only as the only two in view.
  if (pool.length !== 2) return null
  const [p, q] = pool.slice(0, 2).sort((u, v) => u.x - v.x)
  if (Math.max(p.r, q.r) / Math.min(p.r, q.r) > 1.4) return null
  const ratio = (p.r + q.r) / 2 / distance(p, q) / (sheet.circleRadius / distance(sheet.circles[0], sheet.circles[1]))
  if (ratio < 0.6 || ratio > 1.6) return null
  // The top pair runs left to right, not down (binder holes).
  if (Math.abs(q.y - p.y) > Math.abs(q.x - p.x)) return null
  return poseFrom([p, q], sheet.circles.slice(0, 2), sheet, 2)
}

function poseFrom(image: Circle[], onSheet: readonly Point[], sheet: FiducialSheet, from: 2 | 4): SheetPose | null {
  let h: Homography | null
  if (from === 4) {
    h = homographyFromPoints(onSheet, image)
  } else {
    const dx = image[1].x - image[0].x
    const dy = image[1].y - image[0].y
    const len = Math.hypot(onSheet[1].x - onSheet[0].x, onSheet[1].y - onSheet[0].y)
    const k = Math.hypot(dx, dy) / len
    const t = Math.atan2(dy, dx) - Math.atan2(onSheet[1].y - onSheet[0].y, onSheet[1].x - onSheet[0].x)
    const c = k * Math.cos(t)
    const s = k * Math.sin(t)
    h = [c, -s, image[0].x - (c * onSheet[0].x - s * onSheet[0].y), s, c, image[0].y - (s * onSheet[0].x + c * onSheet[0].y), 0, 0, 1]
  }
  if (!h) return null
  const hh = h
  const tl = applyHomography(hh, sheet.circles[0])
  const tr = applyHomography(hh, sheet.circles[1])
  const grid = sheet.grid.map((p) => applyHomography(hh, p))
  return {
    from,
    circles: image,
    homography: hh,
    x: tl.x,
    y: tl.y,
    theta: Math.atan2(tr.y - tl.y, tr.x - tl.x),
    scale: distance(tl, tr) / distance(sheet.circles[0], sheet.circles[1]),
    gridCorners: [grid[0], grid[1], grid[2], grid[3]],
  }
}

/** Each radius within 25% of the pose's prediction: blobs that merely form a quadrilateral ignore foreshortening. */
function radiiFitPose(pose: SheetPose, sheet: FiducialSheet): boolean {
  const h = pose.homography
  return sheet.circles.every((c, i) => {
    const o = applyHomography(h, c)
    const ex = applyHomography(h, { x: c.x + 1, y: c.y })
    const ey = applyHomography(h, { x: c.x, y: c.y + 1 })
    const area = Math.abs((ex.x - o.x) * (ey.y - o.y) - (ex.y - o.y) * (ey.x - o.x))
    const predicted = sheet.circleRadius * Math.sqrt(area)
    const r = pose.circles[i].r
    return r > predicted * 0.75 && r < predicted * 1.25
  })
}

/** The circles' radius fits the square they span (6 / 170 of its side, within 0.6× to 1.6×). */
function sizeFits(q: Corners, radii: number[], sheet: FiducialSheet): boolean {
  const sideOnSheet = distance(sheet.circles[0], sheet.circles[1])
  const side = (distance(q[0], q[1]) + distance(q[1], q[2]) + distance(q[2], q[3]) + distance(q[3], q[0])) / 4
  const ratio = radii.reduce((a, b) => a + b, 0) / radii.length / side / (sheet.circleRadius / sideOnSheet)
  return ratio > 0.6 && ratio < 1.6
}

/** Convex, corners within 50–130°, opposite sides within 1.6:1: a square seen with ≤ ~35° tilt. */
function squareLike(q: Corners): boolean {
  if (!isConvex(q)) return false
  const sides = [0, 1, 2, 3].map((i) => distance(q[i], q[(i + 1) % 4]))
  if (sides.some((s) => s < 8)) return false
  if (Math.max(sides[0], sides[2]) > 1.6 * Math.min(sides[0], sides[2])) return false
  if (Math.max(sides[1], sides[3]) > 1.6 * Math.min(sides[1], sides[3])) return false
  for (let i = 0; i < 4; i++) {
    const a = q[(i + 3) % 4]
    const b = q[i]
    const c = q[(i + 1) % 4]
    const cos = ((a.x - b.x) * (c.x - b.x) + (a.y - b.y) * (c.y - b.y)) / (distance(a, b) * distance(c, b))
    const deg = (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI
    if (deg < 50 || deg > 130) return false
  }
  return true
}
