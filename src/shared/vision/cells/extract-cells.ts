/**
 * Step 4: cut the warped grid into 81 normalised cell images and decide, from the image alone,
 * which cells hold a printed digit.
 *
 * Contract (consumed by digits/ocr.ts, digits/templates.ts and the trained classifier):
 *
 *   extractCells(cv, warped, lattice?) -> CellImages
 *
 * - `warped`: the grid warped to a square grey image (warp.ts gives 900x900), white paper, dark ink.
 * - `lattice` (optional): the 10x10 measured line crossings from warp.ts `gridLattice`
 *   (`lattice[row][col]`); each cell is cut between its own four crossings, which follows curved
 *   paper. When absent the cells are the nine equal slices, which is right for flat paper.
 * - Result: `cells[cell]` for cell 0..80 (row-major, as in board.ts), each with
 *   - `filled`: a digit is printed there (decided by size, position and contrast of the ink blob,
 *     never by an OCR engine, so a digit that OCR cannot read still counts as a given);
 *   - `filledScore`: how much evidence of a digit (0 = nothing; `FILLED_THRESHOLD` is the cut);
 *   - `image`: 80x80 grey, white background (255), the dark digit scaled to ~40 px high and centred
 *     on its bounding box; an all-white image for empty cells;
 *   - `box`: the digit's bounding box in warped-image pixels (null when no blob was found);
 *   - `whole`: a filled digit's box grown along its fainter strokes (step 4), else `box`.
 *
 * Method (measured on Wicht's photos, see issue 3), one file per step:
 *  1. flatten (`cells/flatten.ts`): divide by the paper's shading, one Otsu cut over the whole grid;
 *  2. cut (`cells/crop.ts`): per cell, its bounds from the lattice and a crop inside them;
 *  3. first look (here): the digit's blob in the crop's ink (`cells/blobs.ts`: grid-line remnants
 *     erased and ignored, broken pieces merged), judged by its size (`cells/evidence.ts`);
 *  4. hairline growth (`cells/hairline.ts`): a digit kept only as a lone stem, or in pieces (light
 *     pen or pencil), is grown along its fainter strokes;
 *  5. normalise (`cells/normalise.ts`): re-threshold the digit's own box (the global cut thickens
 *     or breaks strokes depending on local lighting), scale and centre it;
 *  6. second look (`cells/faint.ts`): cells left empty are looked at again for faint digits (glare,
 *     faded print), judged against the cell's own paper noise and grid lines and against the
 *     digits found on the page.
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
  readonly filledScore: number
  readonly image: GrayImage
  readonly box: Box | null
  /**
   * The digit's box at the loose cut (grown along its fainter strokes, cells/hairline.ts): its whole
   * height, the pen stroke's light tail included, measured alike on every digit of the page; `box`
   * where growth ran into something or the cell is not filled (null where no blob was found).
   */
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
  /** The ink mask over the whole warped grid (255 = ink), for debugging output. */
  readonly ink: GrayImage
  /** The warped grid divided by its paper's shading (paper ~255, clipped): what cells are cut from. */
  readonly flat: GrayImage
  /** Each cell's edges in warped pixels (the means of its measured corners), row-major. */
  readonly bounds: readonly CellBounds[]
}

export function extractCells(cv: CV, warped: GrayImage, lattice?: readonly (readonly Point[])[]): CellImages {
  const { flat, ink, inkCut, level } = flattenAndThreshold(cv, warped)
  const bounds = cellBoundsOf(warped.width, warped.height, lattice)
  const cells = bounds.map((cell) => readCell(flat, ink, inkCut, cell))
  // Second look, only where the first found no digit: faint print (glare, fading) judged against
  // the cell's own paper and grid lines and against the size of the digits found on this page.
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

/** The first look at one cell: the digit's blob in the grid-wide ink mask, judged by its size. */
function readCell(flat: GrayImage, ink: GrayImage, inkCut: number, cell: CellBounds): CellImage {
  const crop = cellCrop(cell, ink.width, ink.height)
  const { side, x0, y0, w, h } = crop
  if (w < 4 || h < 4) return emptyCell(0)
  const mask = cropPixels(ink, crop)
  const box = findDigit(mask, w, h, side)
  if (!box) return emptyCell(0)

  const bh = box.y1 - box.y0 + 1
  const bw = box.x1 - box.x0 + 1
  // Evidence of a printed digit: tall enough (digits are ~40-70% of the cell) and with enough ink,
  // scaled so that 1 is a typical small digit.
  const heightScore = bh / (DIGIT_HEIGHT_SHARE * side)
  const inkScore = box.area / (DIGIT_INK_SHARE * side * side)
  const filledScore = Math.min(heightScore, inkScore, bw < MIN_DIGIT_WIDTH ? 0 : MAX_SIZE_SCORE)
  const found = boxInGrid(x0, y0, box)
  if (filledScore < FILLED_THRESHOLD) return { ...emptyCell(filledScore), box: found, whole: found }
  // Where the cut lost part of the digit (a lone stem: the ")" of a 9; or a light pen or pencil
  // stroke broken into its darker pieces), the digit is grown along its fainter strokes and drawn
  // at a looser cut.
  const looseCut = Math.min(inkCut + LOOSE_CUT * (255 - inkCut), paperBelow(flat, mask, crop, PAPER_NOISE_DEVIATIONS))
  const whole = wholeDigit(flat, mask, crop, box, looseCut)
  const stem = bw < STEM_WIDTH * bh
  // The faint strokes must also be drawn: the crop's own Otsu cut would split the thick strokes
  // from everything else and drop them again.
  const grown = whole && (stem ? whole.width > GROWN_WIDTH * bw : Math.max(whole.width / bw, whole.height / bh) > GROWN_SIDE)
  if (whole && grown) {
    return { filled: true, filledScore, image: normalise(flat, whole, looseCut), box: found, whole }
  }
  return { filled: true, filledScore, image: normalise(flat, found), box: found, whole: whole ?? found }
}
