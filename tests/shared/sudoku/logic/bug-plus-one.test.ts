import { describe, expect, it } from 'vitest'
import { digitBit } from '../../../../src/shared/sudoku/board'
import { findBugPlusOne } from '../../../../src/shared/sudoku/logic/uniqueness/bug-plus-one'
import { casesOf } from './technique-cases'

// The project's states where BUG+1 is the first step that applies (technique-cases.ts).
const cases = casesOf('bug-plus-one')

describe('findBugPlusOne', () => {
  it.each(cases.map((c) => [c.source, c] as const))('places the solution digit in the one cell with three candidates in %s', (_, { cands, solution }) => {
    const steps = findBugPlusOne(cands)
    expect(steps).toHaveLength(1)
    const [{ cell, digit }] = steps[0].placements
    expect(cands[cell].toString(2).replace(/0/g, '')).toHaveLength(3)
    expect(digit).toBe(solution[cell])
    expect(steps[0].eliminations).toEqual([])
    expect(steps[0].technique).toBe('bug-plus-one')
  })

  it('needs exactly one cell with three candidates', () => {
    const [{ cands }] = cases
    const [{ cell, digit }] = findBugPlusOne(cands)[0].placements
    // Take the placed digit away: a plain BUG (every cell two candidates), nothing to place.
    const plain = Uint16Array.from(cands)
    plain[cell] &= ~digitBit(digit)
    expect(findBugPlusOne(plain)).toEqual([])
    // Give some bivalue cell a third candidate: BUG+2, out of scope.
    const two = Uint16Array.from(cands)
    const other = two.findIndex((m, c) => c !== cell && m.toString(2).replace(/0/g, '').length === 2)
    const extra = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => !(two[other] & digitBit(d)))!
    two[other] |= digitBit(extra)
    expect(findBugPlusOne(two)).toEqual([])
  })
})
