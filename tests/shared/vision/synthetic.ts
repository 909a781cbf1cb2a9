/**
 * Synthetic scenes for the vision tests: the printable fiducial sheet rasterised from its SVG and
 * seen through a known homography (OpenCV warpPerspective), so every corner and circle has an
 * exact expected position.
 */
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { withMats, type CV } from '../../../src/shared/vision/core/cv'
import { FIDUCIAL_SHEET } from '../../../src/shared/vision/grid/fiducials'
import { applyHomography, homographyFromPoints, type Homography } from '../../../src/shared/vision/core/geometry'
import type { GrayImage, Point } from '../../../src/shared/vision/core/image'
import { grayFromMat, matFromGray } from '../../../src/shared/vision/core/mats'

const A4_SVG = fileURLToPath(new URL('../../../resources/fiducial-sheet/fiducial-sheet-a4.svg', import.meta.url))
/** Where make-sheet.ts puts the top-left circle on A4, mm. */
export const A4_ORIGIN = { x: 20, y: 60 }
export const PX_PER_MM = 4

/** The A4 sheet at 4 px/mm, grey. */
export async function renderA4Sheet(): Promise<GrayImage> {
  // librsvg's idea of the SVG's pixel size varies with its unit handling, so render generously and
  // resize to exactly 4 px/mm (840×1188 for A4).
  const { data, info } = await sharp(A4_SVG, { density: 200 })
    .resize(210 * PX_PER_MM, 297 * PX_PER_MM, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data) }
}

/**
 * Sheet mm (origin at the top-left circle) → page pixel coordinates of `renderA4Sheet`, in the
 * pixel-centre convention OpenCV uses (pixel i spans [i − 0.5, i + 0.5)), hence the − 0.5.
 */
export function sheetToPage(p: Point): Point {
  return { x: (p.x + A4_ORIGIN.x) * PX_PER_MM - 0.5, y: (p.y + A4_ORIGIN.y) * PX_PER_MM - 0.5 }
}

export interface Scene {
  readonly image: GrayImage
  /** Page pixels → scene pixels. */
  readonly homography: Homography
  /** Sheet mm → scene pixels. */
  readonly sheetToScene: (p: Point) => Point
}

/**
 * Places the page so that its four corners land on `pageCorners` (TL, TR, BR, BL) in a
 * `width`×`height` scene on a mid-grey table, then blurs lightly and adds deterministic noise.
 */
/**
 * Page corners (TL, TR, BR, BL) for a page centred at (cx, cy), turned by `deg` and seen at a slant:
 * the top edge spans `top`·half and the bottom edge `bottom`·half either side of the centre line,
 * with the top 1.2·half above the centre and the bottom 1.25·half below it.
 */
export function turnedPage(deg: number, cx: number, cy: number, half: number, top: number, bottom: number): Point[] {
  const t = (deg * Math.PI) / 180
  const raw = [
    { x: -half * top, y: -half * 1.2 },
    { x: half * top, y: -half * 1.2 },
    { x: half * bottom, y: half * 1.25 },
    { x: -half * bottom, y: half * 1.25 },
  ]
  return raw.map((p) => ({ x: cx + p.x * Math.cos(t) - p.y * Math.sin(t), y: cy + p.x * Math.sin(t) + p.y * Math.cos(t) }))
}

export function viewPage(cv: CV, page: GrayImage, pageCorners: readonly Point[], width: number, height: number): Scene {
  const src = [
    { x: 0, y: 0 },
    { x: page.width, y: 0 },
    { x: page.width, y: page.height },
    { x: 0, y: page.height },
  ]
  const h = homographyFromPoints(src, pageCorners)
  if (!h) throw new Error('degenerate scene')
  const image = withMats((own) => {
    const m = own(matFromGray(cv, page))
    const hm = own(cv.matFromArray(3, 3, cv.CV_64F, [...h]))
    const out = own(new cv.Mat())
    cv.warpPerspective(m, out, hm, new cv.Size(width, height), cv.INTER_AREA, cv.BORDER_CONSTANT, new cv.Scalar(110))
    const blurred = own(new cv.Mat())
    cv.GaussianBlur(out, blurred, new cv.Size(3, 3), 0)
    return grayFromMat(blurred)
  })
  let seed = 7
  for (let i = 0; i < image.data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    image.data[i] = Math.max(0, Math.min(255, image.data[i] + ((seed >> 8) % 17) - 8))
  }
  return { image, homography: h, sheetToScene: (p) => applyHomography(h, sheetToPage(p)) }
}

/**
 * A hand over the grid's bottom-right corner (157, 157) in sheet mm, clear of the fiducial circle
 * at (170, 170): the grid's corner is hidden, the circles are not.
 */
export const HAND_OVER_GRID_CORNER: readonly Point[] = [
  { x: 120, y: 130 },
  { x: 160, y: 135 },
  { x: 158, y: 160 },
  { x: 150, y: 230 },
  { x: 100, y: 230 },
]

/** Paints a filled polygon (a "hand") of grey `value` over an image, in place on a copy. */
export function occlude(cv: CV, image: GrayImage, polygon: readonly Point[], value: number): GrayImage {
  return withMats((own) => {
    const m = own(matFromGray(cv, image))
    const pts = own(
      cv.matFromArray(
        polygon.length,
        1,
        cv.CV_32SC2,
        polygon.flatMap((p) => [Math.round(p.x), Math.round(p.y)]),
      ),
    )
    const vec = own(new cv.MatVector())
    vec.push_back(pts)
    cv.fillPoly(m, vec, new cv.Scalar(value))
    return grayFromMat(m)
  })
}

export { FIDUCIAL_SHEET }

/** The outer edge of a printed grid's border, in scene pixels. */
export function printedEdge(grid: { x0: number; y0: number; side: number; border: number }, scene: Scene): Point[] {
  const { x0, y0, side, border } = grid
  const edge = [
    { x: x0 - border / 2, y: y0 - border / 2 },
    { x: x0 + side + border / 2, y: y0 - border / 2 },
    { x: x0 + side + border / 2, y: y0 + side + border / 2 },
    { x: x0 - border / 2, y: y0 + side + border / 2 },
  ]
  return edge.map((p) => applyHomography(scene.homography, { x: p.x - 0.5, y: p.y - 0.5 }))
}
