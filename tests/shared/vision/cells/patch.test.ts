/**
 * Cell patches (cells/patch.ts): each cell's region between its bounds, less the inset, averaged
 * by area into PATCH_SIDE x PATCH_SIDE.
 */
import { describe, expect, it } from 'vitest'
import { cellPatches, PATCH_INSET, PATCH_SIDE } from '../../../../src/shared/vision/cells/patch'
import type { CellBounds } from '../../../../src/shared/vision/cells/extract-cells'
import type { GrayImage } from '../../../../src/shared/vision/core/image'

function image(width: number, height: number, at: (x: number, y: number) => number): GrayImage {
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = at(x, y)
  return { width, height, data }
}

const mean = (d: Uint8Array): number => d.reduce((s, v) => s + v, 0) / d.length

describe('cellPatches', () => {
  it('cuts one patch per cell, each from its own bounds', () => {
    // A 2x1 "grid": left cell black, right cell white.
    const flat = image(200, 100, (x) => (x < 100 ? 0 : 255))
    const bounds: CellBounds[] = [
      { left: 0, top: 0, right: 100, bottom: 100 },
      { left: 100, top: 0, right: 200, bottom: 100 },
    ]
    const [a, b] = cellPatches(flat, bounds)
    expect([a.width, a.height, b.width, b.height]).toEqual([PATCH_SIDE, PATCH_SIDE, PATCH_SIDE, PATCH_SIDE])
    expect(mean(a.data)).toBe(0)
    expect(mean(b.data)).toBe(255)
  })

  it('averages by area, so a fine pattern keeps its mean and fractional bounds count', () => {
    // 1-px stripes at 97 px across 32 patch pixels (~3.03 source px each): every patch pixel is
    // close to the stripes' mean, not one stripe's value (which nearest sampling would give).
    const flat = image(97, 97, (x) => (x % 2 ? 200 : 100))
    const [p] = cellPatches(flat, [{ left: 0, top: 0, right: 97, bottom: 97 }], PATCH_SIDE, 0)
    for (const v of p.data) expect(Math.abs(v - 150)).toBeLessThanOrEqual(35)
    expect(Math.abs(mean(p.data) - 150)).toBeLessThan(2)
  })

  it('leaves the lines out: the inset drops a border band of the cell', () => {
    // A 100 px cell with a 3 px dark frame (grid lines through its bounds) and white inside.
    const flat = image(100, 100, (x, y) => (x < 3 || y < 3 || x >= 97 || y >= 97 ? 0 : 255))
    const [p] = cellPatches(flat, [{ left: 0, top: 0, right: 100, bottom: 100 }])
    expect(PATCH_INSET * 100).toBeGreaterThanOrEqual(3)
    expect(Math.min(...p.data)).toBe(255)
    const [framed] = cellPatches(flat, [{ left: 0, top: 0, right: 100, bottom: 100 }], PATCH_SIDE, 0)
    expect(Math.min(...framed.data)).toBeLessThan(50)
  })

  it('repeats the edge for bounds that run past the image', () => {
    const flat = image(50, 50, () => 77)
    const [p] = cellPatches(flat, [{ left: -10, top: -10, right: 60, bottom: 60 }])
    expect(Math.min(...p.data)).toBe(77)
    expect(Math.max(...p.data)).toBe(77)
  })
})
