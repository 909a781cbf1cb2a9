/**
 * Ratings on the Sudoku Exchange banks (public domain), whose own labels say easy / medium / hard.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ratePuzzle, rateSteps } from '../../../src/shared/sudoku/rating'
import type { Step } from '../../../src/shared/sudoku/logic/step'
import { join } from 'node:path'
import { PUZZLES_DIR } from '../../../datasets/puzzles'

const firstPuzzles = (level: string, n: number) =>
  readFileSync(join(PUZZLES_DIR, `${level}_puzzle_and_solution.txt`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, n)
    .map((line) => Uint8Array.from(line.split(' ')[0], Number))

describe('ratePuzzle', () => {
  it('rates the easy bank easy, with singles only', () => {
    for (const grid of firstPuzzles('easy', 20)) {
      const r = ratePuzzle(grid)
      expect(r.status).toBe('solved')
      expect(r.level).toBe('easy')
      expect(r.techniques.every((t) => ['full-house', 'naked-single', 'hidden-single'].includes(t.technique))).toBe(true)
      expect(r.steps).toBe(grid.filter((d) => d === 0).length)
    }
  })

  it('rates hard-bank puzzles above easy ones, and lists the techniques used in order', () => {
    const easy = firstPuzzles('easy', 10).map((g) => ratePuzzle(g).score)
    const hard = firstPuzzles('hard', 10).map((g) => ratePuzzle(g))
    // The score measures work (HoDoKu's weights), so single puzzles may overlap; banks do not.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    expect(mean(hard.map((r) => r.score))).toBeGreaterThan(mean(easy) * 1.5)
    expect(hard.some((r) => r.level === 'hard')).toBe(true)
    for (const r of hard) {
      expect(r.level).not.toBe('easy')
      expect(r.hardest).toBe(r.techniques[r.techniques.length - 1].technique)
    }
  })

  it('says when a puzzle cannot be rated', () => {
    expect(ratePuzzle(new Uint8Array(81)).status).toBe('multiple-solutions')
    const clash = Uint8Array.from(firstPuzzles('easy', 1)[0])
    clash[0] = 5
    clash[1] = 5
    expect(ratePuzzle(clash)).toMatchObject({ status: 'no-solution', level: null })
  })
})

describe('Sudoku Explainer figure', () => {
  it("is the hardest step's: singles for the easy bank, forcing chains and nets for the hardest puzzles", () => {
    for (const grid of firstPuzzles('easy', 5)) expect(ratePuzzle(grid).explainer).toBeLessThanOrEqual(2.3)
    const step = (technique: Step['technique'], difficulty?: number): Step => ({
      technique,
      placements: [],
      eliminations: [],
      cells: [],
      units: [],
      text: '',
      difficulty,
    })
    expect(rateSteps([step('hidden-single'), step('x-wing'), step('naked-single')]).explainer).toBe(3.2)
    // A forcing step carries its own figure (kind and length), which wins over its technique's base.
    expect(rateSteps([step('x-wing'), step('forcing-net', 9.7)]).explainer).toBe(9.7)
  })
})

describe('rateSteps', () => {
  it('takes the level from the hardest technique and adds up the score', () => {
    const step = (technique: Step['technique']): Step => ({ technique, placements: [], eliminations: [], cells: [], units: [], text: '' })
    const r = rateSteps([step('naked-single'), step('x-wing'), step('naked-single'), step('brute-force')])
    expect(r.level).toBe('extreme')
    expect(r.hardest).toBe('brute-force')
    expect(r.techniques).toEqual([
      { technique: 'naked-single', count: 2 },
      { technique: 'x-wing', count: 1 },
      { technique: 'brute-force', count: 1 },
    ])
    expect(r.score).toBe(4 + 140 + 4 + 1000)
  })
})
