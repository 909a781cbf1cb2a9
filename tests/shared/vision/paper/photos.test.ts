/**
 * The reader on phone photos of pages people are solving (Alex Kubiesa's sudoku-scanner datasets,
 * MIT): printed givens, digits written in pen, pencil marks, a page fully solved, a written mistake
 * (made by copying one of the person's own digits over another) and a digit so copied that repeats
 * the print, and a photo stored sideways with an EXIF orientation. Photos from the val split, which no model was trained on, chosen for variety.
 */
import '../opencv-node'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeImage } from '../../../../src/node/reader/decode-image'
import { type NodeReader, createNodeReader } from '../../../../src/node/reader/reader'
import { cellQuad, insideQuad, squareToQuad } from '../../../../src/shared/vision/core/homography'
import { peers } from '../../../../src/shared/sudoku/board'
import type { CellKind } from '../../../../src/shared/vision/cell-reading'
import { applyHomography, homographyFromPoints } from '../../../../src/shared/vision/core/geometry'
import type { RgbaImage } from '../../../../src/shared/vision/core/image'
import { readSudoku } from '../../../../src/shared/vision/read'
import type { ReadSuccess } from '../../../../src/shared/vision/read-types'
import { MARKS_LABEL, type PenPhoto, hasPenPhotos, listPenPhotos } from '../../../../datasets/kubiesa'

const photos = hasPenPhotos('val') ? listPenPhotos('val') : []
const photo = (name: string): PenPhoto => photos.find((p) => p.name === name)!
/** A page with printed givens, a few pen entries and pencil marks. */
const IN_PROGRESS = '02_15_iphone_14_0'
/** A page fully solved in pen. */
const SOLVED = '01_18_honor_view_10_1'

let reader: NodeReader
beforeAll(async () => {
  if (photos.length) reader = await createNodeReader()
})
afterAll(async () => reader?.close())

async function read(image: RgbaImage): Promise<ReadSuccess> {
  const r = await readSudoku(reader.cv, image, { voters: reader.voters, judge: reader.judge ?? undefined })
  if (!r.ok) throw new Error(r.message)
  return r
}

const trueKind = (p: PenPhoto, cell: number): CellKind => p.kinds![cell]
const entries = (p: PenPhoto): number[] => [...p.labels.keys()].filter((i) => trueKind(p, i) === 'entry')
/** Whether `digit` is printed in the row, column or box of `cell`. */
const repeatsPrint = (p: PenPhoto, cell: number, digit: number): boolean =>
  peers[cell].some((peer) => trueKind(p, peer) === 'given' && p.labels[peer] === digit)
/** Cells read with the wrong kind, or the wrong digit for a given or an entry. */
function wrongCells(p: PenPhoto, r: ReadSuccess): number[] {
  return r.paper.cells.flatMap((c, i) => {
    const kind = trueKind(p, i)
    const right = c.kind === kind && (kind === 'empty' || kind === 'marks' || c.digit === p.labels[i])
    return right ? [] : [i]
  })
}

describe.skipIf(!photos.length)('reading a page in progress (pen-solved phone photos)', () => {
  it('tells printed givens from pen entries and pencil marks, and reads them', async () => {
    const p = photo(IN_PROGRESS)
    const r = await read(await decodeImage(p.jpg))
    expect(wrongCells(p, r).length).toBeLessThanOrEqual(1)
    const count = (kind: CellKind) => r.paper.cells.filter((c) => c.kind === kind).length
    expect(count('given')).toBeGreaterThanOrEqual(p.kinds!.filter((k) => k === 'given').length - 1)
    expect(count('entry')).toBeGreaterThanOrEqual(p.kinds!.filter((k) => k === 'entry').length - 1)
    expect(count('marks')).toBe([...p.labels].filter((l) => l === MARKS_LABEL).length)
    // The givens are the printed puzzle, a proper one; the entries agree with its solution.
    expect(r.solutions).toBe(1)
    expect(r.paper.mistakes).toEqual([])
    // Givens only in `grid`, written digits only in `entries`.
    r.paper.cells.forEach((c, i) => {
      expect(r.paper.givens[i]).toBe(c.kind === 'given' ? c.digit : 0)
      expect(r.paper.entries[i]).toBe(c.kind === 'entry' ? c.digit : 0)
    })
  })

  it('reads a page solved to the last cell, most of it in pen', async () => {
    const p = photo(SOLVED)
    const r = await read(await decodeImage(p.jpg))
    expect(wrongCells(p, r).length).toBeLessThanOrEqual(1)
    expect(r.paper.cells.filter((c) => c.kind === 'entry').length).toBeGreaterThan(45)
    expect(r.solutions).toBe(1)
  })

  it('reports a written mistake as the person wrote it, never changed to the solution', async () => {
    const p = photo(IN_PROGRESS)
    const image = await decodeImage(p.jpg)
    // Copy one of the person's written digits over another written cell that holds a different one
    // and where the print does not show it already: a slip a person could make.
    const from = entries(p)[0]
    const to = entries(p).find((i) => p.labels[i] !== p.labels[from] && !repeatsPrint(p, i, p.labels[from]))!
    const edited = copyCell(image, p, from, to)
    const r = await read(edited)
    expect(r.paper.cells[to]).toMatchObject({ kind: 'entry', digit: p.labels[from] })
    expect(r.paper.entries[to]).toBe(p.labels[from])
    expect(r.paper.mistakes).toContain(to)
    expect(r.paper.informed).not.toContain(to)
    expect(r.paper.solution![to]).toBe(p.labels[to])
  })

  it("takes a written digit that repeats the print of its row, column or box for the solution's, and says so", async () => {
    const p = photo(IN_PROGRESS)
    const image = await decodeImage(p.jpg)
    // The same copy, over a cell whose row, column or box prints that digit: a misread more likely than a slip.
    const from = entries(p)[0]
    const to = entries(p).find((i) => p.labels[i] !== p.labels[from] && repeatsPrint(p, i, p.labels[from]))!
    const r = await read(copyCell(image, p, from, to))
    expect(r.paper.cells[to]).toMatchObject({ kind: 'entry', digit: p.labels[to] })
    expect(r.paper.informed).toContain(to)
    expect(r.paper.mistakes).not.toContain(to)
  })

  it('reads a photo stored sideways with an EXIF orientation as the same page', async () => {
    const p = photo(IN_PROGRESS)
    // Stored turned a quarter to the left with the tag that says "turn right to view".
    const stored = await sharp(p.jpg).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer()
    const r = await read(await decodeImage(stored))
    expect(wrongCells(p, r).length).toBeLessThanOrEqual(1)
  })
})

/** The photo with cell `to`'s inside (less a margin for its lines) replaced by cell `from`'s, through the grid's perspective. */
function copyCell(image: RgbaImage, p: PenPhoto, from: number, to: number): RgbaImage {
  const grid = squareToQuad(p.corners)
  const shrink = (quad: readonly { x: number; y: number }[]) => {
    const cx = quad.reduce((s, q) => s + q.x, 0) / 4
    const cy = quad.reduce((s, q) => s + q.y, 0) / 4
    return quad.map((q) => ({ x: cx + 0.84 * (q.x - cx), y: cy + 0.84 * (q.y - cy) }))
  }
  const source = shrink(cellQuad(grid, from))
  const target = shrink(cellQuad(grid, to))
  const back = homographyFromPoints(target, source)!
  const data = Uint8Array.from(image.data)
  const xs = target.map((q) => q.x)
  const ys = target.map((q) => q.y)
  for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++)
    for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x++) {
      if (!insideQuad(target as never, { x, y })) continue
      const s = applyHomography(back, { x, y })
      const sx = Math.round(s.x)
      const sy = Math.round(s.y)
      for (let c = 0; c < 4; c++) data[(y * image.width + x) * 4 + c] = image.data[(sy * image.width + sx) * 4 + c]
    }
  return { width: image.width, height: image.height, data }
}
