import { describe, expect, it } from 'vitest'
import { solve } from '../../../../src/shared/sudoku/solver'
import { findAvoidableRectangles } from '../../../../src/shared/sudoku/logic/uniqueness/avoidable-rectangle'
import { PUBLISHED } from './published-states'
import { parseHodokuLine } from './hodoku-line'
import { contradictions, keysOf, removedKeys } from './soundness-states'

// States from HoDoKu's avoidable rectangle exemplars (published-states.ts says how they were reached).
const examples = [
  ['type 1', 'avoidable-rectangle-1', PUBLISHED.ar1],
  ['type 2', 'avoidable-rectangle-2', PUBLISHED.ar2],
] as const

describe('findAvoidableRectangles', () => {
  it.each(examples)('finds the %s example, soundly', (_, technique, line) => {
    const state = parseHodokuLine(line)
    const steps = findAvoidableRectangles(state.cands, state.grid, { givens: state.givens })
    const ofType = steps.filter((s) => s.technique === technique)
    expect(ofType.length).toBeGreaterThan(0)
    expect([...removedKeys(ofType)]).toEqual(expect.arrayContaining(keysOf(state.eliminations)))
    const { solution } = solve(state.givens, { limit: 2 })
    for (const step of steps) expect(contradictions(step, solution!)).toEqual([])
    expect(ofType[0].cells).toHaveLength(4)
    expect(ofType[0].text).toMatch(/given/)
  })

  it('needs placed digits: the same digits as givens, or no givens known, give nothing', () => {
    const state = parseHodokuLine(PUBLISHED.ar1)
    expect(findAvoidableRectangles(state.cands, state.grid)).toEqual([])
    // Every written digit a clue: the swap would change a clue, so there is no deadly pattern.
    expect(findAvoidableRectangles(state.cands, state.grid, { givens: state.grid })).toEqual([])
  })
})
