/**
 * The SVG drawings rendered for real with sharp (librsvg), as the CLI export does.
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { cleanGridLayout, cleanGridSvg } from '../../../src/shared/render/clean-grid'
import { cellQuad, insideQuad, squareToQuad } from '../../../src/shared/vision/core/homography'
import { AMONG_MARKS_SCALE, overlaySvg, paperInkOf, placeSolution } from '../../../src/shared/render/solution-layout'
import type { CellKind } from '../../../src/shared/vision/cell-reading'
import { parsePuzzle } from '../../../src/shared/sudoku/format'
import type { Corners } from '../../../src/shared/vision/core/image'

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

describe("cleanGridSvg with the player's digits", () => {
  /** Pixels of a cell's middle by colour: typed blue, pen navy, solution green, red. */
  function colours(image: { data: Buffer; width: number }, size: number, c: number): Record<string, number> {
    const { margin, cell } = cleanGridLayout(size)
    const out = { user: 0, pen: 0, solution: 0, red: 0 }
    const [x0, y0] = [margin + (c % 9) * cell, margin + Math.floor(c / 9) * cell]
    for (let y = Math.round(y0 + cell * 0.1); y < y0 + cell * 0.9; y++) {
      for (let x = Math.round(x0 + cell * 0.1); x < x0 + cell * 0.9; x++) {
        const i = (y * image.width + x) * 4
        const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]]
        if (r > 150 && g < 80 && b < 80) out.red++
        else if (g > 100 && r < 60 && b < 90) out.solution++
        else if (b > 150 && r < 80 && g < 130) out.user++
        else if (b > 80 && b < 140 && r < 60 && g < 70) out.pen++
      }
    }
    return out
  }

  it('draws them unsolved and solved: typed in blue, pen in its navy, a wrong one underlined once the solution is shown', async () => {
    const size = 450
    // r1c3 (2) typed right (4), r1c4 (3) written in pen right (6), r1c6 (5) typed wrong (1 for 8).
    const entries = new Uint8Array(81)
    ;[entries[2], entries[3], entries[5]] = [4, 6, 1]
    const written = new Uint8Array(81)
    written[3] = 1
    const player = { entries, written }
    const bare = await raw(cleanGridSvg({ givens: puzzle, player, solution: null, size }))
    const solved = await raw(cleanGridSvg({ givens: puzzle, player, solution, size }))
    for (const image of [bare, solved]) {
      expect(colours(image, size, 2)).toMatchObject({ solution: 0, red: 0 })
      expect(colours(image, size, 2).user).toBeGreaterThan(40)
      expect(colours(image, size, 3).pen).toBeGreaterThan(40)
      expect(colours(image, size, 3)).toMatchObject({ user: 0, solution: 0 })
      expect(colours(image, size, 5).user).toBeGreaterThan(40)
      expect(colours(image, size, 5).solution).toBe(0)
    }
    // Unsolved, no solution anywhere and nothing wrong shown; solved, the rest in green and r1c6 underlined.
    expect(colours(bare, size, 6)).toEqual({ user: 0, pen: 0, solution: 0, red: 0 })
    expect(colours(bare, size, 5).red).toBe(0)
    expect(colours(solved, size, 6).solution).toBeGreaterThan(40)
    expect(colours(solved, size, 5).red).toBeGreaterThan(20)
    expect(colours(solved, size, 2).red).toBe(0)
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
    const placed = placeSolution(corners, { digits: puzzle }, solution)
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

describe('placeSolution on a page in progress', () => {
  it('leaves the cells holding a printed or pen digit, and draws smaller among pencil marks', () => {
    // The export drew the solution over their pen digits and pencil marks: r1c3 (2) holds a pen
    // digit, r1c4 (3) pencil marks, r1c6 (5) a given the reader missed and the board has.
    const corners: Corners = [
      { x: 0, y: 0 },
      { x: 900, y: 0 },
      { x: 900, y: 900 },
      { x: 0, y: 900 },
    ]
    const kinds = Array.from(puzzle, (d, cell): { kind: CellKind } => ({ kind: d ? 'given' : cell === 2 ? 'entry' : cell === 3 ? 'marks' : 'empty' }))
    const board = new Uint8Array(81)
    board[5] = 1
    const placed = placeSolution(corners, paperInkOf(kinds, board), solution)
    const cells = placed.map((p) => p.cell)
    expect(cells).not.toContain(2)
    expect(cells).not.toContain(5)
    expect(cells).toHaveLength(puzzle.filter((d) => !d).length - 2)
    const full = placed.find((p) => p.cell === 6)!.transform
    const among = placed.find((p) => p.cell === 3)!.transform
    // AMONG_MARKS_SCALE the size, in the lower right quarter: 20 px right of and below r1c4's centre (350, 50).
    expect(among[0]).toBeCloseTo(full[0] * AMONG_MARKS_SCALE)
    expect(among[3]).toBeCloseTo(full[3] * AMONG_MARKS_SCALE)
    expect([among[4], among[5]].map((n) => Math.round(n * 1000) / 1000)).toEqual([370, 70])
  })
})
