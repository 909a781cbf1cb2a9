/** Each cell's edges in the warped grid, and the crop inside them where its digit is sought. */
import type { DigitBox } from './blobs'
import type { Box, CellBounds } from './extract-cells'
import type { GrayImage, Point } from '../core/image'

/** Share of each cell side where grid lines run (its border band). Chosen by hand. */
export const BORDER = 0.12
/** Margin (share of the side) between a cell's edges and its crop. Chosen by hand. */
const MARGIN = 0.04

/** Where a cell's digit is sought: the cell less MARGIN on each side, clipped to the image. */
export interface CellCrop {
  /** The cell's shorter side, in warped pixels. */
  readonly side: number
  readonly x0: number
  readonly y0: number
  readonly w: number
  readonly h: number
  readonly band: number
}

/** Each cell's edges, row-major: the means of its four `lattice` corners (which follow curved paper), else nine equal slices. */
export function cellBoundsOf(width: number, height: number, lattice?: readonly (readonly Point[])[]): CellBounds[] {
  const cellW = width / 9
  const cellH = height / 9
  const at = (r: number, c: number): Point => lattice?.[r]?.[c] ?? { x: c * cellW, y: r * cellH }
  const bounds: CellBounds[] = []
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const [tl, tr, br, bl] = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)]
      bounds.push({ left: (tl.x + bl.x) / 2, top: (tl.y + tr.y) / 2, right: (tr.x + br.x) / 2, bottom: (bl.y + br.y) / 2 })
    }
  }
  return bounds
}

/** The crop of a cell inside the warped grid's `width`×`height`. */
export function cellCrop(cell: CellBounds, width: number, height: number): CellCrop {
  const { left, top, right, bottom } = cell
  const side = Math.min(right - left, bottom - top)
  const x0 = Math.max(0, Math.round(left + MARGIN * (right - left)))
  const y0 = Math.max(0, Math.round(top + MARGIN * (bottom - top)))
  const x1 = Math.min(width, Math.round(right - MARGIN * (right - left)))
  const y1 = Math.min(height, Math.round(bottom - MARGIN * (bottom - top)))
  return { side, x0, y0, w: x1 - x0, h: y1 - y0, band: borderBand(side) }
}

/** Width of a crop's outer band for a cell of `side`: the border less the margin, at least 1 px. */
export function borderBand(side: number): number {
  return Math.max(1, Math.round((BORDER - MARGIN) * side))
}

/** A box found in the crop whose corner is (`x0`, `y0`), in the warped grid's pixels. */
export function boxInGrid(x0: number, y0: number, box: Pick<DigitBox, 'x0' | 'y0' | 'x1' | 'y1'>): Box {
  return { x: x0 + box.x0, y: y0 + box.y0, width: box.x1 - box.x0 + 1, height: box.y1 - box.y0 + 1 }
}

/** A crop's pixels copied out of a mask (or any grey image). */
export function cropPixels(image: GrayImage, crop: CellCrop): Uint8Array {
  const { x0, y0, w, h } = crop
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = image.data[(y + y0) * image.width + x + x0]
  return out
}

/** Whether a box (warped pixels) stays clear of the crop's edges: ink reaching them ran into a grid line. */
export function boxClearOfCrop(box: Box, crop: CellCrop): boolean {
  return box.x > crop.x0 && box.y > crop.y0 && box.x + box.width < crop.x0 + crop.w && box.y + box.height < crop.y0 + crop.h
}
