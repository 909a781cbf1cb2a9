/** A page drawn pixel by pixel for the watch's tests: white paper and a grid of 2 px lines, and whatever a test adds. */
import { distance } from '../../../src/shared/vision/core/geometry'
import type { Corners, GrayImage } from '../../../src/shared/vision/core/image'

const SIDE = 400
/** The grid's top-left pixel and its cells' pitch: lines cover pixels 20-21, 60-61, ..., 380-381. */
const FROM = 20
const PITCH = 40

/** Sets one pixel of a page to a grey. */
export type SetPixel = (x: number, y: number, v: number) => void

/** A 400×400 grey page: paper at 235, grid lines at 40, then `draw`'s strokes. */
export function drawnGridPage(draw: (set: SetPixel) => void = () => {}): GrayImage {
  const data = new Uint8Array(SIDE * SIDE).fill(235)
  const set = pixelSetter({ width: SIDE, height: SIDE, data })
  for (let i = 0; i <= 9; i++)
    for (let t = FROM; t <= FROM + 9 * PITCH + 1; t++)
      for (const w of [0, 1]) {
        set(FROM + i * PITCH + w, t, 40)
        set(t, FROM + i * PITCH + w, 40)
      }
  draw(set)
  return { width: SIDE, height: SIDE, data }
}

/** The grid's outer corners as a detector gives them: the border's outer edge. */
export const DRAWN_GRID_CORNERS: Corners = [
  { x: FROM, y: FROM },
  { x: FROM + 9 * PITCH, y: FROM },
  { x: FROM + 9 * PITCH, y: FROM + 9 * PITCH },
  { x: FROM, y: FROM + 9 * PITCH },
]

/** Cell (row, col)'s pixel origin. */
export const cellOrigin = (row: number, col: number) => ({ x: FROM + col * PITCH, y: FROM + row * PITCH })

/** A setter of a page's pixels, for strokes drawn after drawnGridPage's. */
export const pixelSetter =
  (image: GrayImage): SetPixel =>
  (x, y, v) =>
    (image.data[y * image.width + x] = v)

/** Fills cell (row, col)'s pixels `across` and `down` its origin ([from, to), to excluded) with grey `value`. */
export function fillInCell(set: SetPixel, row: number, col: number, across: readonly [number, number], down: readonly [number, number], value: number): void {
  const { x, y } = cellOrigin(row, col)
  for (let t = down[0]; t < down[1]; t++) for (let w = across[0]; w < across[1]; w++) set(x + w, y + t, value)
}

/** The square quad of a grid of `cell`-pixel cells whose top-left corner is at (`left`, `top`), moved `across` and `down` whole cells. */
export function gridQuad(left: number, top: number, cell: number, across = 0, down = 0): Corners {
  const x0 = left + across * cell
  const y0 = top + down * cell
  const side = 9 * cell
  return [
    { x: x0, y: y0 },
    { x: x0 + side, y: y0 },
    { x: x0 + side, y: y0 + side },
    { x: x0, y: y0 + side },
  ]
}

/** How far apart two quads are: the largest distance between their corners. */
export const quadsApart = (a: Corners, b: Corners): number => Math.max(...a.map((p, i) => distance(p, b[i])))
