/**
 * Fiducial circles on the printable sheet, rendered under known poses (see synthetic.ts).
 * Stated tolerance: grid corners from four circles within 2 px (0.3% of a ~650 px grid); from
 * two circles, offset within 2 px, rotation within 0.5° and scale within 1%.
 */
import '../opencv-node'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { decodeImage } from '../../../../src/node/reader/decode-image'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { detectFiducials, FIDUCIAL_SHEET, poseFromFiducials } from '../../../../src/shared/vision/grid/fiducials'
import { distance } from '../../../../src/shared/vision/core/geometry'
import { detectGrid } from '../../../../src/shared/vision/grid/find-grid'
import type { GrayImage, Point } from '../../../../src/shared/vision/core/image'
import { HAND_OVER_GRID_CORNER, occlude, renderA4Sheet, turnedPage, viewPage } from '../synthetic'
import { WICHT_DIR } from '../../../../datasets/wicht'

let cv: CV
let page: GrayImage

beforeAll(async () => {
  cv = await loadOpenCV()
  page = await renderA4Sheet()
})

/** Page corners for a rotated, foreshortened view (top edge ~25% shorter than the bottom). */
const tilted = (rotationDeg: number, cx: number, cy: number, halfWidth: number): Point[] => turnedPage(rotationDeg, cx, cy, halfWidth, 0.78, 1.05)

const maxError = (a: readonly Point[], b: readonly Point[]): number => Math.max(...a.map((p, i) => distance(p, b[i])))

describe('detectFiducials + poseFromFiducials', () => {
  test.each([
    ['upright, tilted back', 0],
    ['rotated +25°, tilted back', 25],
    ['rotated −30°, tilted back', -30],
  ])('%s: four circles give the grid corners within 2 px', (_, rot) => {
    const scene = viewPage(cv, page, tilted(rot, 640, 480, 330), 1280, 960)
    const circles = detectFiducials(cv, scene.image)
    expect(circles.length).toBeGreaterThanOrEqual(4)
    const pose = poseFromFiducials(circles)
    expect(pose?.from).toBe(4)
    const truthCircles = FIDUCIAL_SHEET.circles.map(scene.sheetToScene)
    expect(maxError(pose!.circles, truthCircles)).toBeLessThan(2)
    const truthGrid = FIDUCIAL_SHEET.grid.map(scene.sheetToScene)
    expect(maxError(pose!.gridCorners, truthGrid)).toBeLessThan(2)
    // The grid detector, independently, agrees with the sheet geometry.
    const grid = detectGrid(cv, scene.image)
    expect(grid).not.toBeNull()
    expect(maxError(grid!.corners, truthGrid)).toBeLessThan(4)
  })

  test('a hand over the grid corner: the grid still follows from the circles', () => {
    const scene = viewPage(cv, page, tilted(10, 640, 480, 330), 1280, 960)
    const hand = HAND_OVER_GRID_CORNER.map(scene.sheetToScene)
    const image = occlude(cv, scene.image, hand, 150)
    const pose = poseFromFiducials(detectFiducials(cv, image))
    expect(pose?.from).toBe(4)
    expect(maxError(pose!.gridCorners, FIDUCIAL_SHEET.grid.map(scene.sheetToScene))).toBeLessThan(2)
  })

  test('two circles (bottom ones covered) give offset, rotation and scale', () => {
    // A pure rotation + scale view, as with a camera looking straight down.
    const rot = 12
    const scene = viewPage(cv, page, similarView(rot), 1280, 960)
    const [tl, tr, brc, blc] = FIDUCIAL_SHEET.circles.map(scene.sheetToScene)
    const r = FIDUCIAL_SHEET.circleRadius * 3 * 2.2
    let image = scene.image
    for (const c of [brc, blc]) {
      image = occlude(
        cv,
        image,
        [
          { x: c.x - r, y: c.y - r },
          { x: c.x + r, y: c.y - r },
          { x: c.x + r, y: c.y + r },
          { x: c.x - r, y: c.y + r },
        ],
        245,
      )
    }
    const circles = detectFiducials(cv, image)
    expect(circles.length).toBe(2)
    const pose = poseFromFiducials(circles)
    expect(pose?.from).toBe(2)
    expect(distance(pose!, tl)).toBeLessThan(2)
    expect(Math.abs((pose!.theta * 180) / Math.PI - rot)).toBeLessThan(0.5)
    expect(Math.abs(pose!.scale / (distance(tl, tr) / 170) - 1)).toBeLessThan(0.01)
    expect(maxError(pose!.gridCorners, FIDUCIAL_SHEET.grid.map(scene.sheetToScene))).toBeLessThan(3)
  })

  // Newspaper photos (B. Wicht's sudoku_dataset, CC-BY-4.0) that once gave false poses: blurred
  // digits inside the grid forming a quadrilateral, binder holes at the page edge.
  test.each(['image182', 'image185', 'image180', 'image115'])('no pose on %s, a photo without a sheet', async (name) => {
    const image = await decodeImage(join(WICHT_DIR, `${name}.jpg`))
    expect(poseFromFiducials(detectFiducials(cv, image))).toBeNull()
  })

  test('no circles on a blank or noisy image', () => {
    const blank: GrayImage = { width: 640, height: 480, data: new Uint8Array(640 * 480).fill(200) }
    expect(detectFiducials(cv, blank)).toEqual([])
    expect(poseFromFiducials([])).toBeNull()
  })
})

/** Page corners for a rotation by `deg` about the scene centre at 3 px/mm (A4 page is 840×1188 px at 4 px/mm). */
function similarView(deg: number): Point[] {
  const t = (deg * Math.PI) / 180
  const s = 0.75
  const w = 840 * s
  const h = 1188 * s
  const cx = 640
  const cy = 560
  return [
    { x: -w / 2, y: -h / 2 },
    { x: w / 2, y: -h / 2 },
    { x: w / 2, y: h / 2 },
    { x: -w / 2, y: h / 2 },
  ].map((p) => ({ x: cx + p.x * Math.cos(t) - p.y * Math.sin(t), y: cy + p.x * Math.sin(t) + p.y * Math.cos(t) }))
}
