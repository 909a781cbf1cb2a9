/** A live look's corners put on the grid's own lines, the same wherever the detection placed them. */
import { describe, expect, it } from 'vitest'
import { fitToGridLines } from '../../../../src/shared/vision/grid/lines-fit'
import type { Corners, GrayImage, Point } from '../../../../src/shared/vision/core/image'
import { cellOrigin, drawnGridPage } from '../drawn-grid'
import { seededRandom } from '../../../../devkit/random'

/** The border lines' middles: each line covers two pixels, 20-21 and 380-381. */
const BORDER: Corners = [
  { x: 20.5, y: 20.5 },
  { x: 380.5, y: 20.5 },
  { x: 380.5, y: 380.5 },
  { x: 20.5, y: 380.5 },
]
const worst = (a: readonly Point[], b: readonly Point[]) => Math.max(...a.map((p, k) => Math.hypot(p.x - b[k].x, p.y - b[k].y)))

/** The border's corners each moved by up to `reach` px each way, as the detector's fallbacks place them. */
function misplaced(random: () => number, reach: number): Corners {
  return BORDER.map((p) => ({ x: p.x + (2 * random() - 1) * reach, y: p.y + (2 * random() - 1) * reach })) as unknown as Corners
}

/** A page written on: a pen digit's strokes in some cells, pencil marks in others, a column rule 12 px left of the border. */
function writtenPage(): GrayImage {
  return drawnGridPage((set) => {
    for (let y = 0; y < 400; y++) set(8, y, 40)
    for (const [row, col] of [
      [0, 0],
      [2, 5],
      [4, 4],
      [6, 1],
      [8, 8],
    ]) {
      const { x, y } = cellOrigin(row, col)
      // A "1" and a bar: 3 px strokes through the cell's middle.
      for (let t = 8; t < 34; t++) for (const w of [0, 1, 2]) set(x + 19 + w, y + t, 60)
      for (let t = 12; t < 28; t++) for (const w of [0, 1, 2]) set(x + t, y + 30 + w, 60)
    }
    for (const [row, col] of [
      [1, 2],
      [3, 7],
      [7, 3],
    ]) {
      const { x, y } = cellOrigin(row, col)
      // Marks in the cell's corners, beside its lines.
      for (const [mx, my] of [
        [5, 5],
        [30, 5],
        [5, 30],
      ])
        for (let dy = 0; dy < 6; dy++) for (let dx = 0; dx < 4; dx++) set(x + mx + dx, y + my + dy, 110)
    }
  })
}

describe('fitToGridLines', () => {
  it('puts corners found up to a quarter of a cell off, each its own way, on the border lines', () => {
    const page = drawnGridPage()
    const random = seededRandom(1)
    for (let i = 0; i < 10; i++) expect(worst(fitToGridLines(page, misplaced(random, 10)), BORDER)).toBeLessThan(0.5)
  })

  it('gives a written page the same corners wherever the detection put them, beside a column rule', () => {
    const page = writtenPage()
    const random = seededRandom(2)
    const fits = Array.from({ length: 10 }, () => fitToGridLines(page, misplaced(random, 12)))
    for (const fit of fits) expect(worst(fit, BORDER)).toBeLessThan(0.5)
    for (const fit of fits) expect(worst(fit, fits[0])).toBeLessThan(0.2)
  })

  it('leaves the corners as found where no lines are seen', () => {
    const blank: GrayImage = { width: 400, height: 400, data: new Uint8Array(400 * 400).fill(235) }
    const found = misplaced(seededRandom(3), 10)
    expect(fitToGridLines(blank, found)).toBe(found)
  })

  it('leaves the corners as found where a hand hides half the lines', () => {
    // Skin-dark over the right half and more: fewer than six vertical lines show in either half.
    const page = drawnGridPage((set) => {
      for (let y = 0; y < 400; y++) for (let x = 150; x < 400; x++) set(x, y, 150)
    })
    const found = misplaced(seededRandom(4), 6)
    expect(fitToGridLines(page, found)).toBe(found)
  })
})
