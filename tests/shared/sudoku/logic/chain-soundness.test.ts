/**
 * Soundness of the nice loop and grouped chain finders on real states (as advanced-soundness.test.ts
 * does for the others, kept apart so neither file runs for minutes): on the way from the givens to
 * the solution of puzzles from magictour top1465 and the forum's hardest 1905, no step they find
 * may place a wrong digit or remove a digit of the unique solution.
 */
import { describe, expect, it } from 'vitest'
import { findContinuousNiceLoop } from '../../../../src/shared/sudoku/logic/chains/continuous-nice-loop'
import { findDiscontinuousNiceLoop } from '../../../../src/shared/sudoku/logic/chains/discontinuous-nice-loop'
import { findGroupedAic } from '../../../../src/shared/sudoku/logic/chains/grouped-aic'
import { findGroupedXChain } from '../../../../src/shared/sudoku/logic/chains/grouped-x-chain'
import { walkWithFinders } from './soundness-states'

const finders = [findContinuousNiceLoop, findDiscontinuousNiceLoop, findGroupedXChain, findGroupedAic]
const TECHNIQUES = ['continuous-nice-loop', 'discontinuous-nice-loop', 'grouped-x-chain', 'grouped-aic']
/** States visited per puzzle: enough for each finder to fire, few enough to run in seconds. */
const STATES_PER_PUZZLE = 30
/** A guard against a hang, far above the few seconds this takes on an idle machine. */
const TIMEOUT_MS = 240_000

describe('nice loops and grouped chains on real states', () => {
  it.each([
    ['puzzles3_magictour_top1465', 1],
    ['puzzles5_forum_hardest_1905_11+', 2],
  ])(
    'never contradict the solution (%s)',
    (file, seed) => {
      const { errors, found, states } = walkWithFinders(
        file,
        8,
        seed,
        finders,
        (step) => {
          expect(step.eliminations.length + step.placements.length).toBeGreaterThan(0)
        },
        STATES_PER_PUZZLE,
      )
      expect(errors).toEqual([])
      expect(states).toBeGreaterThan(100)
      // The sample must exercise every finder, or this test proves nothing.
      for (const technique of TECHNIQUES) expect(found.get(technique) ?? 0, technique).toBeGreaterThan(0)
    },
    TIMEOUT_MS,
  )
})
