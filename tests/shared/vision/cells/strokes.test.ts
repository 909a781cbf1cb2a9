/**
 * cells/extract-cells.ts keeps the whole of a written digit on real cells of the pen train photos (Alex Kubiesa's
 * sudoku-scanner datasets, MIT), warped by their labelled corners: the bar of a 7 and the base of
 * a 2 written wide and near the cell's edge, which the grid-line erasure took for lines, and a 6
 * and an 8 whose strokes the cut broke. And the geometry paper/print-height.ts judges marks by: a whole
 * digit (grown along its fainter strokes) taller than the print and clear of its crop's edges is
 * written, never pencil marks.
 */
import '../opencv-node'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeImage } from '../../../../src/node/reader/decode-image'
import { boxClearOfCrop, cellCrop } from '../../../../src/shared/vision/cells/crop'
import { type CellImages, extractCells } from '../../../../src/shared/vision/cells/extract-cells'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { toGray } from '../../../../src/shared/vision/core/gray'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { PRINT_HEIGHT_TOLERANCE } from '../../../../src/shared/vision/paper/print-height'
import { gridLattice, warpGrid } from '../../../../src/shared/vision/grid/warp'
import { type PenPhoto, hasPenPhotos, listPenPhotos } from '../../../../datasets/kubiesa'

/** Train photo, cell (row-major) and the digit written there, chosen for variety of digit and phone. */
const WRITTEN = [
  ['03_11_iphone_14_0', 8 * 9 + 7, 7],
  ['03_04_iphone_14_1', 0 * 9 + 4, 2],
  ['03_01_honor_view_10_0', 5 * 9 + 5, 6],
  ['02_24_iphone_14_0', 3 * 9 + 7, 8],
] as const

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

async function cut(photo: PenPhoto): Promise<CellImages> {
  const warped = warpGrid(cv, toGray(await decodeImage(photo.jpg)), photo.corners, 900)
  return extractCells(cv, warped, gridLattice(warped))
}

describe.skipIf(!hasPenPhotos('train'))('a written digit on a photo is cut whole', () => {
  it.each(WRITTEN)('%s cell %i: every bit of ink inside the lines lies in the digit box of its %i', async (name, cell, digit) => {
    const photo = listPenPhotos('train').find((p) => p.name === name)!
    expect(photo.labels[cell]).toBe(digit)
    expect(photo.kinds![cell]).toBe('entry')
    const { cells, ink, bounds } = await cut(photo)
    const box = cells[cell].box!
    expect(cells[cell].filled).toBe(true)
    // The crop less its border band, where grid lines run, holds only the digit's ink.
    const { x0, y0, w, h, band } = cellCrop(bounds[cell], ink.width, ink.height)
    let outside = 0
    for (let y = y0 + band; y < y0 + h - band; y++)
      for (let x = x0 + band; x < x0 + w - band; x++)
        if (ink.data[y * ink.width + x] && (x < box.x || x >= box.x + box.width || y < box.y || y >= box.y + box.height)) outside++
    expect(outside).toBe(0)
  })
})

/** Train photos with pencil marks beside pen entries, one per phone; one has a mark written against a grid line. */
const MARKED = ['02_22_iphone_14_0', '02_19_honor_view_10_0']

/** The page's print height as paper/print-height.ts measures it: the median first-cut box of its printed givens. */
function printHeight(cells: CellImages['cells'], photo: PenPhoto): number {
  const heights = cells.flatMap((c, i) => (photo.kinds![i] === 'given' && c.box ? [c.box.height] : [])).sort((a, b) => a - b)
  return heights[heights.length >> 1]
}

describe.skipIf(!hasPenPhotos('train'))('height tells a written digit from pencil marks on a photo', () => {
  it.each(MARKED)('%s: no marks cell has a whole digit taller than the print and clear of its crop edges; most entries do', async (name) => {
    const photo = listPenPhotos('train').find((p) => p.name === name)!
    const { cells, bounds, ink } = await cut(photo)
    const print = printHeight(cells, photo)
    const tallAndClear = (i: number): boolean => {
      const whole = cells[i].whole
      return whole !== null && whole.height > print * (1 + PRINT_HEIGHT_TOLERANCE) && boxClearOfCrop(whole, cellCrop(bounds[i], ink.width, ink.height))
    }
    const of = (kind: string): number[] => [...cells.keys()].filter((i) => photo.kinds![i] === kind)
    expect(of('marks').length).toBeGreaterThan(3)
    expect(of('marks').filter(tallAndClear)).toEqual([])
    expect(of('entry').filter(tallAndClear).length).toBeGreaterThan(0.6 * of('entry').length)
  })

  /** Train photo, cell (row-major) and the written digit there whose light strokes the first cut lost. */
  const BROKEN = [
    ['02_19_honor_view_10_1', 5 * 9 + 1, 8],
    ['02_22_honor_view_10_1', 1 * 9 + 6, 5],
    ['03_03_honor_view_10_1', 4 * 9 + 3, 3],
  ] as const
  it.each(BROKEN)('%s cell %i: a %i cut short as marks is taller than the print when grown whole', async (name, cell, digit) => {
    const photo = listPenPhotos('train').find((p) => p.name === name)!
    expect([photo.kinds![cell], photo.labels[cell]]).toEqual(['entry', digit])
    const { cells, bounds, ink } = await cut(photo)
    const print = printHeight(cells, photo)
    const { box, whole } = cells[cell]
    expect(box!.height).toBeLessThan(print)
    expect(whole!.height).toBeGreaterThan(print * (1 + PRINT_HEIGHT_TOLERANCE))
    expect(boxClearOfCrop(whole!, cellCrop(bounds[cell], ink.width, ink.height))).toBe(true)
  })
})
