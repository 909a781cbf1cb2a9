import { describe, expect, it } from 'vitest'
import { digitBit } from '../../../../src/shared/sudoku/board'
import { solve } from '../../../../src/shared/sudoku/solver'
import { findBugPlusOne } from '../../../../src/shared/sudoku/logic/bug-plus-one'
import { HODOKU } from './hodoku-examples'
import { parseHodokuLine } from './hodoku-line'

describe('findBugPlusOne', () => {
  // HoDoKu writes BUG+1 as removing the other candidates of the cell; here it places the digit left.
  it.each([
    ['first', HODOKU.bug],
    ['second', HODOKU.bugb],
  ])('places the digit HoDoKu leaves in the %s example', (_, line) => {
    const state = parseHodokuLine(line)
    const [cell] = new Set(state.eliminations.map((e) => e.cell))
    let left = state.cands[cell]
    for (const e of state.eliminations) left &= ~digitBit(e.digit)

    const steps = findBugPlusOne(state.cands)
    expect(steps).toHaveLength(1)
    expect(steps[0].placements).toEqual([{ cell, digit: Math.log2(left) + 1 }])
    expect(steps[0].eliminations).toEqual([])
    expect(steps[0].technique).toBe('bug-plus-one')
    const { solution } = solve(state.givens, { limit: 2 })
    expect(solution![cell]).toBe(steps[0].placements[0].digit)
  })

  it('needs exactly one cell with three candidates', () => {
    const state = parseHodokuLine(HODOKU.bug)
    const [cell] = state.eliminations.map((e) => e.cell)
    // Take the third candidate away: a plain BUG, nothing to place.
    const plain = Uint16Array.from(state.cands)
    plain[cell] &= ~digitBit(state.eliminations[0].digit)
    expect(findBugPlusOne(plain)).toEqual([])
    // Give some bivalue cell a third candidate: BUG+2, out of scope.
    const two = Uint16Array.from(state.cands)
    const other = two.findIndex((m, c) => c !== cell && m.toString(2).replace(/0/g, '').length === 2)
    const extra = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => !(two[other] & digitBit(d)))!
    two[other] |= digitBit(extra)
    expect(findBugPlusOne(two)).toEqual([])
  })
})
