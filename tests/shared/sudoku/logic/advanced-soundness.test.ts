/**
 * Soundness of the advanced finders on real states: for puzzles from magictour top1465 and the
 * forum's hardest 1905, every state met on the way from the givens to the solution is searched by
 * every finder, and no step may place a wrong digit or remove a digit of the unique solution.
 */
import { describe, expect, it } from 'vitest'
import { type Candidates, boxOf } from '../../../../src/shared/sudoku/board'
import { findAic } from '../../../../src/shared/sudoku/logic/aic'
import { findAlsXyWing } from '../../../../src/shared/sudoku/logic/als-xy-wing'
import { findAlsXz } from '../../../../src/shared/sudoku/logic/als-xz'
import { gridOf } from '../../../../src/shared/sudoku/logic/apply'
import { findAvoidableRectangles } from '../../../../src/shared/sudoku/logic/avoidable-rectangle'
import { findSueDeCoq } from '../../../../src/shared/sudoku/logic/sue-de-coq'
import { findEmptyRectangle } from '../../../../src/shared/sudoku/logic/empty-rectangle'
import { findFinnedFishes } from '../../../../src/shared/sudoku/logic/finned-fish'
import { findTurbotFish } from '../../../../src/shared/sudoku/logic/turbot-fish'
import { findBugPlusOne } from '../../../../src/shared/sudoku/logic/bug-plus-one'
import { findSimpleColouring } from '../../../../src/shared/sudoku/logic/simple-colouring'
import type { Step, TechniqueFinder } from '../../../../src/shared/sudoku/logic/step'
import { findUniqueRectangles } from '../../../../src/shared/sudoku/logic/unique-rectangle'
import { findXChain } from '../../../../src/shared/sudoku/logic/x-chain'
import { findXYChain } from '../../../../src/shared/sudoku/logic/xy-chain'
import { contradictions, samplePuzzles, seededRandom, solutionOf, walkStates } from './soundness-states'

const finders: TechniqueFinder[] = [
  findFinnedFishes, findTurbotFish, findEmptyRectangle, findSimpleColouring, findUniqueRectangles, findAvoidableRectangles,
  findSueDeCoq, findBugPlusOne, findAlsXz, findXChain, findXYChain, findAlsXyWing, findAic,
]

function check(file: string, count: number, seed: number) {
  const errors: string[] = []
  const found = new Map<string, number>()
  let states = 0
  const random = seededRandom(seed)
  for (const [i, grid] of samplePuzzles(file, count).entries()) {
    const solution = solutionOf(grid)
    const sound = (step: Step): boolean => contradictions(step, solution).length === 0
    let latest: Step[] = [] // the steps of the state just visited, easiest finder first
    walkStates(
      grid,
      solution,
      random,
      // Carry on with the first sound advanced step, so the walk meets the states they lead to.
      () => latest.find(sound) ?? null,
      (cands: Candidates) => {
        states++
        // Every cell down to one candidate holds its digit (the walk stays true to the solution),
        // so it counts as written in; the puzzle's clues are the givens.
        latest = finders.flatMap((find) => find(cands, gridOf(cands), grid))
        for (const step of latest) {
          found.set(step.technique, (found.get(step.technique) ?? 0) + 1)
          for (const error of contradictions(step, solution)) errors.push(`puzzle ${i}: ${error}: ${step.text}`)
          if (/^(unique|hidden|avoidable)-rectangle/.test(step.technique)) {
            expect(step.cells).toHaveLength(4)
            expect(new Set(step.cells.map(boxOf)).size).toBe(2)
          }
          expect(step.eliminations.length + step.placements.length).toBeGreaterThan(0)
          expect(step.text.length).toBeGreaterThan(20)
        }
      },
    )
  }
  return { errors, found, states }
}

describe('advanced finders on real states', () => {
  it('never contradict the solution (magictour top1465)', () => {
    const { errors, found, states } = check('puzzles3_magictour_top1465', 24, 1)
    expect(errors).toEqual([])
    expect(states).toBeGreaterThan(300)
    // The sample must exercise the finders, or this test proves nothing.
    for (const technique of ['finned-fish', 'turbot-fish', 'empty-rectangle', 'simple-colouring', 'x-chain', 'xy-chain', 'aic'])
      expect(found.get(technique) ?? 0, technique).toBeGreaterThan(0)
  })

  it('never contradict the solution (forum hardest 1905)', () => {
    const { errors, found, states } = check('puzzles5_forum_hardest_1905_11+', 24, 2)
    expect(errors).toEqual([])
    expect(states).toBeGreaterThan(300)
    for (const technique of ['x-chain', 'xy-chain', 'aic']) expect(found.get(technique) ?? 0, technique).toBeGreaterThan(0)
    const urs = [...found].filter(([t]) => t.startsWith('unique-rectangle')).reduce((n, [, c]) => n + c, 0)
    expect(urs).toBeGreaterThan(0)
  })
})
