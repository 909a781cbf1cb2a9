import { describe, expect, it } from 'vitest'
import { bitCount } from '../../../../src/shared/sudoku/board'
import { solve } from '../../../../src/shared/sudoku/solver'
import { findXYChain } from '../../../../src/shared/sudoku/logic/xy-chain'
import { HODOKU } from './hodoku-examples'
import { parseHodokuLine } from './hodoku-line'
import { contradictions, keysOf, removedKeys } from './soundness-states'

/** The XY-Chains of a HoDoKu example make its removals, and none contradicts the solution. */
function expectHodokuRemovals(line: string): void {
  const state = parseHodokuLine(line)
  const steps = findXYChain(state.cands)
  const removed = removedKeys(steps)
  for (const key of keysOf(state.eliminations)) expect(removed).toContain(key)
  const { solution } = solve(state.givens, { limit: 2 })
  for (const s of steps) expect(contradictions(s, solution!)).toEqual([])
}

describe('findXYChain', () => {
  it('finds the XY-Chain eliminations of the HoDoKu example', () => expectHodokuRemovals(HODOKU.xyChain))

  it('walks only through cells with two candidates, at least three of them', () => {
    const state = parseHodokuLine(HODOKU.xyChain)
    for (const step of findXYChain(state.cands)) {
      expect(step.technique).toBe('xy-chain')
      expect(step.cells.length).toBeGreaterThanOrEqual(3)
      for (const cell of step.cells) expect(bitCount(state.cands[cell])).toBe(2)
      expect(step.text).toContain('the only other candidate in')
      expect(step.text).not.toContain('the only other place for')
    }
  })

  it("finds HoDoKu's XY-Chain of nine cells (past the eight cells it used to stop at)", () =>
    expectHodokuRemovals(HODOKU.xyChainLong))
})
