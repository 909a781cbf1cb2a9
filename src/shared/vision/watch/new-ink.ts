/**
 * Ink new since an earlier shot of the page: a pen digit over pencil marks is read again from only
 * the pixels that turned darker. Compared on the flat page, where a change of light cancels.
 */
import type { Cell } from '../../sudoku/board'
import { KIND_INDEX } from '../cell-reading'
import { type CellBounds, type CellImage, extractCells } from '../cells/extract-cells'
import type { CV } from '../core/cv'
import type { GrayImage, Point } from '../core/image'
import { byteQuantile } from '../core/median'
import { argmax } from '../core/nn'
import type { CellJudge, CellJudgement, CutPage } from '../read-types'

/** A cell's ink in an earlier shot: the flat page's pixels over it. */
export interface InkPatch {
  readonly x0: number
  readonly y0: number
  readonly width: number
  readonly height: number
  readonly data: Uint8Array
}

/** Earlier ink of some cells, cut from the page turned `turn`. */
export interface EarlierInk {
  readonly turn: number
  /** Side of the warped page they were cut from. */
  readonly side: number
  readonly cells: ReadonlyMap<Cell, InkPatch>
}

/** Grey levels (paper 255) new ink is darker than earlier ink: half the pen-pencil gap of devkit/solving-session.ts. */
export const NEW_INK_DARKER = 30

/** Pixels (900 px warp) a stroke may lie apart in two shots, as corners are found to a pixel or so. */
export const ALIGN_SLACK = 2

/** Pixels the page may move under a cell between shots, for onlyMoved: bounds can drift 3-6 px over a few shots. */
export const ALIGN_SEARCH = 4

/** Share of a cell that must be new ink to be read again. Set from the synthetic sessions: a digit over marks is 3.9-10.9%. */
export const MIN_NEW_INK_SHARE = 0.02

/** The widest gap bridgeCrossings fills (px). Set with bench/ink-over-marks.ts: the gain levels off at 10. */
export const CROSSING_GAP = 10

/** A quantile of a cell's pixels that is paper. */
const PAPER_PERCENTILE = 0.9

/** The patch of `flat` over a cell's bounds, rounded outwards and clipped. */
export function inkPatch(flat: GrayImage, bounds: CellBounds): InkPatch {
  const x0 = Math.max(0, Math.floor(bounds.left))
  const y0 = Math.max(0, Math.floor(bounds.top))
  const width = Math.max(0, Math.min(flat.width, Math.ceil(bounds.right)) - x0)
  const height = Math.max(0, Math.min(flat.height, Math.ceil(bounds.bottom)) - y0)
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) data.set(flat.data.subarray((y0 + y) * flat.width + x0, (y0 + y) * flat.width + x0 + width), y * width)
  return { x0, y0, width, height, data }
}

/** The new ink (1) in `patch`'s area of `flat`: darker than all earlier ink within ALIGN_SLACK. */
export function newInk(flat: GrayImage, patch: InkPatch): { readonly mask: Uint8Array; readonly count: number } {
  return newInkAgainst(flat, patch, darkestNear(patch), true)
}

/** A min filter of ALIGN_SLACK over the patch: along its rows, then along its columns. */
function darkestNear({ width, height, data }: InkPatch): Uint8Array {
  return darkestAlong(darkestAlong(data, width, height, true), width, height, false)
}

/** A 1-D min filter of ALIGN_SLACK along rows (`across`) or columns. */
function darkestAlong(image: ArrayLike<number>, width: number, height: number, across: boolean): Uint8Array {
  const out = new Uint8Array(width * height)
  const [length, stride] = across ? [width, 1] : [height, width]
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = across ? x : y
      const i = y * width + x
      let darkest = 255
      for (let k = Math.max(0, at - ALIGN_SLACK); k <= Math.min(length - 1, at + ALIGN_SLACK); k++) darkest = Math.min(darkest, image[i + (k - at) * stride])
      out[i] = darkest
    }
  return out
}

/** newInk against `darkest`; the mask stays empty unless `withMask`. */
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

/** Whether the earlier ink only moved: some shift leaves under MIN_NEW_INK_SHARE new (a shift that merely lessens it proves nothing). */
function onlyMoved(flat: GrayImage, patch: InkPatch, darkest: Uint8Array): boolean {
  const least = MIN_NEW_INK_SHARE * patch.width * patch.height
  for (let dy = -ALIGN_SEARCH; dy <= ALIGN_SEARCH; dy++)
    for (let dx = -ALIGN_SEARCH; dx <= ALIGN_SEARCH; dx++)
      if ((dx || dy) && newInkAgainst(flat, { ...patch, x0: patch.x0 + dx, y0: patch.y0 + dy }, darkest, false).count < least) return true
  return false
}

/** Whether ink was written in a cell since `patch`. */
export function writtenSince(flat: GrayImage, patch: InkPatch): boolean {
  // An empty patch tells nothing: taken as written on, so nothing builds on it.
  return patch.width * patch.height === 0 || writtenInk(flat, patch, false) !== null
}

/** The new ink since `patch`, or null where too little or only the page moved. */
function writtenInk(flat: GrayImage, patch: InkPatch, withMask: boolean): Uint8Array | null {
  const area = patch.width * patch.height
  const darkest = darkestNear(patch)
  const { mask, count } = newInkAgainst(flat, patch, darkest, withMask)
  return area && count >= MIN_NEW_INK_SHARE * area && !onlyMoved(flat, patch, darkest) ? mask : null
}

/** A copy of `warped` (the input is not changed) with each written cell reduced to its new ink; `cells` lists them. */
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

/** The new ink with gaps filled where it crosses earlier ink as dark: ink with new ink within CROSSING_GAP on both sides in a line. */
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

/** The paper's grey over a patch's area of `warped`. */
function paperLevel(warped: GrayImage, patch: InkPatch): number {
  return byteQuantile(
    inkPatch(warped, { left: patch.x0, top: patch.y0, right: patch.x0 + patch.width, bottom: patch.y0 + patch.height }).data,
    PAPER_PERCENTILE,
  )
}

/** The page judged again on its new ink: cells showing a digit become entries (marks were no print). Null for no change. */
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
    if (best !== KIND_INDEX.given && best !== KIND_INDEX.entry) continue
    cells[cell] = cut.cells[cell]
    judged[cell] = {
      kind: Float32Array.from(kind, (p, k) => (k === KIND_INDEX.entry ? p + kind[KIND_INDEX.given] : k === KIND_INDEX.given ? 0 : p)),
      written,
      marks: [],
    }
    changed = true
  }
  return changed ? { cells, judgements: judged } : null
}
