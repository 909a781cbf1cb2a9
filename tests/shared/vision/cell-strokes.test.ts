/**
 * cells.ts keeps the whole of a written digit on real cells of the pen train photos (Alex Kubiesa's
 * sudoku-scanner datasets, MIT), warped by their labelled corners: the bar of a 7 and the base of
 * a 2 written wide and near the cell's edge, which the grid-line erasure took for lines, and a 6
 * and an 8 whose strokes the cut broke.
 */
import './opencv-node'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeImage } from '../../../src/cli/decode-image'
import { cellCrop } from '../../../src/shared/vision/cell-crop'
import { type CellImages, extractCells } from '../../../src/shared/vision/cells'
import type { CV } from '../../../src/shared/vision/cv'
import { toGray } from '../../../src/shared/vision/gray'
import { loadOpenCV } from '../../../src/shared/vision/opencv'
import { gridLattice, warpGrid } from '../../../src/shared/vision/warp'
import { type PenPhoto, hasPenPhotos, listPenPhotos } from '../../../datasets/kubiesa'

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
