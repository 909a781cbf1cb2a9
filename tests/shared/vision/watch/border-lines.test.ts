/** Corners moved onto the border's lines before the cells' ink is measured. */
import { describe, expect, it } from 'vitest'
import { onBorderLines } from '../../../../src/shared/vision/watch/border-lines'
import type { Corners, Point } from '../../../../src/shared/vision/core/image'
import { drawnGridPage } from '../drawn-grid'

/** The drawn page's brightness between pixels (nearest), NaN outside it. */
function page(draw?: Parameters<typeof drawnGridPage>[0]): (x: number, y: number) => number {
  const { width, height, data } = drawnGridPage(draw)
  return (x, y) => (x < 0 || y < 0 || x > width - 1 || y > height - 1 ? Number.NaN : data[Math.round(y) * width + Math.round(x)])
}
/** The border lines' middles: each line covers two pixels, 20-21 and 380-381. */
const BORDER: Corners = [
  { x: 20.5, y: 20.5 },
  { x: 380.5, y: 20.5 },
  { x: 380.5, y: 380.5 },
  { x: 20.5, y: 380.5 },
]
const grown = (by: number): Corners => BORDER.map((p) => ({ x: p.x + Math.sign(p.x - 200) * by, y: p.y + Math.sign(p.y - 200) * by })) as unknown as Corners
const worst = (a: Corners, b: readonly Point[]) => Math.max(...a.map((p, k) => Math.hypot(p.x - b[k].x, p.y - b[k].y)))

describe('onBorderLines', () => {
  it('puts sides found pixels outside or inside the border back on its lines', () => {
    const brightness = page()
    for (const by of [-5, -2, 3, 7]) expect(worst(onBorderLines(brightness, grown(by)), BORDER)).toBeLessThan(1)
  })

  it('moves each side on its own, so a side already on the border stays', () => {
    const found = BORDER.map((p, k) => (k === 1 || k === 2 ? { x: p.x + 6, y: p.y } : p)) as unknown as Corners
    expect(worst(onBorderLines(page(), found), BORDER)).toBeLessThan(1)
  })

  it('keeps to the border where text runs just outside part of it', () => {
    // Words 6 px tall, 4 px above the top border, over half its length: darker than the line in places.
    const brightness = page((set) => {
      for (let x = 40; x < 220; x++) if (x % 12 < 7) for (let y = 10; y < 16; y++) set(x, y, 10)
    })
    expect(worst(onBorderLines(brightness, grown(4)), BORDER)).toBeLessThan(1)
  })

  it('keeps to the border where a desk darker than its line lies just beyond the paper', () => {
    // A cut-out: the paper ends 6 px right of the border, on a desk darker than the line, within reach of the side found.
    const brightness = page((set) => {
      for (let x = 388; x < 400; x++) for (let y = 0; y < 400; y++) set(x, y, 25)
    })
    expect(worst(onBorderLines(brightness, grown(4)), BORDER)).toBeLessThan(1)
  })

  it('moves a side towards a faint border by degrees, so a line as dark as the cut does not make it jump', () => {
    // The top border printed faint, at 84-86% of the paper: as light shifts its darkness across
    // the cut, the side found 3 px out moves less and less of the way, never by a jump.
    const topSide = (grey: number) =>
      onBorderLines(
        page((set) => {
          for (let x = 22; x < 380; x++) for (const y of [20, 21]) set(x, y, grey)
        }),
        grown(3),
      )[0].y
    const tops = [197, 199, 201, 203].map(topSide)
    expect(tops[0]).toBeCloseTo(BORDER[0].y, 0)
    for (let k = 1; k < tops.length; k++) expect(Math.abs(tops[k] - tops[k - 1])).toBeLessThan(1)
    expect(tops[3]).toBeLessThan(tops[0])
  })

  it('finds a border lying right at the edge of the image', () => {
    // The view's top edge 1 px above the border: the offsets further out are out of the image.
    const brightness = page()
    const cut = (x: number, y: number) => (y < 19 ? Number.NaN : brightness(x, y))
    const moved = onBorderLines(cut, grown(3))
    expect(moved.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true)
    // Next to the image's edge there is no parabola through the darkest offset: to an offset, a pixel here.
    expect(worst(moved, BORDER)).toBeLessThan(1.5)
  })

  it('leaves a side with no line within reach where it was found', () => {
    // The view cut through the grid's top row: the top side sees no line within reach and stays; the others move.
    const brightness = page()
    const cut = (x: number, y: number) => (y < 25 ? Number.NaN : brightness(x, y))
    const found = grown(3)
    const moved = onBorderLines(cut, found)
    expect(moved[0].y).toBeCloseTo(found[0].y, 5)
    expect(moved[3].y).toBeCloseTo(BORDER[3].y, 0)
  })
})
