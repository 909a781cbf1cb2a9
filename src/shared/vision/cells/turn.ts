/** Which way up a page is: its digits lying sideways or reading surer upside down. */
import { CELLS } from '../../sudoku/board'
import type { Corners, GrayImage } from '../core/image'
import type { CellImage } from './extract-cells'

/**
 * How much surer a page must read upside down to be turned. Set from the shared photos: upright
 * pages read 0.07+ surer upright, the upside-down one 0.28 surer turned.
 */
const TURN_MARGIN = 0.1

/**
 * Quarter turns (clockwise) that put the page upright: if its digits lie sideways, whichever of 0, 1
 * or 3 reads surest; else 2 if clearly surer upside down. Without cheap judges that test is skipped.
 */
export async function pageTurn(
  cells: readonly CellImage[],
  cutTurned: (turn: 1 | 3) => readonly CellImage[],
  sureness: (cells: readonly CellImage[]) => Promise<number>,
  cheapJudges: boolean,
): Promise<0 | 1 | 2 | 3> {
  if (isSideways(cells)) {
    let best: { turn: 0 | 1 | 3; sure: number } = { turn: 0, sure: await sureness(cells) }
    for (const turn of [1, 3] as const) {
      const sure = await sureness(cutTurned(turn))
      if (sure > best.sure) best = { turn, sure }
    }
    return best.turn
  }
  if (!cheapJudges) return 0
  return (await sureness(upsideDown(cells))) > (await sureness(cells)) + TURN_MARGIN ? 2 : 0
}

/** The page turned upside down: each cell's image turned in place, the cells in reverse order. */
function upsideDown(cells: readonly CellImage[]): CellImage[] {
  return cells.map((_, i) => {
    const cell = cells[CELLS - 1 - i]
    return { ...cell, image: { ...cell.image, data: Uint8Array.from(cell.image.data).reverse() } }
  })
}

/** True when most filled cells' ink is clearly wider than tall (digits are taller than wide). */
export function isSideways(cells: readonly CellImage[]): boolean {
  const boxes = cells.filter((c) => c.filled && c.box).map((c) => c.box!)
  if (boxes.length < 8) return false
  const wide = boxes.filter((b) => b.width > 1.15 * b.height).length
  return wide > 0.6 * boxes.length
}

/** The image turned clockwise by `turns` quarter turns. */
export function rotateQuarter(image: GrayImage, turns: 1 | 2 | 3): GrayImage {
  const { width: w, height: h, data } = image
  const ow = turns === 2 ? w : h
  const oh = turns === 2 ? h : w
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [nx, ny] = turns === 1 ? [h - 1 - y, x] : turns === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x]
      out[ny * ow + nx] = data[y * w + x]
    }
  return { width: ow, height: oh, data: out }
}

/** The corners as seen after turning the page clockwise by `turns` quarter turns. */
export function rotateCorners(c: Corners, turns: 1 | 2 | 3): Corners {
  // Turning clockwise once, the new top-left is the old bottom-left.
  return [0, 1, 2, 3].map((k) => c[(k + 4 - turns) % 4]) as unknown as Corners
}
