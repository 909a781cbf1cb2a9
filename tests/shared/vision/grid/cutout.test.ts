/**
 * Puzzles cut out along their border and laid on a desk (devkit/cutout-views.ts): the view itself,
 * and grid detection on views of Wicht's photos (sudoku_dataset v2_train, CC-BY-4.0; Wicht and
 * Hennebert, SoCPaR 2014) and of Kubiesa's pen-solved photos (sudoku-scanner, MIT), skipped where the
 * photos are not present. The desk's edge merges with
 * the border in the threshold image, and the outline runs along it, unless the desk beyond a side
 * is seen and the side put back where the inner lines say the border is (grid/sides.ts).
 */
import '../opencv-node'
import { beforeAll, describe, expect, test } from 'vitest'
import { decodeImage } from '../../../../src/node/reader/decode-image'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { detectGrid } from '../../../../src/shared/vision/grid/find-grid'
import type { Corners, RgbaImage } from '../../../../src/shared/vision/core/image'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { WICHT_DIR, listPhotos, readOutlines } from '../../../../datasets/wicht'
import { hasPenPhotos, listPenPhotos } from '../../../../datasets/kubiesa'
import { WRONG_GRID, cornerError } from '../../../../devkit/corner-error'
import { MAX_MARGIN, cutoutView } from '../../../../devkit/cutout-views'

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

const grey = (image: RgbaImage, x: number, y: number): number[] => Array.from(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3))

describe('cutoutView', () => {
  // A white page with a mid-grey square as its "grid": 90 px, so a cell is 10 px.
  const page: RgbaImage = { width: 160, height: 120, data: new Uint8ClampedArray(160 * 120 * 4).fill(255) }
  const corners: Corners = [
    { x: 30, y: 15 },
    { x: 120, y: 15 },
    { x: 120, y: 105 },
    { x: 30, y: 105 },
  ]
  for (let y = 15; y <= 105; y++) for (let x = 30; x <= 120; x++) page.data.fill(200, (y * 160 + x) * 4, (y * 160 + x) * 4 + 3)

  test('keeps the grid, makes all beyond a scissor margin desk, and moves the corners by the frame', () => {
    const view = cutoutView(page, corners, 'square')
    const pad = view.corners[0].x - corners[0].x
    expect(pad).toBeGreaterThan(0)
    expect(view.image.width).toBe(page.width + 2 * pad)
    view.corners.forEach((p, i) => expect([p.x - corners[i].x, p.y - corners[i].y]).toEqual([pad, pad]))
    // The grid's middle and its very border are the page's.
    expect(grey(view.image, 75 + pad, 60 + pad)).toEqual([200, 200, 200])
    expect(grey(view.image, 30 + pad, 60 + pad)).toEqual([200, 200, 200])
    // Beyond the widest margin, white page and frame alike are desk: dark to mid grey.
    const beyond = Math.ceil(MAX_MARGIN * 10) + 1
    for (const [x, y] of [
      [30 - beyond, 60],
      [120 + beyond, 60],
      [75, 15 - beyond],
      [75, 105 + beyond],
      [-pad, -pad],
    ]) {
      for (const v of grey(view.image, x + pad, y + pad)) {
        expect(v).toBeGreaterThanOrEqual(35)
        expect(v).toBeLessThanOrEqual(140)
      }
    }
  })

  test('is seeded: the same name and seed give the same view, another seed another desk', () => {
    const a = cutoutView(page, corners, 'square', 1)
    expect(cutoutView(page, corners, 'square', 1).image.data).toEqual(a.image.data)
    expect(cutoutView(page, corners, 'square', 2).label).not.toBe(a.label)
  })
})

const outlines = readOutlines(WICHT_DIR)
const photos = listPhotos(WICHT_DIR).filter((p) => outlines.has(p.name))
/** Every 25th photo with a trusted outline: not chosen by how the detection does on them. */
const SAMPLE = photos.filter((_, i) => i % 25 === 0)

/**
 * Corners within this share of the side count as placed well: 153 of Wicht's 160 photos as taken
 * are (bench:detect). Before desk beyond a side was looked for (grid/desk.ts), 2 of the sample's 7
 * cut-outs were, the outline running along the desk's band; now 4, the nearest 0.4% of the side from it.
 */
const CLOSE = 0.02
const MIN_CLOSE = 4

/** A cut-out of the photo, and the corner error of the grid found there as a share of the side (null: none found). */
async function cutoutError(jpg: string, outline: Corners, name: string): Promise<number | null> {
  const view = cutoutView(await decodeImage(jpg), outline, name)
  const found = detectGrid(cv, view.image)
  if (!found) return null
  return cornerError(found.corners, view.corners)
}

describe.skipIf(!photos.length)('detectGrid on cut-out puzzles', () => {
  test('every grid found, none wrong, most corners on the border', async () => {
    const errors: number[] = []
    for (const photo of SAMPLE) {
      const error = await cutoutError(photo.jpg, outlines.get(photo.name)!, photo.name)
      expect(error, photo.name).not.toBeNull()
      errors.push(error!)
    }
    expect(Math.max(...errors)).toBeLessThan(WRONG_GRID)
    expect(errors.filter((e) => e <= CLOSE).length).toBeGreaterThanOrEqual(MIN_CLOSE)
  })
})

/**
 * Every 5th pen-train photo (16), not chosen by how the detection does on them. Their thin inner
 * lines and the border's band of desk put the outline between the places the score looks for the
 * lines: 3 gave no grid until such an outline was put back on its border before it was scored
 * (grid/sides.ts's offDeskCorners); now all 16 are found. One may be lost to another machine's
 * decoding (the lowest scores 0.34 against MIN_GRID_SCORE's 0.3).
 */
const PEN_SAMPLE = hasPenPhotos('train') ? listPenPhotos('train').filter((_, i) => i % 5 === 0) : []
const MIN_PEN_FOUND = PEN_SAMPLE.length - 1

describe.skipIf(!PEN_SAMPLE.length)('detectGrid on cut-out pen-solved puzzles', () => {
  test('nearly every grid found, none wrong', async () => {
    const errors = await Promise.all(PEN_SAMPLE.map((photo) => cutoutError(photo.jpg, photo.corners, photo.name)))
    const found = errors.filter((e): e is number => e !== null)
    expect(found.length).toBeGreaterThanOrEqual(MIN_PEN_FOUND)
    expect(Math.max(...found)).toBeLessThan(WRONG_GRID)
  }, 120_000)
})
