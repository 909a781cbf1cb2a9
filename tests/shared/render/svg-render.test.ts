/**
 * The SVG drawings rendered for real with sharp (librsvg), as the CLI export does.
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { cleanGridLayout, cleanGridSvg } from '../../../src/shared/render/clean-grid'
import { cellQuad, insideQuad, squareToQuad } from '../../../src/shared/render/homography'
import { overlaySvg, placeSolution } from '../../../src/shared/render/solution-layout'
import { parsePuzzle } from '../../../src/shared/sudoku/format'
import type { Corners } from '../../../src/shared/vision/image'

const puzzle = parsePuzzle('530070000600195000098000060800060003400803001700020006060000280000419005000080079')
const solution = parsePuzzle('534678912672195348198342567859761423426853791713924856961537284287419635345286179')

async function raw(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Share of dark-ish or coloured pixels in a square region. */
function inkShare(image: { data: Buffer; width: number }, x0: number, y0: number, side: number): number {
  let ink = 0
  for (let y = Math.round(y0); y < y0 + side; y++) {
    for (let x = Math.round(x0); x < x0 + side; x++) {
      const i = (y * image.width + x) * 4
      if (image.data[i] + image.data[i + 1] + image.data[i + 2] < 600) ink++
    }
  }
  return ink / (side * side)
}

describe('cleanGridSvg', () => {
  it('draws a digit in every cell when solved and none in empty cells otherwise', async () => {
    const size = 450
    const { margin, cell } = cleanGridLayout(size)
    const solved = await raw(cleanGridSvg({ givens: puzzle, solution, size }))
    const bare = await raw(cleanGridSvg({ givens: puzzle, solution: null, size }))
    expect(solved.width).toBe(size)
    for (let c = 0; c < 81; c++) {
      const x = margin + (c % 9) * cell + cell * 0.2
      const y = margin + Math.floor(c / 9) * cell + cell * 0.2
      expect(inkShare(solved, x, y, cell * 0.6)).toBeGreaterThan(0.03)
      if (puzzle[c]) expect(inkShare(bare, x, y, cell * 0.6)).toBeGreaterThan(0.03)
      else expect(inkShare(bare, x, y, cell * 0.6)).toBe(0)
    }
  })
})

describe('overlaySvg', () => {
  it('draws only inside the empty cells of the quad, in perspective', async () => {
    const corners: Corners = [
      { x: 120, y: 60 },
      { x: 520, y: 90 },
      { x: 560, y: 440 },
      { x: 80, y: 420 },
    ]
    const placed = placeSolution(corners, puzzle, solution)
    expect(placed).toHaveLength(puzzle.filter((d) => !d).length)
    const image = await raw(overlaySvg(640, 480, placed))
    const h = squareToQuad(corners)
    const quads = placed.map((p) => cellQuad(h, p.cell))
    let drawn = 0
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 640; x++) {
        if (image.data[(y * 640 + x) * 4 + 3] < 32) continue
        drawn++
        expect(quads.some((q) => insideQuad(q, { x, y }))).toBe(true)
      }
    }
    expect(drawn).toBeGreaterThan(placed.length * 40)
  })
})
