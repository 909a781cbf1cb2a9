/**
 * The outline's straight runs as a grid's sides, on a rendered page whose grid a shadow's edge
 * joins to the page's edge in the threshold image.
 */
import '../opencv-node'
import sharp from 'sharp'
import { beforeAll, expect, test } from 'vitest'
import { withMats, type CV } from '../../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { distance } from '../../../../src/shared/vision/core/geometry'
import { grayScales } from '../../../../src/shared/vision/core/gray'
import { thresholdImage } from '../../../../src/shared/vision/grid/find-grid'
import { contourQuads, largeOutlines } from '../../../../src/shared/vision/grid/contour'
import { outlineSideQuads } from '../../../../src/shared/vision/grid/outline-sides'
import { MIN_GRID_SCORE, gridScore } from '../../../../src/shared/vision/grid/score'
import type { Corners, GrayImage, Point } from '../../../../src/shared/vision/core/image'
import { matFromGray } from '../../../../src/shared/vision/core/mats'
import { printedEdge, viewPage } from '../synthetic'

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

/** The grid on the page, in page pixels: top-left, side, outer border width. */
const GRID = { x0: 80, y0: 160, side: 540, border: 4 }

/**
 * A plain Sudoku grid on white paper, a hand's shadow over its bottom-right part: a dark wedge
 * from the page's bottom edge across the bottom and right sides to the page's right edge.
 */
function shadowedPage(): string {
  const { x0, y0, side, border } = GRID
  const c = side / 9
  const lines: string[] = []
  for (let i = 0; i <= 9; i++) {
    const w = i % 3 === 0 ? border : 2
    lines.push(
      `<path d="M${x0 + i * c} ${y0 - border / 2}V${y0 + side + border / 2}M${x0 - border / 2} ${y0 + i * c}H${x0 + side + border / 2}" stroke="#000" stroke-width="${w}"/>`,
    )
  }
  const shadow = [
    [x0 + 0.55 * side, 860],
    [x0 + 0.8 * side, y0 + 0.7 * side],
    [700, y0 + 0.45 * side],
    [700, 860],
  ]
  const wedge = `<polygon points="${shadow.map((p) => p.join(',')).join(' ')}" fill="#000" fill-opacity="0.6"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="860"><rect width="100%" height="100%" fill="#fff"/>${lines.join('')}${wedge}</svg>`
}

test('a grid whose outline runs off along a shadow to the page edge: its sides found among the runs', async () => {
  const { data, info } = await sharp(Buffer.from(shadowedPage())).greyscale().raw().toBuffer({ resolveWithObject: true })
  const page: GrayImage = { width: info.width, height: info.height, data: new Uint8Array(data) }
  const scene = viewPage(
    cv,
    page,
    [
      { x: 330, y: 80 },
      { x: 960, y: 120 },
      { x: 1010, y: 900 },
      { x: 260, y: 870 },
    ],
    1280,
    960,
  )
  const { gray, factor } = grayScales(scene.image).working
  // The border's outer edge, in working pixels.
  const truth = printedEdge(GRID, scene).map((p) => ({ x: (p.x + 0.5) / factor - 0.5, y: (p.y + 0.5) / factor - 0.5 }))
  withMats((own) => {
    const binary = thresholdImage(cv, own(matFromGray(cv, gray)), own)
    const contours = own(new cv.MatVector())
    cv.findContours(binary, contours, own(new cv.Mat()), cv.RETR_LIST, cv.CHAIN_APPROX_NONE)
    const outlines = largeOutlines(cv, contours, binary)
    const passing = (quads: Corners[]): Corners[] => quads.filter((q) => gridScore(cv, binary, q, own) >= MIN_GRID_SCORE)
    // The failure mode: the outline's hull takes in the shadow and the page, so no quad on it is the grid.
    expect(passing(contourQuads(cv, contours, binary))).toEqual([])
    const found = passing(outlineSideQuads(outlines, binary.cols, binary.rows))
    expect(found).toHaveLength(1)
    expect(Math.max(...found[0].map((p: Point, i) => distance(p, truth[i])))).toBeLessThan(MAX_CORNER_ERROR)
  })
})

/** Working pixels, a tenth of a cell (about 40 px here). Measured 1.5 px: the outline hugs the border's outer edge. */
const MAX_CORNER_ERROR = 4
