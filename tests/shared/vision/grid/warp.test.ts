/**
 * Warp and line lattice on the printed sheet seen under a known perspective (synthetic.ts), where
 * every line's true position is known; and on drawn grids with heavy written strokes beside thin lines.
 */
import '../opencv-node'
import { beforeAll, expect, test } from 'vitest'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { FIDUCIAL_SHEET } from '../../../../src/shared/vision/grid/fiducials'
import type { Corners, GrayImage } from '../../../../src/shared/vision/core/image'
import { gridLattice, gridLines, warpGrid } from '../../../../src/shared/vision/grid/warp'
import { renderA4Sheet, viewPage, type Scene } from '../synthetic'

let cv: CV
let scene: Scene

beforeAll(async () => {
  cv = await loadOpenCV()
  scene = viewPage(
    cv,
    await renderA4Sheet(),
    [
      { x: 380, y: 40 },
      { x: 980, y: 100 },
      { x: 1120, y: 940 },
      { x: 180, y: 900 },
    ],
    1280,
    960,
  )
})

test('warpGrid returns a size×size grey square and leaves its input alone', () => {
  const corners = FIDUCIAL_SHEET.grid.map(scene.sheetToScene) as unknown as Corners
  const before = Uint8Array.from(scene.image.data)
  const warped = warpGrid(cv, scene.image, corners, 450)
  expect([warped.width, warped.height, warped.data.length]).toEqual([450, 450, 450 * 450])
  expect(Buffer.compare(Buffer.from(scene.image.data), Buffer.from(before))).toBe(0)
})

test('gridLines and gridLattice find every line within 1% of a cell of where the sheet puts it', () => {
  const corners = FIDUCIAL_SHEET.grid.map(scene.sheetToScene) as unknown as Corners
  const size = 900
  const warped = warpGrid(cv, scene.image, corners, size)
  // On the sheet the outer lines are 1.2 mm thick and inset (centre 0.6 mm inside the 144 mm
  // grid's edge); inner lines are centred on multiples of 16 mm.
  const px = (size - 1) / 144
  const expected = Array.from({ length: 10 }, (_, i) => (i === 0 ? 0.6 : i === 9 ? 143.4 : i * 16) * px)
  const cell = (size - 1) / 9
  const lines = gridLines(warped)
  lines.xs.forEach((x, i) => expect(Math.abs(x - expected[i])).toBeLessThan(0.05 * cell))
  lines.ys.forEach((y, i) => expect(Math.abs(y - expected[i])).toBeLessThan(0.05 * cell))
  const lattice = gridLattice(warped, lines)
  expect(lattice).toHaveLength(10)
  for (let j = 0; j < 10; j++) {
    for (let i = 0; i < 10; i++) {
      expect(Math.abs(lattice[j][i].x - expected[i])).toBeLessThan(0.05 * cell)
      expect(Math.abs(lattice[j][i].y - expected[j])).toBeLessThan(0.05 * cell)
    }
  }
})

test('the lattice follows a bowed line that one homography would miss', () => {
  // Warp with the top-right corner pulled 4% of a cell outwards: the homography is then wrong,
  // yet the measured lines must still be where the ink is, i.e. not at the uniform positions.
  const truth = FIDUCIAL_SHEET.grid.map(scene.sheetToScene)
  const size = 900
  const cell = (size - 1) / 9
  const shifted = [truth[0], { x: truth[1].x + 12, y: truth[1].y - 6 }, truth[2], truth[3]] as unknown as Corners
  const warped = warpGrid(cv, scene.image, shifted, size)
  const lattice = gridLattice(warped)
  // Near the top-right corner the real vertical line 9 now sits well inside the warped square.
  expect(size - 1 - lattice[0][9].x).toBeGreaterThan(0.05 * cell)
  // ...and near the bottom-left it is still where a uniform grid puts line 0.
  expect(Math.abs(lattice[9][0].x - 0.6 * ((size - 1) / 144))).toBeLessThan(0.05 * cell)
})

test('faint lines under the soft edge of a shadow are found where the ink is', () => {
  // The sheet's warped grid printed faintly (lines at about 220 grey) with a shadow's soft edge
  // across the bottom rows (a hand or the phone): the paper darkens by 60% over about a cell, a
  // slower change than a line's but a larger one, so a raw darkness peak lands on the shadow.
  const corners = FIDUCIAL_SHEET.grid.map(scene.sheetToScene) as unknown as Corners
  const size = 900
  const clean = warpGrid(cv, scene.image, corners, size)
  const cell = (size - 1) / 9
  const shadow = (y: number): number => 1 - 0.6 / (1 + Math.exp(-(y - 7.8 * cell) / (0.4 * cell)))
  const shaded = { ...clean, data: clean.data.map((v, i) => Math.round((255 - 0.15 * (255 - v)) * shadow(Math.floor(i / size)))) }
  const expected = gridLines(clean).ys
  gridLines(shaded).ys.forEach((y, j) => expect(Math.abs(y - expected[j])).toBeLessThan(0.05 * cell))
  const lattice = gridLattice(shaded)
  for (let j = 0; j < 10; j++) for (let i = 0; i < 10; i++) expect(Math.abs(lattice[j][i].y - expected[j])).toBeLessThan(0.05 * cell)
})

/**
 * A drawn 900 px grid on grey paper: thick box lines, thin light inner ones (`innerGrey`), `inset` px
 * inside the image's edges (corners found outside the border); `stroke` paints ink over it.
 */
function drawnGrid(inset = 0, innerGrey = 185): { warped: GrayImage; cell: number; stroke: (x0: number, y0: number, x1: number, y1: number) => void } {
  const size = 900
  const cell = (size - 1 - 2 * inset) / 9
  const data = new Uint8Array(size * size).fill(235)
  const paint = (x0: number, y0: number, x1: number, y1: number, grey: number): void => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(size, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(size, Math.round(x1)); x++) data[y * size + x] = grey
  }
  for (let i = 0; i < 10; i++) {
    const [half, grey] = i % 3 === 0 ? [3, 30] : [1, innerGrey]
    const at = inset + i * cell
    paint(at - half, inset, at + half + 1, size - inset, grey)
    paint(inset, at - half, size - inset, at + half + 1, grey)
  }
  return { warped: { width: size, height: size, data }, cell, stroke: (x0, y0, x1, y1) => paint(x0, y0, x1, y1, 20) }
}

test('a row of heavy written strokes beside a thin inner line does not take its place', () => {
  // The crossbars of pen 4s written heavily in four cells of one row, 15% of a cell above the thin
  // line below them: summed over the grid they are darker than that line, but they do not run
  // across it. Where the row has no strokes, the lattice then measures that line.
  const { warped, cell, stroke } = drawnGrid()
  const bar = 4 * cell - 0.15 * cell
  for (const col of [5, 6, 7, 8]) stroke((col + 0.2) * cell, bar - 3, (col + 0.85) * cell, bar + 3)
  expect(Math.abs(gridLines(warped).ys[4] - 4 * cell)).toBeLessThan(0.05 * cell)
  const lattice = gridLattice(warped)
  for (let i = 0; i < 5; i++) expect(Math.abs(lattice[4][i].y - 4 * cell)).toBeLessThan(0.05 * cell)
})

test('the lattice keeps a thin line beside the heavy base of one written digit', () => {
  // The base of a pen 2 across most of one cell, 12% of a cell above the thin line below it: the
  // band searched for the crossings either side of that cell holds more of the stroke than of the
  // line, but only the line runs through the cells on both sides of a crossing.
  const { warped, cell, stroke } = drawnGrid()
  const base = 4 * cell - 0.12 * cell
  stroke(2.1 * cell, base - 3, 2.9 * cell, base + 3)
  const lattice = gridLattice(warped)
  for (let i = 0; i < 10; i++) expect(Math.abs(lattice[4][i].y - 4 * cell)).toBeLessThan(0.05 * cell)
})

test("pencil marks against a thin line in a cell on the grid's border do not pull the line's end", () => {
  // Marks 3, 6 and 9 in r1c7, their right strokes an eighth of a cell left of the thin line at the
  // cell's right: at the border only the grid's side of the crossing is measured, where the strokes
  // outweigh the light line. The line's end then steps unlike its neighbours' and is put back.
  const { warped, cell, stroke } = drawnGrid()
  const line = 7 * cell
  for (const row of [0, 1, 2]) stroke(line - 0.125 * cell, (0.06 + row * 0.31) * cell, line - 0.125 * cell + 3, (0.3 + row * 0.31) * cell)
  const lattice = gridLattice(warped)
  for (let j = 0; j < 10; j++) expect(Math.abs(lattice[j][7].x - line)).toBeLessThan(0.05 * cell)
})

test('corners found a sixth of a cell outside the border: the inner lines are found where the border spaces them, not on a column of digits', () => {
  // The right strokes of five printed digits in the first column (rows 1, 2, 5, 7 and 9), where the
  // nine equal slices of the warped image put the first inner line's window's near end.
  const inset = 17
  const { warped, cell, stroke } = drawnGrid(inset)
  for (const row of [0, 1, 4, 6, 8]) stroke(inset + 0.5 * cell, inset + (row + 0.25) * cell, inset + 0.62 * cell, inset + (row + 0.75) * cell)
  const { xs } = gridLines(warped)
  xs.forEach((x, i) => expect(Math.abs(x - (inset + i * cell))).toBeLessThan(0.05 * cell))
  const lattice = gridLattice(warped)
  for (let j = 0; j < 10; j++) expect(Math.abs(lattice[j][1].x - (inset + cell))).toBeLessThan(0.05 * cell)
})

test('pencil marks in the left column of three stacked cells do not pull two crossings of the line beside them', () => {
  // Marks 7 in r6c3, 4 and 7 in r7c3 and 4 in r8c3, their left strokes a sixth of a cell right of
  // the thin line at the cells' left: at the crossings above and below r7c3 they run through both
  // cells beside the crossing, as the line does, and outweigh the light line there.
  const { warped, cell, stroke } = drawnGrid()
  const line = 2 * cell
  const marks: [row: number, from: number][] = [
    [5, 0.7],
    [6, 0.38],
    [6, 0.7],
    [7, 0.38],
  ]
  for (const [row, from] of marks) stroke(line + 0.16 * cell, (row + from) * cell, line + 0.16 * cell + 4, (row + from + 0.25) * cell)
  const lattice = gridLattice(warped)
  for (let j = 0; j < 10; j++) expect(Math.abs(lattice[j][2].x - line)).toBeLessThan(0.05 * cell)
})

test('a row of bold printed digits between two faint inner lines does not pull them onto its edges', () => {
  // Seven bold digits across row 5, from a fifth of a cell below its top line to a fifth above its
  // bottom one, and inner lines barely darker than the paper (a light grey, as bench:styles prints
  // them): each line's search window ends on the flank of the digits' edges just beyond it, higher
  // there than the faint line within it.
  const { warped, cell, stroke } = drawnGrid(0, 225)
  for (const col of [1, 2, 3, 4, 5, 6, 7]) stroke((col + 0.3) * cell, 4.21 * cell, (col + 0.7) * cell, 4.79 * cell)
  const { ys } = gridLines(warped)
  for (const j of [4, 5]) expect(Math.abs(ys[j] - j * cell)).toBeLessThan(0.05 * cell)
  const lattice = gridLattice(warped)
  for (const j of [4, 5]) for (let i = 0; i < 10; i++) expect(Math.abs(lattice[j][i].y - j * cell)).toBeLessThan(0.05 * cell)
})
