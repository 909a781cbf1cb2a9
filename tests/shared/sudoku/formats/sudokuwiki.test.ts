import { describe, expect, it } from 'vitest'
import { digitBit } from '../../../../src/shared/sudoku/board'
import { readHodokuLibrary } from '../../../../src/shared/sudoku/formats/hodoku-library'
import { looksLikeSudokuWiki, readSudokuWiki, writeSudokuWiki } from '../../../../src/shared/sudoku/formats/sudokuwiki'

describe('SudokuWiki packed board', () => {
  it('follows the published packing: mask << 1 | clue, two base-32 characters a cell', () => {
    // r1c1 the given 1 (1 << 1 | 1 = 3 = "03"), r1c2 the player's 2 (2 << 1 = 4 = "04"),
    // r1c3 candidates 3 and 9 ((4 + 256) << 1 = 520 = "g8"), every other cell open with all but 2 ("vq").
    const packed = `0304g8${'vq'.repeat(78)}`
    const state = readSudokuWiki(`https://www.sudokuwiki.org/sudoku.htm?bd=${packed}`)
    expect(state.givens[0]).toBe(1)
    expect(state.entries[1]).toBe(2)
    expect(state.candidates![2]).toBe(digitBit(3) | digitBit(9))
    // Written back, the cells that see r1c1 lose 1: marks the digits rule out are never kept.
    expect(writeSudokuWiki(state).slice(0, 8)).toBe('0304g8vo')
  })

  it('round-trips a state with givens, placed digits and deleted candidates', () => {
    const state = readHodokuLibrary(
      ':0000:x:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...:417 427::',
    )
    const text = writeSudokuWiki(state)
    expect(looksLikeSudokuWiki(text)).toBe(true)
    const back = readSudokuWiki(text)
    expect(Array.from(back.givens)).toEqual(Array.from(state.givens))
    expect(Array.from(back.entries)).toEqual(Array.from(state.entries))
    expect(Array.from(back.candidates!)).toEqual(Array.from(state.candidates!))
  })

  it('keeps a cell of one candidate as a mark when a peer of two or more candidates still has the digit', () => {
    // r1c1 5 alone ("10"), r1c2 5 or 7 ("50"): a placed 5 in r1c1 would have taken 5 from r1c2.
    const state = readSudokuWiki(`1050${'vu'.repeat(79)}`)
    expect(state.entries[0]).toBe(0)
    expect(state.candidates![0]).toBe(digitBit(5))
    expect(writeSudokuWiki(state).slice(0, 4)).toBe('1050')
    // Where no such peer has it, the cell is the player's digit, as SudokuWiki's solved cells are.
    const no5 = ((0x1ff & ~digitBit(5)) << 1).toString(32)
    expect(readSudokuWiki(`10${no5.repeat(80)}`).entries[0]).toBe(5)
  })

  it('reads a cell with no candidates left (00), as it writes one', () => {
    const state = readSudokuWiki(`0300${'vu'.repeat(79)}`)
    expect(state.candidates![1]).toBe(0)
    expect(writeSudokuWiki(state).slice(0, 4)).toBe('0300')
  })

  it('says which cell is wrong', () => {
    expect(() => readSudokuWiki('0304')).toThrow(/162 characters of 0-9 and a-v, 2 per cell; this text has 4/)
    expect(() => readSudokuWiki(`0307${'vu'.repeat(79)}`)).toThrow(/r1c2 \("07"\) is neither a digit nor a set of candidates/)
  })
})
