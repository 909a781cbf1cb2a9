/**
 * Soundness of the advanced finders on real states: for puzzles from magictour top1465 and the
 * forum's hardest 1905, every state met on the way from the givens to the solution is searched by
 * every finder, and no step may place a wrong digit or remove a digit of the unique solution.
 */
import { describe, expect, it } from 'vitest'
import { findAic } from '../../../../src/shared/sudoku/logic/chains/aic'
import { findEmptyRectangle } from '../../../../src/shared/sudoku/logic/single-digit/empty-rectangle'
import { findFinnedFishes } from '../../../../src/shared/sudoku/logic/fish/finned-fish'
import { findTurbotFish } from '../../../../src/shared/sudoku/logic/single-digit/turbot-fish'
import { findBugPlusOne } from '../../../../src/shared/sudoku/logic/uniqueness/bug-plus-one'
import { findSimpleColouring } from '../../../../src/shared/sudoku/logic/single-digit/simple-colouring'
import type { TechniqueFinder } from '../../../../src/shared/sudoku/logic/step'
import { findUniqueRectangles } from '../../../../src/shared/sudoku/logic/uniqueness/unique-rectangle'
import { findXChain } from '../../../../src/shared/sudoku/logic/chains/x-chain'
import { findXYChain } from '../../../../src/shared/sudoku/logic/chains/xy-chain'
import { checkFinders } from './soundness-states'

// Sue de Coq, avoidable rectangles and the ALS finders have their own walk (pattern-soundness.test.ts).
const finders: TechniqueFinder[] = [
  findFinnedFishes,
  findTurbotFish,
  findEmptyRectangle,
  findSimpleColouring,
  findUniqueRectangles,
  findBugPlusOne,
  findXChain,
  findXYChain,
  findAic,
]

const check = (file: string, count: number, seed: number) => checkFinders(finders, file, count, seed)
/** A whole walk per test: seconds on an idle machine, many times that on a loaded one. */
const WALK_TIMEOUT_MS = 300_000

describe('advanced finders on real states', () => {
  it(
    'never contradict the solution (magictour top1465)',
    () => {
      const { errors, found, states } = check('puzzles3_magictour_top1465', 24, 1)
      expect(errors).toEqual([])
      expect(states).toBeGreaterThan(300)
      // The sample must exercise the finders, or this test proves nothing.
      for (const technique of ['finned-fish', 'turbot-fish', 'empty-rectangle', 'simple-colouring', 'x-chain', 'xy-chain', 'aic'])
        expect(found.get(technique) ?? 0, technique).toBeGreaterThan(0)
    },
    WALK_TIMEOUT_MS,
  )

  it(
    'never contradict the solution (forum hardest 1905)',
    () => {
      const { errors, found, states } = check('puzzles5_forum_hardest_1905_11+', 24, 2)
      expect(errors).toEqual([])
      expect(states).toBeGreaterThan(300)
      for (const technique of ['x-chain', 'xy-chain', 'aic']) expect(found.get(technique) ?? 0, technique).toBeGreaterThan(0)
      const urs = [...found].filter(([t]) => t.startsWith('unique-rectangle')).reduce((n, [, c]) => n + c, 0)
      expect(urs).toBeGreaterThan(0)
    },
    WALK_TIMEOUT_MS,
  )
})
