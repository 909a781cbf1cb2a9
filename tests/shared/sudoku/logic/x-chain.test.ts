import { describe, expect, it } from 'vitest'
import { findXChain } from '../../../../src/shared/sudoku/logic/chains/x-chain'
import { cellName } from '../../../../src/shared/sudoku/board'
import { contradictions } from './soundness-states'
import { casesOf } from './technique-cases'

// The project's states where an X-Chain is the first step that applies (technique-cases.ts).
const cases = casesOf('x-chain')

describe('findXChain', () => {
  it.each(cases.map((c) => [c.source, c] as const))('finds X-Chains in %s that agree with the solution', (_, { cands, solution }) => {
    const steps = findXChain(cands)
    expect(steps.length).toBeGreaterThan(0)
    for (const step of steps) {
      expect(step.technique).toBe('x-chain')
      const digit = step.eliminations[0].digit
      expect(step.text).toMatch(new RegExp(`^An X-Chain on ${digit} links r\\dc\\d to r\\dc\\d\\. If r\\dc\\d is not ${digit}, then `))
      expect(step.text).toContain(cellName(step.eliminations[0].cell))
      expect(contradictions(step, solution)).toEqual([])
    }
  })

  it('keeps to one digit and starts and ends on strong links', () => {
    for (const step of cases.flatMap(({ cands }) => findXChain(cands))) {
      expect(new Set(step.eliminations.map((e) => e.digit)).size).toBe(1)
      // Every strong link names its unit, so there are at least two of them.
      expect(step.text.match(/the only other place for/g)!.length).toBeGreaterThanOrEqual(2)
      expect(step.text).not.toContain('only other candidate')
    }
  })
})
