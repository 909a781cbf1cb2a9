import { describe, expect, it } from 'vitest'
import { culpritGivens, singleGivenFixes } from '../../../src/shared/sudoku/culprits'

/** The first of the Sudoku Exchange hard bank (public domain), as in tests/renderer/paper.ts. */
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'

const grid = (text: string) => Uint8Array.from(text, Number)

describe('culpritGivens', () => {
  it.each([
    [1, 4],
    [3, 5],
    [6, 9],
    [40, 4],
  ])('names the misread given (cell %s read as %s) among a few cells', (cell, misreadAs) => {
    const misread = grid(PUZZLE)
    misread[cell] = misreadAs
    expect(singleGivenFixes(misread)).toContainEqual({ cell, digit: Number(PUZZLE[cell]) })
    const culprits = culpritGivens(misread)
    expect(culprits).toContain(cell)
    // A handful to look at, not most of the givens.
    expect(culprits.length).toBeLessThanOrEqual(6)
  })

  it('names nothing for a puzzle that has a solution', () => {
    expect(culpritGivens(grid(PUZZLE))).toEqual([])
  })
})
