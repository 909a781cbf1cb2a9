/**
 * Soundness of Sue de Coq, avoidable rectangles and the ALS finders on real states, as in
 * advanced-soundness.test.ts: puzzles from magictour top1465 and the forum's hardest 1905 walked
 * from the givens to the solution, every state searched by every finder, and no step may remove a
 * digit of the unique solution. Fewer puzzles than there: these finders cost more on the walk's
 * early, candidate-rich states (bench/logic-chains.ts).
 */
import { describe, expect, it } from 'vitest'
import { findAlsXyWing } from '../../../../src/shared/sudoku/logic/als/als-xy-wing'
import { findAlsXz } from '../../../../src/shared/sudoku/logic/als/als-xz'
import { findAvoidableRectangles } from '../../../../src/shared/sudoku/logic/uniqueness/avoidable-rectangle'
import type { TechniqueFinder } from '../../../../src/shared/sudoku/logic/step'
import { findSueDeCoq } from '../../../../src/shared/sudoku/logic/als/sue-de-coq'
import { checkFinders } from './soundness-states'

const finders: TechniqueFinder[] = [findAvoidableRectangles, findSueDeCoq, findAlsXz, findAlsXyWing]
/** A whole walk per test: a few seconds on an idle machine, many times that on a loaded one. */
const WALK_TIMEOUT_MS = 300_000

describe('pattern finders on real states', () => {
  it.each([
    ['puzzles3_magictour_top1465', 1],
    ['puzzles5_forum_hardest_1905_11+', 2],
  ] as const)(
    'never contradict the solution (%s)',
    (file, seed) => {
      const { errors, found, states } = checkFinders(finders, file, 10, seed)
      expect(errors).toEqual([])
      expect(states).toBeGreaterThan(100)
      // The sample must exercise the finders, or this test proves nothing.
      for (const technique of ['sue-de-coq', 'als-xz', 'als-xy-wing']) expect(found.get(technique) ?? 0, technique).toBeGreaterThan(0)
    },
    WALK_TIMEOUT_MS,
  )
})
