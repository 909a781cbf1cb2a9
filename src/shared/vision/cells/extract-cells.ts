/**
 * Cuts the warped grid into 81 normalised cell images and decides from the image alone which hold a
 * digit (by its ink blob's size, never by OCR). A file a step: flatten.ts, crop.ts, blobs.ts and
 * evidence.ts (the first look), hairline.ts (regrow a broken digit), normalise.ts, faint.ts (second look).
 */
import { boxInGrid, cellBoundsOf, cellCrop, cropPixels } from './crop'
import { findDigit } from './blobs'
import { DIGIT_HEIGHT_SHARE, DIGIT_INK_SHARE, FILLED_THRESHOLD, MAX_SIZE_SCORE, MIN_DIGIT_WIDTH } from './evidence'
import { pageInk, readFaintCell } from './faint'
import { flattenAndThreshold } from './flatten'
import { GROWN_SIDE, GROWN_WIDTH, LOOSE_CUT, PAPER_NOISE_DEVIATIONS, STEM_WIDTH, paperBelow, wholeDigit } from './hairline'
import { emptyCell, normalise } from './normalise'
import type { CV } from '../core/cv'
import type { GrayImage, Point } from '../core/image'

export { CELL_IMAGE_SIZE, DIGIT_HEIGHT } from './normalise'
export { FILLED_THRESHOLD } from './evidence'

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface CellImage {
  readonly filled: boolean
  /** Evidence of a digit: 0 = none, FILLED_THRESHOLD the cut. */
  readonly filledScore: number
  /** 80x80 grey, white paper, the digit ~40 px high and centred; all white when empty. */
  readonly image: GrayImage
  /** The digit's blob in warped pixels; null where no blob was found. */
  readonly box: Box | null
  /** A filled digit's box grown along its faint strokes (hairline.ts), alike on every digit of a page; else `box`. */
  readonly whole: Box | null
}

/** A cell's edges in warped pixels (the means of its measured corners). */
export interface CellBounds {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

export interface CellImages {
  readonly cells: readonly CellImage[]
  /** The ink mask (255 = ink), for debugging. */
  readonly ink: GrayImage
  /** `warped` divided by its paper's shading (paper ~255): what cells are cut from. */
  readonly flat: GrayImage
  /** Each cell's edges, row-major. */
  readonly bounds: readonly CellBounds[]
}

/** The 81 cells, row-major, of `warped` (square grey, dark ink on white), cut along `lattice` (grid/warp.ts) when given. */
export function extractCells(cv: CV, warped: GrayImage, lattice?: readonly (readonly Point[])[]): CellImages {
  const { flat, ink, inkCut, level } = flattenAndThreshold(cv, warped)
  const bounds = cellBoundsOf(warped.width, warped.height, lattice)
  const cells = bounds.map((cell) => readCell(flat, ink, inkCut, cell))
  // Second look, only where the first found no digit, judged against this page's found digits.
  const page = pageInk(level, cells, bounds)
  if (page) {
    for (let i = 0; i < cells.length; i++) {
      if (cells[i].filled) continue
      const faint = readFaintCell(level, flat, bounds[i], page)
      if (faint && faint.filledScore > cells[i].filledScore) cells[i] = faint
    }
  }
  return { cells, ink, flat, bounds }
}

/** The first look at one cell: its digit's blob in the grid-wide ink mask. */
function readCell(flat: GrayImage, ink: GrayImage, inkCut: number, cell: CellBounds): CellImage {
  const crop = cellCrop(cell, ink.width, ink.height)
  const { side, x0, y0, w, h } = crop
  if (w < 4 || h < 4) return emptyCell(0)
  const mask = cropPixels(ink, crop)
  const box = findDigit(mask, w, h, side)
  if (!box) return emptyCell(0)

  const bh = box.y1 - box.y0 + 1
  const bw = box.x1 - box.x0 + 1
  const heightScore = bh / (DIGIT_HEIGHT_SHARE * side)
  const inkScore = box.area / (DIGIT_INK_SHARE * side * side)
  const filledScore = Math.min(heightScore, inkScore, bw < MIN_DIGIT_WIDTH ? 0 : MAX_SIZE_SCORE)
  const found = boxInGrid(x0, y0, box)
  if (filledScore < FILLED_THRESHOLD) return { ...emptyCell(filledScore), box: found, whole: found }
  // A digit the cut broke (a lone stem, a light stroke's pieces) is grown along its faint strokes.
  const looseCut = Math.min(inkCut + LOOSE_CUT * (255 - inkCut), paperBelow(flat, mask, crop, PAPER_NOISE_DEVIATIONS))
  const whole = wholeDigit(flat, mask, crop, box, looseCut)
  const stem = bw < STEM_WIDTH * bh
  // Drawn at the loose cut too: the box's own Otsu cut would drop the faint strokes again.
  const grown = whole && (stem ? whole.width > GROWN_WIDTH * bw : Math.max(whole.width / bw, whole.height / bh) > GROWN_SIDE)
  if (whole && grown) {
    return { filled: true, filledScore, image: normalise(flat, whole, looseCut), box: found, whole }
  }
  return { filled: true, filledScore, image: normalise(flat, found), box: found, whole: whole ?? found }
}
