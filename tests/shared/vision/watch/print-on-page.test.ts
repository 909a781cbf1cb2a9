/** Whether a page shows a known print, and where a grid found a cell off shows it (watch/print-on-page.ts). */
import { describe, expect, it } from 'vitest'
import { parsePuzzle } from '../../../../src/shared/sudoku/format'
import { FILLED_THRESHOLD } from '../../../../src/shared/vision/cells/extract-cells'
import { PRINT_INK_SCORE, printMove, printOnPage, showsPrint } from '../../../../src/shared/vision/watch/print-on-page'

const PRINT = parsePuzzle('530070000600195000098000060800060003400803001700020006060000280000419005000080079')

/** The cells a grid `across` and `down` cells off the print's shows ink in: its cell (r, c) is the page's (r - down, c - across). */
const seenOff =
  (across: number, down: number, print = PRINT) =>
  (cell: number): boolean => {
    const row = Math.floor(cell / 9) - down
    const col = (cell % 9) - across
    return row >= 0 && row < 9 && col >= 0 && col < 9 && print[row * 9 + col] > 0
  }

describe('printOnPage', () => {
  it('holds where nine in ten of the print’s cells show ink, and not with more blank', () => {
    const printed = [...PRINT.keys()].filter((cell) => PRINT[cell])
    const blank = (n: number) => new Set(printed.slice(0, n))
    const allowed = Math.floor(printed.length * 0.1)
    expect(printOnPage(PRINT, (cell) => PRINT[cell] > 0 && !blank(allowed).has(cell))).toBe(true)
    expect(printOnPage(PRINT, (cell) => PRINT[cell] > 0 && !blank(allowed + 1).has(cell))).toBe(false)
  })
})

describe('printMove', () => {
  it.each([
    [0, 1],
    [0, -1],
    [1, 0],
    [-1, 0],
    [1, 1],
    [-1, 1],
  ])('finds the print under a grid %i across and %i down off it, and moves the grid that way', (across, down) => {
    const inked = seenOff(across, down)
    expect(printOnPage(PRINT, inked)).toBe(false)
    expect(printMove(PRINT, inked)).toEqual({ across, down })
  })

  it('finds no move on another page, nor on a page ink in every cell shows under every move', () => {
    const other = parsePuzzle('000000010400000000020000000000050407008000300001090000300400200050100000000806000')
    expect(printMove(PRINT, seenOff(0, 0, other))).toBeNull()
    expect(printMove(PRINT, () => true)).toBeNull()
  })
})

describe('showsPrint', () => {
  it('takes a faint blob for the print it knows, where a new digit must reach the threshold, and no blob for none', () => {
    const box = { x: 0, y: 0, width: 10, height: 20 }
    expect(showsPrint({ filled: true, filledScore: FILLED_THRESHOLD, box })).toBe(true)
    expect(showsPrint({ filled: false, filledScore: PRINT_INK_SCORE, box })).toBe(true)
    expect(showsPrint({ filled: false, filledScore: PRINT_INK_SCORE - 0.01, box })).toBe(false)
    expect(showsPrint({ filled: false, filledScore: PRINT_INK_SCORE, box: null })).toBe(false)
  })
})
