/**
 * A time-lapse shot's grid found a cell off, moved onto the print the shots before read
 * (watch/print-place.ts): on a drawn page whose every line is printed alike, boxed with a rule a row
 * above it as a newspaper boxes its puzzle, so its box lines cannot tell (grid/box-lines.ts).
 */
import '../opencv-node'
import { beforeAll, describe, expect, it } from 'vitest'
import { parsePuzzle } from '../../../../src/shared/sudoku/format'
import { extractCells } from '../../../../src/shared/vision/cells/extract-cells'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { grayScales } from '../../../../src/shared/vision/core/gray'
import type { Corners, GrayImage } from '../../../../src/shared/vision/core/image'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { printMove, showsPrint } from '../../../../src/shared/vision/watch/print-on-page'
import { gridOnPrint } from '../../../../src/shared/vision/watch/print-place'
import { gridLattice, warpGrid } from '../../../../src/shared/vision/grid/warp'
import { gridQuad, quadsApart } from '../drawn-grid'

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

const SIZE = 600
const LEFT = 120
const TOP = 160
const CELL = 40
const PRINT = parsePuzzle('530070000600195000098000060800060003400803001700020006060000280000419005000080079')

/** The page: grid lines 2 px wide, the border too; a rule a row above the grid, the border's sides run up to it; a bar in each printed cell. */
function page(): GrayImage {
  const data = new Uint8Array(SIZE * SIZE).fill(225)
  const ink = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * SIZE + x] = 35
  }
  for (let i = 0; i <= 9; i++) {
    const top = i === 0 || i === 9 ? TOP - CELL : TOP
    ink(LEFT + i * CELL - 1, top, LEFT + i * CELL + 1, TOP + 9 * CELL + 1)
    ink(LEFT, TOP + i * CELL - 1, LEFT + 9 * CELL + 1, TOP + i * CELL + 1)
  }
  ink(LEFT, TOP - CELL - 1, LEFT + 9 * CELL + 1, TOP - CELL + 1)
  PRINT.forEach((digit, cell) => {
    if (!digit) return
    const x = LEFT + (cell % 9) * CELL + CELL / 2
    const y = TOP + Math.floor(cell / 9) * CELL + CELL / 2
    ink(x - 4, y - 11, x + 4, y + 11)
  })
  return { width: SIZE, height: SIZE, data }
}

/** The grid's quad moved by whole cells. */
const gridAt = (across: number, down: number): Corners => gridQuad(LEFT, TOP, CELL, across, down)

/** The print as a grid `down` rows off reads it: row r of the grid shows the page's row r + down. */
const printReadOff = (down: number) => PRINT.map((_, cell) => (cell + 9 * down >= 0 && cell + 9 * down < 81 ? PRINT[cell + 9 * down] : 0))

const cellsAt = (gray: GrayImage, quad: Corners) => {
  const warped = warpGrid(cv, gray, quad, 900)
  return extractCells(cv, warped, gridLattice(warped)).cells
}

const placed = (gray: GrayImage, quad: Corners, print: Uint8Array) => gridOnPrint(cv, grayScales(gray), cellsAt(gray, quad), quad, print)

describe('gridOnPrint', () => {
  const drawn = page()

  it('moves a grid found a row up, its top row the box above the puzzle, down onto the print', () => {
    const moved = placed(drawn, gridAt(0, -1), PRINT)
    expect(moved).not.toBeNull()
    expect(quadsApart(moved!, gridAt(0, 0))).toBeLessThan(1)
  })

  it('leaves a grid found in place where it is: where the page shows the print, and where the print was read a row up', () => {
    expect(placed(drawn, gridAt(0, 0), PRINT)).toBeNull()
    // The print read a row up shows a row up here; the grid found in place is the likelier grid.
    const cells = cellsAt(drawn, gridAt(0, 0))
    expect(printMove(printReadOff(-1), (cell) => showsPrint(cells[cell]))).toEqual({ across: 0, down: -1 })
    expect(placed(drawn, gridAt(0, 0), printReadOff(-1))).toBeNull()
  })
})
