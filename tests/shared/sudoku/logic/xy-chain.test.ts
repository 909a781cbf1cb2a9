import { describe, expect, it } from 'vitest'
import { bitCount } from '../../../../src/shared/sudoku/board'
import { findXYChain } from '../../../../src/shared/sudoku/logic/chains/xy-chain'
import { solve } from '../../../../src/shared/sudoku/solver'
import { parseHodokuLine } from './hodoku-line'
import { PUBLISHED } from './published-states'
import { contradictions, keysOf, removedKeys } from './soundness-states'
import { casesOf } from './technique-cases'

// The project's states where an XY-Chain is the first step that applies (technique-cases.ts).
const cases = casesOf('xy-chain')

/** The XY-Chains of a published example make its removals, and none contradicts the solution. */
function expectPublishedRemovals(line: string): void {
  const state = parseHodokuLine(line)
  const steps = findXYChain(state.cands)
  const removed = removedKeys(steps)
  for (const key of keysOf(state.eliminations)) expect(removed).toContain(key)
  const { solution } = solve(state.givens, { limit: 2 })
  for (const s of steps) expect(contradictions(s, solution!)).toEqual([])
}

describe('findXYChain', () => {
  it.each(cases.map((c) => [c.source, c] as const))('finds XY-Chains in %s that agree with the solution', (_, { cands, solution }) => {
    const steps = findXYChain(cands)
    expect(steps.length).toBeGreaterThan(0)
    for (const s of steps) expect(contradictions(s, solution)).toEqual([])
  })

  it('walks only through cells with two candidates, at least three of them', () => {
    for (const { cands } of cases)
      for (const step of findXYChain(cands)) {
        expect(step.technique).toBe('xy-chain')
        expect(step.cells.length).toBeGreaterThanOrEqual(3)
        for (const cell of step.cells) expect(bitCount(cands[cell])).toBe(2)
        expect(step.text).toContain('the only other candidate in')
        expect(step.text).not.toContain('the only other place for')
      }
  })

  it("finds HoDoKu's XY-Chain of nine cells (past the eight cells it used to stop at)", () => expectPublishedRemovals(PUBLISHED.xyChainLong))
})
