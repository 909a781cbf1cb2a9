import { describe, expect, it } from 'vitest'
import { bitCount } from '../../../../src/shared/sudoku/board'
import { findXYChain } from '../../../../src/shared/sudoku/logic/xy-chain'
import { contradictions } from './soundness-states'
import { casesOf } from './technique-cases'

// The project's states where an XY-Chain is the first step that applies (technique-cases.ts).
const cases = casesOf('xy-chain')

describe('findXYChain', () => {
  it.each(cases.map((c) => [c.source, c] as const))('finds XY-Chains in %s that agree with the solution', (_, { cands, solution }) => {
    const steps = findXYChain(cands)
    expect(steps.length).toBeGreaterThan(0)
    for (const s of steps) expect(contradictions(s, solution)).toEqual([])
  })

  it('walks only through cells with two candidates, at least three of them', () => {
    for (const { cands } of cases) for (const step of findXYChain(cands)) {
      expect(step.technique).toBe('xy-chain')
      expect(step.cells.length).toBeGreaterThanOrEqual(3)
      for (const cell of step.cells) expect(bitCount(cands[cell])).toBe(2)
      expect(step.text).toContain('the only other candidate in')
      expect(step.text).not.toContain('the only other place for')
    }
  })
})
