/** cells/extract-cells.ts on real photos (warped by their hand-made outlines) and on synthetic pages. */
import '../opencv-node'
import { beforeAll, describe, expect, it } from 'vitest'
import { CELL_IMAGE_SIZE, extractCells } from '../../../../src/shared/vision/cells/extract-cells'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import type { GrayImage } from '../../../../src/shared/vision/core/image'
import { gridLattice, warpGrid } from '../../../../src/shared/vision/grid/warp'
import { TEST_PHOTOS, photo, photoPixels } from '../photos'

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

/** A 900 px page of grey paper (235) ruled into 9×9 cells by 5 px black lines, and a pen to draw on it. */
function ruledPage(): { size: number; page: Uint8Array; dot: (x: number, y: number, v: number) => void } {
  const size = 900
  const page = new Uint8Array(size * size).fill(235)
  const dot = (x: number, y: number, v: number): void => void (page[Math.round(y) * size + Math.round(x)] = v)
  for (let k = 0; k <= 9; k++)
    for (let t = 0; t < 5; t++)
      for (let i = 0; i < size; i++) {
        dot(i, Math.min(size - 1, k * 100 + t), 20)
        dot(Math.min(size - 1, k * 100 + t), i, 20)
      }
  return { size, page, dot }
}

describe('extractCells', () => {
  it.each(TEST_PHOTOS)('finds exactly the given digits of %s', async (name) => {
    const p = photo(name)
    const { gray } = await photoPixels(name)
    const warped = warpGrid(cv, gray, p.outline!)
    const { cells } = extractCells(cv, warped, gridLattice(warped))
    expect(cells).toHaveLength(81)
    const filled = cells.map((c) => c.filled)
    expect(filled).toEqual(Array.from(p.truth, (d) => d > 0))
    for (const cell of cells) {
      expect(cell.image.width).toBe(CELL_IMAGE_SIZE)
      expect(cell.image.data).toHaveLength(CELL_IMAGE_SIZE * CELL_IMAGE_SIZE)
      // White paper round the digit: the outer 8-pixel frame is blank.
      for (let i = 0; i < CELL_IMAGE_SIZE; i++) {
        expect(cell.image.data[i]).toBe(255)
        expect(cell.image.data[(CELL_IMAGE_SIZE - 1) * CELL_IMAGE_SIZE + i]).toBe(255)
      }
    }
    // A filled cell's digit is dark, centred, and about 40 px high.
    for (const cell of cells.filter((c) => c.filled)) {
      let top = CELL_IMAGE_SIZE
      let bottom = -1
      let dark = 0
      for (let y = 0; y < CELL_IMAGE_SIZE; y++)
        for (let x = 0; x < CELL_IMAGE_SIZE; x++)
          if (cell.image.data[y * CELL_IMAGE_SIZE + x] < 128) {
            dark++
            top = Math.min(top, y)
            bottom = Math.max(bottom, y)
          }
      expect(dark).toBeGreaterThan(60)
      expect(bottom - top + 1).toBeGreaterThanOrEqual(36)
      expect(bottom - top + 1).toBeLessThanOrEqual(42)
      expect(Math.abs((top + bottom) / 2 - CELL_IMAGE_SIZE / 2)).toBeLessThan(3)
    }
  })

  // image71 and image195 (the same printed puzzle) lie under glare: the 7 at r1c2 is only ~20 grey
  // levels darker than the paper round it, below the grid-wide ink threshold.
  it.each(['image71', 'image195'])('finds the glare-washed 7 of %s and draws it clearly', async (name) => {
    const p = photo(name)
    const { gray } = await photoPixels(name)
    const warped = warpGrid(cv, gray, p.outline!)
    const { cells } = extractCells(cv, warped, gridLattice(warped))
    expect(p.truth[1]).toBe(7)
    expect(cells[1].filled).toBe(true)
    expect(cells.map((c) => c.filled)).toEqual(Array.from(p.truth, (d) => d > 0))
    // The crop is a solid dark digit of the standard height, not a grey smear.
    const data = cells[1].image.data
    let dark = 0
    let top = CELL_IMAGE_SIZE
    let bottom = -1
    for (let y = 0; y < CELL_IMAGE_SIZE; y++)
      for (let x = 0; x < CELL_IMAGE_SIZE; x++)
        if (data[y * CELL_IMAGE_SIZE + x] < 64) {
          dark++
          top = Math.min(top, y)
          bottom = Math.max(bottom, y)
        }
    expect(dark).toBeGreaterThan(150)
    expect(bottom - top + 1).toBeGreaterThanOrEqual(36)
  })

  // image201: a heavy shadow over half the page; image1045: crumpled paper with grey smudges,
  // some as dark as the faint grid lines. Neither may turn an empty cell into a given.
  it.each(['image201', 'image1045'])('fills no empty cell of %s (shadow, smudges)', async (name) => {
    const p = photo(name)
    const { gray } = await photoPixels(name)
    const warped = warpGrid(cv, gray, p.outline!)
    const { cells } = extractCells(cv, warped, gridLattice(warped))
    const wronglyFilled = cells.flatMap((c, i) => (c.filled && p.truth[i] === 0 ? [i] : []))
    expect(wronglyFilled).toEqual([])
    expect(cells.map((c) => c.filled)).toEqual(Array.from(p.truth, (d) => d > 0))
  })

  it('finds nothing on a blank page and a ruled grid with no digits', () => {
    const blank: GrayImage = { width: 900, height: 900, data: new Uint8Array(900 * 900).fill(230) }
    expect(extractCells(cv, blank).cells.some((c) => c.filled)).toBe(false)
    const ruled = new Uint8Array(900 * 900).fill(235)
    for (let k = 0; k <= 9; k++) {
      const at = Math.min(897, k * 100)
      for (let t = 0; t < 3; t++)
        for (let i = 0; i < 900; i++) {
          ruled[(at + t) * 900 + i] = 40
          ruled[i * 900 + at + t] = 40
        }
    }
    const { cells } = extractCells(cv, { width: 900, height: 900, data: ruled })
    expect(cells.filter((c) => c.filled)).toHaveLength(0)
  })

  it('draws a hairline digit whole, not just the stem the grid-wide cut keeps', () => {
    // A ruled grid with thick black lines and, in some cells, a Didone-like "9": a heavy black stem
    // and a bowl drawn in hairline grey. The grid-wide Otsu cut keeps the stem only.
    const { size, page, dot } = ruledPage()
    const cellsWithNine = [10, 40, 70]
    for (const cell of cellsWithNine) {
      const cx = (cell % 9) * 100 + 50
      const cy = Math.floor(cell / 9) * 100 + 50
      for (let y = cy - 24; y <= cy + 24; y++) for (let x = cx + 10; x <= cx + 17; x++) dot(x, y, 15)
      for (let a = 0; a < 2 * Math.PI; a += 0.01) for (let r = 12; r <= 13.5; r += 0.5) dot(cx + 2 + r * Math.cos(a), cy - 10 + r * Math.sin(a), 150)
    }
    const { cells } = extractCells(cv, { width: size, height: size, data: page })
    for (const cell of cellsWithNine) {
      expect(cells[cell].filled).toBe(true)
      // The crop's ink spans the bowl and the stem: far wider than the 8 px stem scaled up.
      const img = cells[cell].image
      let left = CELL_IMAGE_SIZE
      let right = -1
      for (let y = 0; y < CELL_IMAGE_SIZE; y++)
        for (let x = 0; x < CELL_IMAGE_SIZE; x++)
          if (img.data[y * CELL_IMAGE_SIZE + x] < 128) {
            left = Math.min(left, x)
            right = Math.max(right, x)
          }
      expect(right - left + 1).toBeGreaterThan(22)
    }
  })

  it('draws a light pen digit whole, not only the pieces the grid-wide cut keeps', () => {
    // A written "3" whose lower bowl is as dark as the print and the grid lines (pressed harder)
    // and whose upper bowl is a light stroke, lighter than the grid-wide cut those set.
    const { size, page, dot } = ruledPage()
    const threes = [10, 40, 70]
    for (const cell of threes) {
      const [cx, cy] = [(cell % 9) * 100 + 50, Math.floor(cell / 9) * 100 + 50]
      // Two right-facing bowls of radius 12 (a "3" 48 px high, 13 px wide), 2 px strokes.
      for (let a = -Math.PI / 2; a <= Math.PI / 2; a += 0.01)
        for (let r = 11; r <= 12.5; r += 0.5) {
          dot(cx + r * Math.cos(a), cy - 12 + r * Math.sin(a), 150)
          dot(cx + r * Math.cos(a), cy + 12 + r * Math.sin(a), 15)
        }
    }
    const { cells } = extractCells(cv, { width: size, height: size, data: page })
    for (const cell of threes) {
      expect(cells[cell].filled).toBe(true)
      // Whole, the digit is ~0.3 as wide as high; its lower bowl alone would be ~0.55.
      const img = cells[cell].image
      let [left, right, top, bottom] = [CELL_IMAGE_SIZE, -1, CELL_IMAGE_SIZE, -1]
      for (let y = 0; y < CELL_IMAGE_SIZE; y++)
        for (let x = 0; x < CELL_IMAGE_SIZE; x++)
          if (img.data[y * CELL_IMAGE_SIZE + x] < 128)
            [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)]
      expect((right - left + 1) / (bottom - top + 1)).toBeLessThan(0.4)
    }
  })

  it('does not modify its input', async () => {
    const p = photo('image1')
    const { gray } = await photoPixels('image1')
    const warped = warpGrid(cv, gray, p.outline!)
    const copy = Uint8Array.from(warped.data)
    extractCells(cv, warped)
    expect(warped.data).toEqual(copy)
  })
})
