import { describe, expect, it } from 'vitest'
import { solve } from '../../../../src/shared/sudoku/solver'
import { findXChain } from '../../../../src/shared/sudoku/logic/x-chain'
import { HODOKU } from './hodoku-examples'
import { parseHodokuLine } from './hodoku-line'
import { contradictions, keysOf, removedKeys } from './soundness-states'

describe('findXChain', () => {
  it('finds the X-Chain of the HoDoKu example', () => {
    const state = parseHodokuLine(HODOKU.xChain)
    const steps = findXChain(state.cands)
    expect(steps.length).toBeGreaterThan(0)
    const removed = removedKeys(steps)
    for (const key of keysOf(state.eliminations)) expect(removed).toContain(key)
    const step = steps.find((s) => s.eliminations.some((e) => e.cell === state.eliminations[0].cell))!
    expect(step.technique).toBe('x-chain')
    expect(step.text).toMatch(/^An X-Chain on 7 links r\dc\d to r\dc\d\. If r\dc\d is not 7, then /)
    expect(step.text).toContain('r4c2')
    const { solution } = solve(state.givens, { limit: 2 })
    for (const s of steps) expect(contradictions(s, solution!)).toEqual([])
  })

  it('keeps to one digit and starts and ends on strong links', () => {
    const steps = findXChain(parseHodokuLine(HODOKU.xChain).cands)
    for (const step of steps) {
      expect(new Set(step.eliminations.map((e) => e.digit)).size).toBe(1)
      // Every strong link names its unit, so there are at least two of them.
      expect(step.text.match(/the only other place for/g)!.length).toBeGreaterThanOrEqual(2)
      expect(step.text).not.toContain('only other candidate')
    }
  })
})
