import { describe, expect, it } from 'vitest'
import { cellAt, digitBit } from '../../../../src/shared/sudoku/board'
import { readHodokuLibrary, writeHodokuLibrary } from '../../../../src/shared/sudoku/formats/hodoku-library'
import { allSteps } from '../../../../src/shared/sudoku/logic/techniques'
import { boardOf } from '../../../../src/shared/sudoku/state'

// HoDoKu's own W-Wing example as its library format writes it (sudoku/Sudoku2.java's test main):
// a step (0803 = W-Wing) on 1 and 4 that removes 4 from r1c7, r2c7, r3c7, r8c9 and r9c9.
const W_WING = ':0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::'

describe('HoDoKu library line', () => {
  it("reads givens, the player's + digits and deleted candidates", () => {
    const state = readHodokuLibrary(':0000:x:1+2.......' + '.'.repeat(72) + ':314 325::')
    expect(state.givens[0]).toBe(1)
    expect(state.entries[1]).toBe(2)
    expect(state.givens[1]).toBe(0)
    // 314 = 3 deleted from r1c4; 325 = 3 deleted from r2c5.
    expect(state.candidates![cellAt(0, 3)] & digitBit(3)).toBe(0)
    expect(state.candidates![cellAt(1, 4)] & digitBit(3)).toBe(0)
    expect(state.candidates![cellAt(0, 4)] & digitBit(3)).not.toBe(0)
  })

  it("finds in HoDoKu's W-Wing example the step HoDoKu recorded", () => {
    const { grid, candidates } = boardOf(readHodokuLibrary(W_WING))
    const wing = allSteps(candidates, grid).find((s) => s.technique === 'w-wing')
    const triples = wing!.eliminations.map(({ cell, digit }) => `${digit}${Math.floor(cell / 9) + 1}${(cell % 9) + 1}`)
    expect(triples.join(' ')).toBe('417 427 437 489 499')
  })

  it('writes what it reads (a state without a step)', () => {
    const line = ':0000:x:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...:417 427::'
    expect(writeHodokuLibrary(readHodokuLibrary(line))).toBe(line)
  })

  it('says which cell or field is wrong', () => {
    expect(() => readHodokuLibrary(':0000:x:12')).toThrow(/too few fields/)
    expect(() => readHodokuLibrary(':0000:x:12+3::')).toThrow(/has 3 cells; a library line needs 81/)
    expect(() => readHodokuLibrary(`:0000:x:1x${'.'.repeat(79)}:::`)).toThrow(/r1c2: expected a digit, \+digit, \. or 0, found "x"/)
    expect(() => readHodokuLibrary(`:0000:x:${'.'.repeat(81)}:r1c2d3::`)).toThrow(/digit, row and column, such as 417/)
    expect(() => readHodokuLibrary(`:0000:x:1${'.'.repeat(80)}:211::`)).toThrow(/r1c1 is already filled/)
  })
})
