/**
 * The faint second look, for cells the first look left empty. The first look (one Otsu cut over
 * the whole grid) loses a digit whose ink is only ~20 grey levels darker than the paper, as under
 * glare or on faded print. Lowering a contrast threshold would let in everything else that is
 * faintly dark on a page, so a faint candidate must pass three tests, each judged against the cell
 * itself or against the digits the first look found on the same page:
 *
 * 1. Contrast to noise: the blob's mean darkness below the paper, over the paper's own variation
 *    in that cell (the brighter half's RMS deviation from the median, which ink cannot inflate),
 *    at least FAINT_CNR. Paper texture, speckle and JPEG noise fail this. The noise is floored at
 *    NOISE_FLOOR grey levels: overexposed paper clips to one level and JPEG flattens smooth areas,
 *    which would otherwise make any smooth few-level dip look significant.
 * 2. Contrast for the lighting: glare, shadow or fading dim a digit and the grid lines round it
 *    alike (same ink, same light), so a digit's darkness over its own cell's line depth is about
 *    the same everywhere on a page. The candidate's ratio must be at least FAINT_LINE_RATIO of
 *    the median ratio of the page's found digits. On Wicht's photos givens measure ~1 (1% below
 *    ~0.5, on crumpled paper whose faint lines vary), the glare 7s ~0.95; show-through from the
 *    other side of newsprint, pencil traces and stains are not printed in the page's ink and
 *    are far lighter than the crisp lines beside them (95% of empty cells' blobs below 0.2).
 * 3. Size: a Sudoku prints all its givens in one font, so the candidate's height must be within
 *    DIGIT_HEIGHT_RANGE of the median height of the found digits. Specks, smudges and creases are
 *    rarely digit-sized; grid-line remnants are removed as in the first look. This is the test
 *    that holds off grey smudges on crumpled paper, which are as dark as print.
 *
 * The blob comes from a cut halfway between the paper and the darkest 1% of the cell's middle
 * (never closer to the paper than 4x the noise), on the background-divided grey without the 255
 * clip, smoothed 3x3 so that single noisy pixels do not break strokes (`cells/levels.ts`). Each
 * test is scaled so that 1 is its limit; the faint score is the smallest of them and of the first
 * look's size tests, reported as FILLED_THRESHOLD x score so that one cut serves both looks.
 * Measured on Wicht's 160 training photos (grids as detected): empty cells reach at most 0.74
 * (smudges on crumpled paper, held by tests 2 and 3), the two glare-washed 7s 1.23 and 1.35
 * (limited by test 3: their faint blob is slightly taller than the page's median digit).
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
/** Test 2's limit: share of the page's median darkness-to-lines ratio. */
const FAINT_LINE_RATIO = 0.5
/** Test 3's limits: height over the page's median digit height. */
const DIGIT_HEIGHT_RANGE = [0.7, 1.3] as const
/** Digits the first look must find on a page before faint ones are judged against them. */
const MIN_PAGE_DIGITS = 3

/** What the digits found on a page look like, to judge faint candidates by. */
export interface PageInk {
  /** Median height of the found digits' boxes (pixels). */
  readonly digitHeight: number
  /** Median over the found digits of their darkness over their own cell's grid-line depth. */
  readonly inkToLines: number
}

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

/** The second look at one cell: a faint digit, or null when there is no candidate at all. */
export function readFaintCell(level: LevelImage, flat: GrayImage, cell: CellBounds, page: PageInk): CellImage | null {
  const at = cellLevels(level, cell)
  if (!at) return null
  const { x0, y0, w, h, side, paper, noise, cut } = at
  // A blob's mean darkness cannot pass test 1 unless some pixel in the middle of the cell is at
  // least that dark; most empty cells stop here, before the costlier blob search.
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
