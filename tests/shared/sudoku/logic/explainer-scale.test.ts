/**
 * The mapping onto Sudoku Explainer's scale (explainer-scale.ts), checked against the figures in
 * SE 1.2.1's getDifficulty() methods, and whole puzzles rated the way SE rates them: the easiest
 * step on its scale each time, the puzzle's figure its hardest step's.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parsePuzzle } from '../../../../src/shared/sudoku/format'
import { FORCING_BASE, forcingDifficulty, lengthBonus, stepDifficulty } from '../../../../src/shared/sudoku/logic/explainer-scale'
import type { Step } from '../../../../src/shared/sudoku/logic/step'
import { ratePuzzle } from '../../../../src/shared/sudoku/rating'
import { PUZZLES_DIR } from '../../../../datasets/puzzles'

const step = (technique: Step['technique'], units: number[] = [], cells: number[] = []): Step => ({
  technique,
  placements: [],
  eliminations: [],
  cells,
  units,
  text: '',
})

describe('singles', () => {
  it('rate as SE: full house 1.0, hidden single 1.2 in a box and 1.5 in a line, naked single 2.3', () => {
    expect(stepDifficulty(step('full-house'))).toBe(1.0)
    expect(stepDifficulty(step('hidden-single', [18]))).toBe(1.2) // box 1
    expect(stepDifficulty(step('hidden-single', [3]))).toBe(1.5) // row 4
    expect(stepDifficulty(step('hidden-single', [12]))).toBe(1.5) // column 4
    expect(stepDifficulty(step('naked-single'))).toBe(2.3)
  })
})

describe('chains', () => {
  it("add SE's length bonus to the length less the two ends", () => {
    expect([4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].map(lengthBonus)).toEqual([0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6])
    // An X-Chain through 3 cells: 6 candidates, length 4, no bonus (SE's Turbot Fish, 6.6).
    expect(stepDifficulty(step('x-chain', [], [0, 1, 2]))).toBe(6.6)
    expect(stepDifficulty(step('x-chain', [], [0, 1, 2, 3]))).toBe(6.7)
  })

  it('forcing steps: 7.0 from one candidate or a two-option cell or unit, 8.0 from one with more, nets 8.5 and 9.0', () => {
    expect(forcingDifficulty(FORCING_BASE.chain, 'contradiction', 1, 6)).toBe(7.0)
    expect(forcingDifficulty(FORCING_BASE.chain, 'digit', 2, 7)).toBe(7.1)
    expect(forcingDifficulty(FORCING_BASE.chain, 'cell', 2, 6)).toBe(7.0)
    expect(forcingDifficulty(FORCING_BASE.chain, 'unit', 2, 6)).toBe(7.0)
    expect(forcingDifficulty(FORCING_BASE.chain, 'cell', 3, 6)).toBe(8.0)
    expect(forcingDifficulty(FORCING_BASE.net, 'unit', 4, 20)).toBe(9.0) // length 18: +0.5
    expect(forcingDifficulty(FORCING_BASE.netPlus, 'contradiction', 1, 6)).toBe(9.0)
  })
})

describe('whole puzzles', () => {
  it('rate 1.2, 1.5 or 2.3 when singles finish them, as SE rates them (1.2 when box hidden singles alone do)', () => {
    const lines = readFileSync(`${PUZZLES_DIR}/easy_puzzle_and_solution.txt`, 'utf8')
      .split('\n')
      .filter((l) => l.length >= 81)
    const figures = lines.slice(0, 20).map((l) => ratePuzzle(parsePuzzle(l.slice(0, 81))).explainer)
    for (const figure of figures) expect([1.2, 1.5, 2.3]).toContain(figure)
    expect(figures).toContain(1.2)
  })
})
