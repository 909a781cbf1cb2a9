/**
 * The second look, at cells the first left empty, for faint print (glare, fading). A lower cut lets
 * in every smudge, so a blob must pass three tests, each 1 at its limit: 1. its darkness over its
 * paper's noise; 2. over its cell's grid lines, near the page's digits' (light dims both alike);
 * 3. its height, near the page's digits' (one font). Set from the shared photos: empty cells reach
 * 0.74 of FILLED_THRESHOLD, faint givens 1.2.
 */
import { findDigit } from './blobs'
import { boxInGrid } from './crop'
import { DIGIT_HEIGHT_SHARE, DIGIT_INK_SHARE, FILLED_THRESHOLD, MAX_SIZE_SCORE, MIN_DIGIT_WIDTH } from './evidence'
import type { LevelImage } from './flatten'
import { cellLevels, levelAt, lineDepth, meanDarkness } from './levels'
import { emptyCell, normalise } from './normalise'
import type { CellBounds, CellImage } from './extract-cells'
import type { GrayImage } from '../core/image'
import { median } from '../core/median'

/** Test 1's limit: contrast over the paper's noise. */
const FAINT_CNR = 6
/** Test 2's limit, of the page's median ratio: givens measure ~1, 95% of empty cells' blobs under 0.2. */
const FAINT_LINE_RATIO = 0.5
/** Test 3's limits, of the page's median digit height. */
const DIGIT_HEIGHT_RANGE = [0.7, 1.3] as const
/** Digits the first look must find before faint ones are judged against them. */
const MIN_PAGE_DIGITS = 3

/** The page's found digits: median height (px) and darkness over their own cell's line depth. */
export interface PageInk {
  readonly digitHeight: number
  readonly inkToLines: number
}

/** The page's PageInk; null with too few digits to judge by. */
export function pageInk(level: LevelImage, cells: readonly CellImage[], bounds: readonly CellBounds[]): PageInk | null {
  const heights: number[] = []
  const ratios: number[] = []
  cells.forEach((c, i) => {
    if (!c.filled || !c.box) return
    heights.push(c.box.height)
    const at = cellLevels(level, bounds[i])
    if (!at) return
    const box = { x0: c.box.x - at.x0, y0: c.box.y - at.y0, x1: c.box.x - at.x0 + c.box.width - 1, y1: c.box.y - at.y0 + c.box.height - 1 }
    ratios.push(meanDarkness(at, box) / Math.max(1, lineDepth(level, bounds[i], at.paper)))
  })
  if (heights.length < MIN_PAGE_DIGITS || !ratios.length) return null
  return { digitHeight: median(heights), inkToLines: median(ratios) }
}

/** The second look at one cell; null when there is no candidate at all. */
export function readFaintCell(level: LevelImage, flat: GrayImage, cell: CellBounds, page: PageInk): CellImage | null {
  const at = cellLevels(level, cell)
  if (!at) return null
  const { x0, y0, w, h, side, paper, noise, cut } = at
  // Test 1 needs some pixel at least that dark: most empty cells stop here, before the blob search.
  if (at.darkest > paper - FAINT_CNR * noise) return null
  const mask = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = levelAt(at, x, y) < cut ? 255 : 0
  const box = findDigit(mask, w, h, side)
  if (!box) return null
  const contrast = meanDarkness(at, box)
  const bh = box.y1 - box.y0 + 1
  const bw = box.x1 - box.x0 + 1
  const relativeHeight = bh / page.digitHeight
  const score = Math.min(
    contrast / noise / FAINT_CNR,
    contrast / Math.max(1, lineDepth(level, cell, paper) * page.inkToLines) / FAINT_LINE_RATIO,
    relativeHeight / DIGIT_HEIGHT_RANGE[0],
    DIGIT_HEIGHT_RANGE[1] / relativeHeight,
    bh / (DIGIT_HEIGHT_SHARE * side) / FILLED_THRESHOLD,
    box.area / (DIGIT_INK_SHARE * side * side) / FILLED_THRESHOLD,
    bw < MIN_DIGIT_WIDTH ? 0 : MAX_SIZE_SCORE,
  )
  const filledScore = FILLED_THRESHOLD * score
  const found = boxInGrid(x0, y0, box)
  if (filledScore < FILLED_THRESHOLD) return { ...emptyCell(filledScore), box: found, whole: found }
  return { filled: true, filledScore, image: normalise(flat, found), box: found, whole: found }
}
