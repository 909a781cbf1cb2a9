/** Where a grid's box lines are: a quad a cell off, told by its thicker lines. */
import '../opencv-node'
import { beforeAll, describe, expect, it } from 'vitest'
import { type CV, withMats } from '../../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { thresholdImage } from '../../../../src/shared/vision/grid/find-grid'
import { boxAligned } from '../../../../src/shared/vision/grid/box-lines'
import type { Corners, GrayImage } from '../../../../src/shared/vision/core/image'
import { matFromGray } from '../../../../src/shared/vision/core/mats'
import { gridQuad, quadsApart } from '../drawn-grid'

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

const SIZE = 480
const LEFT = 105
const TOP = 105
const CELL = 30

/**
 * A grey page with a grid of 30 px cells from (105, 105): lines `thin` px wide, the border and
 * the box lines `thick`; a column of text lines left of the border, as a newspaper's margin.
 */
function page(thin: number, thick: number): GrayImage {
  const data = new Uint8Array(SIZE * SIZE).fill(220)
  const ink = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * SIZE + x] = 40
  }
  for (let i = 0; i <= 9; i++) {
    const w = i % 3 === 0 ? thick : thin
    const at = (origin: number) => origin + i * CELL - Math.floor(w / 2)
    ink(at(LEFT), TOP, at(LEFT) + w, TOP + 9 * CELL + 1)
    ink(LEFT, at(TOP), LEFT + 9 * CELL + 1, at(TOP) + w)
  }
  for (let y = TOP; y < TOP + 9 * CELL; y += 12) ink(LEFT - CELL + 4, y, LEFT - 6, y + 3)
  return { width: SIZE, height: SIZE, data }
}

/** The grid's quad moved by whole cells. */
const gridAt = (across: number, down: number): Corners => gridQuad(LEFT, TOP, CELL, across, down)

const aligned = (gray: GrayImage, quad: Corners): Corners => withMats((own) => boxAligned(cv, thresholdImage(cv, own(matFromGray(cv, gray)), own), quad, own))

describe('boxAligned', () => {
  const boxed = page(1, 4)

  it('leaves a grid whose thicker lines are its box lines where it is', () => {
    const quad = gridAt(0, 0)
    expect(aligned(boxed, quad)).toBe(quad)
  })

  it.each([
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
    [-1, 1],
  ])('moves a quad %i, %i cells off back onto the grid', (du, dv) => {
    expect(quadsApart(aligned(boxed, gridAt(du, dv)), gridAt(0, 0))).toBeLessThan(1)
  })

  it('leaves a quad a cell off where every line is printed alike: nothing tells', () => {
    const quad = gridAt(-1, 0)
    expect(aligned(page(2, 2), quad)).toBe(quad)
  })
})
