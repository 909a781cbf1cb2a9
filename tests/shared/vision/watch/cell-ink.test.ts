/** The cheap per-cell look used to watch a page: ink counts pen strokes, shade drops under a hand. */
import { describe, expect, it } from 'vitest'
import { RIM_EDGES, cellInk, cellsBesideRimEdge } from '../../../../src/shared/vision/watch/cell-ink'
import type { Corners } from '../../../../src/shared/vision/core/image'
import { DRAWN_GRID_CORNERS, type SetPixel, drawnGridPage, fillInCell, pixelSetter } from '../drawn-grid'

describe('cellInk', () => {
  it('sees a pen stroke in its cell only, and leaves the grid lines out', () => {
    const image = drawnGridPage((set) => fillInCell(set, 4, 6, [18, 22], [10, 30], 30))
    const { ink, shade } = cellInk(image, DRAWN_GRID_CORNERS)
    expect(ink[4 * 9 + 6]).toBeGreaterThan(0.05)
    expect(Math.max(...ink.filter((_, c) => c !== 42))).toBeLessThan(0.005)
    expect(Math.min(...shade)).toBeGreaterThan(0.85)
  })

  it("reads an empty cell in the page's shadow as empty, and a stroke there as in the light", () => {
    // The same stroke in r5c7 and r8c2; the bottom left 3×3 cells in a shadow at 60% of the light
    // (a page curling away from the lamp: darker than INK_NONE against the page's paper).
    const image = drawnGridPage((set) => {
      for (const [row, col] of [
        [4, 6],
        [7, 1],
      ])
        fillInCell(set, row, col, [19, 21], [10, 30], 30)
    })
    for (let y = 260; y < 400; y++) for (let x = 0; x < 140; x++) image.data[y * image.width + x] *= 0.6
    const { ink } = cellInk(image, DRAWN_GRID_CORNERS)
    const shaded = [6 * 9, 6 * 9 + 1, 7 * 9, 8 * 9 + 2]
    expect(Math.max(...shaded.map((c) => ink[c]))).toBeLessThan(0.005)
    expect(ink[7 * 9 + 1]).toBeGreaterThan(0.8 * ink[4 * 9 + 6])
    expect(ink[7 * 9 + 1]).toBeLessThan(1.2 * ink[4 * 9 + 6])
  })

  it('counts a pencil mark on paper a little dimmer than the rest of the page as in the light', () => {
    // The same grey mark in r2c2 and r2c7; the top right 4×5 cells lit at 92% of the rest.
    const mark = (set: SetPixel, col: number) => fillInCell(set, 1, col, [8, 12], [8, 16], 130)
    const image = drawnGridPage((set) => mark(set, 1))
    for (let y = 0; y < 180; y++) for (let x = 180; x < 400; x++) image.data[y * image.width + x] *= 0.92
    mark(pixelSetter(image), 6)
    const { ink } = cellInk(image, DRAWN_GRID_CORNERS)
    expect(ink[9 + 1]).toBeGreaterThan(0.01)
    // Its edges, blurred into the dimmer paper, are a little darker there.
    expect(ink[9 + 6]).toBeGreaterThan(0.95 * ink[9 + 1])
    expect(ink[9 + 6]).toBeLessThan(1.15 * ink[9 + 1])
  })

  it("counts light pencil marks near a cell's edge, where a grid line's ink is left out", () => {
    // Candidates 1 and 2 of r3c3, 4 px marks in the top third of the cell, pencil grey.
    const image = drawnGridPage((set) => {
      for (const cx of [7, 20]) fillInCell(set, 2, 2, [cx - 2, cx + 2], [5, 9], 110)
    })
    const { ink } = cellInk(image, DRAWN_GRID_CORNERS)
    expect(ink[2 * 9 + 2]).toBeGreaterThan(0.01)
  })

  it('measures a hand as a darker, tinted cell, and a hand beside the grid as a tinted band outside it', () => {
    const gray = drawnGridPage((set) => {
      for (let y = 100; y < 260; y++) for (let x = 100; x < 260; x++) set(x, y, 170)
      // A finger just right of the grid, beside r5c9 (rows 180-220).
      for (let y = 185; y < 215; y++) for (let x = 384; x < 400; x++) set(x, y, 170)
    })
    // The same page in colour, the hand in skin tones (as bright as the grey one).
    const data = new Uint8Array(gray.data.length * 4)
    gray.data.forEach((v, i) => data.set(v === 170 ? [215, 160, 130, 255] : [v, v, v, 255], i * 4))
    const { shade, tint, rimTint } = cellInk({ width: gray.width, height: gray.height, data }, DRAWN_GRID_CORNERS)
    const under = 4 * 9 + 4
    expect(shade[under]).toBeLessThan(0.8)
    expect(tint[under]).toBeGreaterThan(0.3)
    expect(tint[0]).toBeLessThan(0.01)
    const rightR5 = 9 + 4
    expect(rimTint[rightR5]).toBeGreaterThan(0.15)
    expect(Math.max(...rimTint.filter((_, e) => e !== rightR5))).toBeLessThan(0.01)
  })

  it("sees a pen crossing the band just outside the grid's edge, not the outer line, and nothing where the band leaves the image", () => {
    // A pen shaft, 6 px wide, from r9c8's lower half down out of the grid.
    const image = drawnGridPage((set) => {
      for (let y = 360; y < 400; y++) for (let x = 310; x < 316; x++) set(x, y, 25)
    })
    const { rim } = cellInk(image, DRAWN_GRID_CORNERS)
    const bottom = (col: number) => 18 + col
    expect(rim[bottom(7)]).toBeGreaterThan(0.1)
    const others = [...rim].filter((_, e) => e !== bottom(7))
    expect(Math.max(...others)).toBeLessThan(0.01)
    expect(cellsBesideRimEdge(bottom(7))).toEqual([78, 79, 80])
    expect(cellsBesideRimEdge(9)).toEqual([8, 17])
    // The grid filling the image: the band is outside it, unknown.
    const tight: Corners = [
      { x: 2, y: 2 },
      { x: 397, y: 2 },
      { x: 397, y: 397 },
      { x: 2, y: 397 },
    ]
    expect(cellInk(image, tight).rim.filter(Number.isNaN)).toHaveLength(RIM_EDGES)
  })

  it('counts a printed rule beside the border the same as the corners found tilt by a pixel, and sees a pen crossing the band aslant where two edges meet', () => {
    // A 1 px rule 9 px right of the border's middle (0.22 cell out), as a newspaper's box around the puzzle has.
    const ruled = drawnGridPage((set) => {
      for (let y = 0; y < 400; y++) set(389, y, 60)
    })
    const right = (rim: Float32Array) => [...Array(9).keys()].map((row) => rim[9 + row])
    const rims = [-1, -0.5, 0, 0.5, 1].map((tilt) => {
      const corners: Corners = [DRAWN_GRID_CORNERS[0], { x: 380 + tilt, y: 20 }, { x: 380 - tilt, y: 380 }, DRAWN_GRID_CORNERS[3]]
      return right(cellInk(ruled, corners).rim)
    })
    const all = rims.flat()
    expect(Math.max(...all) - Math.min(...all)).toBeLessThan(0.03)
    // A pen shaft 8 px across, at 45°, crossing the bottom band where the edges of columns 7 and 8 meet (x = 300).
    const crossed = drawnGridPage((set) => {
      for (let t = 0; t < 30; t++) for (let w = 0; w < 8; w++) set(282 + t + w, 375 + t, 25)
    })
    const { rim } = cellInk(crossed, DRAWN_GRID_CORNERS)
    const bottom = (col: number) => 18 + col
    expect(Math.max(rim[bottom(6)], rim[bottom(7)])).toBeGreaterThan(0.1)
  })

  it('leaves the border out of the cells beside it where the corners were found pixels outside it', () => {
    // Corners 7 px out, as a grid found only by the lattice of its boxes can have them: the border
    // then lies 7-9 px inside the cells along it, past their margins.
    const image = drawnGridPage((set) => fillInCell(set, 0, 3, [18, 22], [10, 30], 30))
    const out = DRAWN_GRID_CORNERS.map((p) => ({ x: p.x + Math.sign(p.x - 200) * 7, y: p.y + Math.sign(p.y - 200) * 7 })) as unknown as Corners
    const { ink } = cellInk(image, out)
    expect(ink[3]).toBeGreaterThan(0.05)
    expect(Math.max(...ink.filter((_, c) => c !== 3))).toBeLessThan(0.005)
  })

  it("keeps a grid line that bends into a cell's middle out of its ink as the corners move by a pixel, and a digit in", () => {
    // r5c5's left line drawn 4-5 px into the cell, where a bent page puts it, and a pen stroke in r5c6.
    const image = drawnGridPage((set) => {
      fillInCell(set, 4, 4, [4, 6], [0, 40], 40)
      fillInCell(set, 4, 5, [18, 22], [10, 30], 30)
    })
    const moved = (dx: number): Corners => DRAWN_GRID_CORNERS.map((p) => ({ x: p.x + dx, y: p.y })) as unknown as Corners
    const looks = [-1, 0, 1].map((dx) => cellInk(image, moved(dx)).ink)
    for (const ink of looks) {
      expect(ink[4 * 9 + 4]).toBeLessThan(0.003)
      expect(ink[4 * 9 + 5]).toBeGreaterThan(0.05)
    }
  })
})
