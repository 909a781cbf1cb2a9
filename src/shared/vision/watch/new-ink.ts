/**
 * Ink that is new since an earlier shot of the same page: what a time-lapse knows that one photo
 * does not. A digit written over a cell's pencil marks is, on one photo, a tangle of pen and
 * graphite that the cell judge may take for marks or misread. Compared with the shot that showed
 * the marks alone, the pen's strokes are the pixels that turned darker, and the cell is read again
 * with only those: a pen digit on clean paper.
 *
 * The earlier shot's flat page (cells.ts: the warped grid over its paper's shading, so a change of
 * light between shots cancels) is kept for the cells it read as marks (watch/paper-memory.ts). A pixel is
 * new ink where the flat page is darker by NEW_INK_DARKER than the darkest earlier pixel within
 * ALIGN_SLACK, which forgives the grid being found a pixel or two apart in the two shots; a cell
 * whose earlier ink only moved a few pixels more is left as it was (onlyMoved); where a pen stroke
 * crosses graphite as dark as itself, the gap is bridged (bridgeCrossings).
 */
import type { Cell } from '../../sudoku/board'
import { CELL_KINDS } from '../cell-reading'
import { type CellBounds, type CellImage, extractCells } from '../cells/extract-cells'
import type { CV } from '../core/cv'
import type { GrayImage, Point } from '../core/image'
import { byteQuantile } from '../core/median'
import { argmax } from '../core/nn'
import type { CellJudge, CellJudgement, CutPage } from '../read-types'

const GIVEN = CELL_KINDS.indexOf('given')
const ENTRY = CELL_KINDS.indexOf('entry')

/** A cell's ink as an earlier shot showed it: the flat page's pixels over the cell, in warped pixels. */
export interface InkPatch {
  readonly x0: number
  readonly y0: number
  readonly width: number
  readonly height: number
  readonly data: Uint8Array
}

/** Earlier ink of some cells of a page, and which way up that page was read (its pixels are the turned page's). */
export interface EarlierInk {
  readonly turn: number
  /** Side of the warped page the patches were cut from. */
  readonly side: number
  readonly cells: ReadonlyMap<Cell, InkPatch>
}

/**
 * How much darker than the earlier ink (flat grey levels, paper 255) a pixel must be to be new ink:
 * half the gap between pen (near 50) and pencil (near 110) on the synthetic sessions
 * (devkit/solving-session.ts), and well above the noise between two shots of unchanged paper (no
 * pixel of 790 marks cells' looks in sessions 1-4 with `--ink-over-marks` came out new). On
 * Kubiesa's phone photos pen and pencil are closer (each cell's darkest 2%: entries median 107,
 * marks 120, over every fourth train photo), so there, where a pen stroke crosses graphite, the
 * crossing may not count as new and the digit is read with a gap; on paper it is new either way.
 */
export const NEW_INK_DARKER = 30

/**
 * Pixels (at the default 900 px warp, cells ~100 px) the same stroke may lie apart in two shots:
 * the grid's corners are found to a pixel or so, and the lattice follows each line crossing. With
 * it, the synthetic sessions' shaken camera left no unchanged marks cell a new pixel (above).
 */
export const ALIGN_SLACK = 2

/**
 * Pixels (at the default 900 px warp) the page may have moved under a cell between the shot of its
 * marks and a later shot, beyond ALIGN_SLACK, that onlyMoved looks for. The grid's corners are
 * not always found to a pixel: on a held-out session (bench:timelapse-session seed 66, `--mistakes`,
 * image1036) the bottom-right cell's bounds moved 3 px between two shots and 6 px over three, the
 * marks 4 7 8 in it came out 6.4% new ink, and the cell was read as a written 6 in 17 shots.
 */
export const ALIGN_SEARCH = 4

/**
 * Share of a cell's pixels that must be new ink before the cell is read again: a digit written
 * over marks left 3.9-10.9% of its cell new (median 7.1%) in 883 looks of sessions 1-4 with
 * `--ink-over-marks`, and a cell whose marks stayed as they were, none.
 */
export const MIN_NEW_INK_SHARE = 0.02

/**
 * The widest gap bridgeCrossings fills (pixels at the default 900 px warp): a graphite stroke's
 * width and ALIGN_SLACK either side. On Kubiesa's pen train photos with one of the photo's entries
 * drawn over each cell of marks, opaque (bench/ink-over-marks.ts), entries read right 307 of 376
 * without bridging, 331 at 6, 341 at 10, 344 at 14, 341 at 18; 10 is where the gain levels off,
 * and the smaller the gap, the less of the marks inside a digit's loop is taken back.
 */
export const CROSSING_GAP = 10

/** A percentile of a cell's pixels that is paper in any cell (ink covers well under half of one). */
const PAPER_PERCENTILE = 0.9

/** The patch of `flat` over a cell's bounds (rounded outwards, clipped to the page). */
export function inkPatch(flat: GrayImage, bounds: CellBounds): InkPatch {
  const x0 = Math.max(0, Math.floor(bounds.left))
  const y0 = Math.max(0, Math.floor(bounds.top))
  const width = Math.max(0, Math.min(flat.width, Math.ceil(bounds.right)) - x0)
  const height = Math.max(0, Math.min(flat.height, Math.ceil(bounds.bottom)) - y0)
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) data.set(flat.data.subarray((y0 + y) * flat.width + x0, (y0 + y) * flat.width + x0 + width), y * width)
  return { x0, y0, width, height, data }
}

/**
 * The new ink in a patch's area of `flat` (1 = new), against the earlier `patch`: darker by
 * NEW_INK_DARKER than every earlier pixel within ALIGN_SLACK. Earlier pixels outside the patch
 * count as paper.
 */
export function newInk(flat: GrayImage, patch: InkPatch): { readonly mask: Uint8Array; readonly count: number } {
  return newInkAgainst(flat, patch, darkestNear(patch), true)
}

/** Each pixel of a patch at its darkest within ALIGN_SLACK: a min filter, rows then columns. */
function darkestNear({ width, height, data }: InkPatch): Uint8Array {
  const rows = new Uint8Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let darkest = 255
      for (let dx = Math.max(0, x - ALIGN_SLACK); dx <= Math.min(width - 1, x + ALIGN_SLACK); dx++) darkest = Math.min(darkest, data[y * width + dx])
      rows[y * width + x] = darkest
    }
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let darkest = 255
      for (let dy = Math.max(0, y - ALIGN_SLACK); dy <= Math.min(height - 1, y + ALIGN_SLACK); dy++) darkest = Math.min(darkest, rows[dy * width + x])
      out[y * width + x] = darkest
    }
  return out
}

/** newInk against a patch's darkestNear; the mask is left empty unless `withMask`. */
function newInkAgainst(flat: GrayImage, patch: InkPatch, darkest: Uint8Array, withMask: boolean): { readonly mask: Uint8Array; readonly count: number } {
  const { x0, y0, width, height } = patch
  const mask = new Uint8Array(withMask ? width * height : 0)
  let count = 0
  for (let y = 0; y < height; y++) {
    const py = y0 + y
    if (py < 0 || py >= flat.height) continue
    for (let x = 0; x < width; x++) {
      const px = x0 + x
      if (px < 0 || px >= flat.width || flat.data[py * flat.width + px] >= darkest[y * width + x] - NEW_INK_DARKER) continue
      if (withMask) mask[y * width + x] = 1
      count++
    }
  }
  return { mask, count }
}

/**
 * Whether a cell's earlier ink only moved: the page moved under it between two shots, and nothing
 * was written there since, so some shift of up to ALIGN_SEARCH pixels each way leaves less than
 * MIN_NEW_INK_SHARE new ink. A shift that only lessens the new ink is no evidence the page moved:
 * earlier marks moved over a digit written since hide some of its strokes (on Kubiesa's val photos,
 * pen entries drawn over their marks with nothing moved, reading the digit against the shift of the
 * least new ink lost 3 of 152 digits, bench:ink-over-marks). `darkest` is the patch's darkestNear.
 */
function onlyMoved(flat: GrayImage, patch: InkPatch, darkest: Uint8Array): boolean {
  const least = MIN_NEW_INK_SHARE * patch.width * patch.height
  for (let dy = -ALIGN_SEARCH; dy <= ALIGN_SEARCH; dy++)
    for (let dx = -ALIGN_SEARCH; dx <= ALIGN_SEARCH; dx++)
      if ((dx || dy) && newInkAgainst(flat, { ...patch, x0: patch.x0 + dx, y0: patch.y0 + dy }, darkest, false).count < least) return true
  return false
}

/**
 * Whether ink was written in a cell since its earlier `patch` was taken: new ink of at least
 * MIN_NEW_INK_SHARE of the cell that no shift of the page explains (onlyMoved), as onlyNewInk asks.
 */
export function writtenSince(flat: GrayImage, patch: InkPatch): boolean {
  // A patch of no pixels tells nothing: taken as written on, so nothing is built on it.
  return patch.width * patch.height === 0 || writtenInk(flat, patch, false) !== null
}

/**
 * The new ink in a cell since its earlier `patch` (newInk's mask, left empty unless `withMask`), or
 * null where there is too little to be writing: under MIN_NEW_INK_SHARE of a cell of some pixels,
 * or only the page moved (onlyMoved).
 */
function writtenInk(flat: GrayImage, patch: InkPatch, withMask: boolean): Uint8Array | null {
  const area = patch.width * patch.height
  const darkest = darkestNear(patch)
  const { mask, count } = newInkAgainst(flat, patch, darkest, withMask)
  return area && count >= MIN_NEW_INK_SHARE * area && !onlyMoved(flat, patch, darkest) ? mask : null
}

/**
 * The warped page with, in each cell of `earlier` where the new ink is at least MIN_NEW_INK_SHARE
 * of the cell and its earlier ink did not only move (onlyMoved), only its new ink (crossings
 * bridged): every other pixel of the cell is set to the cell's paper. The input is not changed.
 * `cells` lists the cells so cleaned.
 */
export function onlyNewInk(warped: GrayImage, flat: GrayImage, earlier: ReadonlyMap<Cell, InkPatch>): { readonly page: GrayImage; readonly cells: Cell[] } {
  let data: Uint8Array | undefined
  const cells: Cell[] = []
  for (const [cell, patch] of earlier) {
    const found = writtenInk(flat, patch, true)
    if (!found) continue
    const mask = bridgeCrossings(found, flat, patch)
    data ??= Uint8Array.from(warped.data)
    const paper = paperLevel(warped, patch)
    for (let y = 0; y < patch.height; y++)
      for (let x = 0; x < patch.width; x++) if (!mask[y * patch.width + x]) data[(patch.y0 + y) * warped.width + patch.x0 + x] = paper
    cells.push(cell)
  }
  return { page: data ? { width: warped.width, height: warped.height, data } : warped, cells }
}

/**
 * The new ink with the gaps where it crosses the earlier ink filled: a pen stroke over graphite as
 * dark as itself is no darker there, so the stroke shows a gap the width of the crossing. An ink
 * pixel (darker than paper by NEW_INK_DARKER) is new where new ink lies within CROSSING_GAP of it
 * on both sides along a row, a column or a diagonal: across a crossing, not beyond a stroke's end.
 */
export function bridgeCrossings(mask: Uint8Array, flat: GrayImage, patch: InkPatch): Uint8Array {
  const { x0, y0, width, height } = patch
  const out = Uint8Array.from(mask)
  const isNew = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] === 1
  const reaches = (x: number, y: number, dx: number, dy: number) => {
    for (let step = 1; step <= CROSSING_GAP; step++) if (isNew(x + step * dx, y + step * dy)) return true
    return false
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] || x0 + x >= flat.width || y0 + y >= flat.height) continue
      if (flat.data[(y0 + y) * flat.width + x0 + x] >= 255 - NEW_INK_DARKER) continue
      for (const [dx, dy] of DIRECTIONS)
        if (reaches(x, y, dx, dy) && reaches(x, y, -dx, -dy)) {
          out[y * width + x] = 1
          break
        }
    }
  return out
}

const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const

/** The grey level of the paper over a patch's area of `warped`: its PAPER_PERCENTILE. */
function paperLevel(warped: GrayImage, patch: InkPatch): number {
  return byteQuantile(
    inkPatch(warped, { left: patch.x0, top: patch.y0, right: patch.x0 + patch.width, bottom: patch.y0 + patch.height }).data,
    PAPER_PERCENTILE,
  )
}

/**
 * A judged page read again where its ink is new since `earlier` (same turn and size): the cells
 * with enough new ink are cut and judged with that ink alone, and where that shows a digit, the
 * cell's image and judgement are replaced, its kind a written entry (a cell that held pencil marks
 * in an earlier shot of the page holds no print). Null when no cell changes.
 */
export async function judgeNewInk(
  cv: CV,
  page: CutPage & { readonly warped: GrayImage; readonly lattice?: readonly (readonly Point[])[] },
  judgements: readonly CellJudgement[],
  earlier: ReadonlyMap<Cell, InkPatch>,
  judge: CellJudge,
): Promise<{ readonly cells: CellImage[]; readonly judgements: CellJudgement[] } | null> {
  const fresh = onlyNewInk(page.warped, page.flat, earlier)
  if (!fresh.cells.length) return null
  const cut = extractCells(cv, fresh.page, page.lattice)
  const again = await judge.judgeCells(cut, fresh.cells)
  const cells = [...page.cells]
  const judged = [...judgements]
  let changed = false
  for (const [k, cell] of fresh.cells.entries()) {
    const { kind, written } = again[k]
    const best = argmax(kind)
    if (best !== GIVEN && best !== ENTRY) continue
    cells[cell] = cut.cells[cell]
    judged[cell] = { kind: Float32Array.from(kind, (p, k) => (k === ENTRY ? p + kind[GIVEN] : k === GIVEN ? 0 : p)), written, marks: [] }
    changed = true
  }
  return changed ? { cells, judgements: judged } : null
}
