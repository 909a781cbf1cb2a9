/**
 * One published exemplar puzzle each for the patterns the owned cases meet only on the engine's own
 * terms (technique-cases.test.ts): HoDoKu's exemplars (B. Hobiger, exemplars-1.0), quoted one puzzle
 * per technique with the number of candidates HoDoKu's step removes. A puzzle is a fact; no HoDoKu
 * file is copied. Solved with singles, HoDoKu's simple set, XY-Wing and colouring until they find
 * nothing more, the puzzle's state must offer an instance of the technique that removes as many
 * candidates as HoDoKu's, and every instance must agree with the unique solution.
 */
import { describe, expect, it } from 'vitest'
import { candidatesOf } from '../../../../src/shared/sudoku/board'
import { applyStep, stepErrors } from '../../../../src/shared/sudoku/logic/apply'
import type { Technique } from '../../../../src/shared/sudoku/logic/step'
import { techniques } from '../../../../src/shared/sudoku/logic/techniques'
import { logicalSolve } from '../../../../src/shared/sudoku/logical-solve'
import { solve } from '../../../../src/shared/sudoku/solver'

/** Singles, HoDoKu's simple set (locked candidates, subsets, basic fish), then XY-Wing and colouring. */
const ALLOWED: Technique[] = [
  'full-house',
  'hidden-single',
  'naked-single',
  'locked-candidates-pointing',
  'locked-candidates-claiming',
  'naked-pair',
  'hidden-pair',
  'naked-triple',
  'hidden-triple',
  'naked-quad',
  'hidden-quad',
  'x-wing',
  'swordfish',
  'jellyfish',
  'xy-wing',
  'simple-colouring',
]

const EXEMPLARS: { name: string; technique: Technique; puzzle: string; removed: number }[] = [
  {
    name: 'finned Jellyfish',
    technique: 'finned-fish',
    puzzle: '......8...1.8.5..3..73..6.1.5.621...........473.................8..5.91..62..7...',
    removed: 2,
  },
  {
    name: 'sashimi Jellyfish',
    technique: 'finned-fish',
    puzzle: '...4.6...2.......41......36.463..5....184......7.2..1...5.3..41............5.732.',
    removed: 4,
  },
  { name: 'Sue de Coq', technique: 'sue-de-coq', puzzle: '..4....9765.....2191...73.42.1.3....5.32.6...............6........1746..7...9..1.', removed: 11 },
  { name: 'ALS-XZ', technique: 'als-xz', puzzle: '.24.6....5.74.9.1..............9..7.4....85.3..8..7.6........46..6..3..7.5.7..1..', removed: 2 },
  { name: 'ALS-XY-Wing', technique: 'als-xy-wing', puzzle: '....43.......5...8.721......9.........5....1.18.3..........1.67..7..91..3...6592.', removed: 1 },
]

describe.each(EXEMPLARS)('HoDoKu exemplar: $name', ({ technique, puzzle, removed }) => {
  it('is where the simpler techniques get stuck, and the technique then removes what HoDoKu removes, soundly', () => {
    const simpler = techniques.filter((t) => ALLOWED.includes(t.technique))
    const grid = Uint8Array.from(puzzle, (ch) => (ch === '.' ? 0 : Number(ch)))
    const solution = solve(grid, { limit: 2 }).solution!
    const result = logicalSolve(grid, { techniques: simpler, bruteForce: false, solution })
    expect(result.status).toBe('stuck')
    let cands = candidatesOf(grid)
    const written = Uint8Array.from(grid)
    for (const step of result.steps) {
      cands = applyStep(cands, step)
      for (const { cell, digit } of step.placements) written[cell] = digit
    }
    const finder = techniques.find((e) => e.technique === technique)!.find
    const steps = finder(cands, written, { givens: grid }).filter((s) => s.technique === technique)
    expect(steps.map((s) => s.eliminations.length)).toContain(removed)
    for (const step of steps) expect(stepErrors(step, solution)).toEqual([])
  })
})
