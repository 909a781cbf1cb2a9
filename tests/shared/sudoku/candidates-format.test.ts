import { describe, expect, it } from 'vitest'
import { candidatesOf, digitBit } from '../../../src/shared/sudoku/board'
import { CandidatesFormatError, formatCandidates, parseCandidates } from '../../../src/shared/sudoku/candidates-format'

const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'

describe('candidates format', () => {
  it('round-trips the candidates of a puzzle', () => {
    const cands = candidatesOf(Uint8Array.from(PUZZLE, Number))
    const text = formatCandidates(cands)
    expect(text).toHaveLength(729)
    expect(text.slice(9, 18)).toBe('.......8.') // r1c2 is the given 8
    expect(Array.from(parseCandidates(text))).toEqual(Array.from(cands))
  })

  it('puts digit d at position d-1 of each group and ignores whitespace', () => {
    const text = `${'1.3......'} ${'123456789'.repeat(80)}\n`
    const cands = parseCandidates(text)
    expect(cands[0]).toBe(digitBit(1) | digitBit(3))
    expect(cands[1]).toBe(0x1ff)
  })

  it('says what is wrong with bad text', () => {
    expect(() => parseCandidates('123')).toThrow(/729 characters .* has 3/)
    expect(() => parseCandidates(`2........${'123456789'.repeat(80)}`)).toThrow(/r1c1, position 1: expected "1" or "\."/)
    expect(() => parseCandidates(`.........${'123456789'.repeat(80)}`)).toThrow(CandidatesFormatError)
  })
})
