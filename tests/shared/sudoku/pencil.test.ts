import { describe, expect, it } from 'vitest'
import { ALL_DIGITS_MASK, type Grid, MARKS_UNREAD, digitBit } from '../../../src/shared/sudoku/board'
import { hint } from '../../../src/shared/sudoku/hint'
import { marksMask, playerCandidates, toggleMark } from '../../../src/shared/sudoku/pencil'

const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const grid = (text: string): Grid => Uint8Array.from(text, Number)

describe('pencil marks', () => {
  it('turns digits into masks and toggles them, typed marks replacing unread ones', () => {
    expect(marksMask([1, 5, 9, 0, 12])).toBe(digitBit(1) | digitBit(5) | digitBit(9))
    expect(toggleMark(marksMask([2, 3]), 3)).toBe(digitBit(2))
    expect(toggleMark(MARKS_UNREAD, 4)).toBe(digitBit(4))
  })

  it('gives the hint engine the readable marks, every digit elsewhere, less applied eliminations', () => {
    const marks = new Uint16Array(81)
    marks[0] = marksMask([3, 6])
    marks[1] = MARKS_UNREAD
    const eliminated = new Uint16Array(81)
    eliminated[0] = digitBit(6)
    eliminated[2] = digitBit(9)
    const cands = playerCandidates(marks, eliminated)
    expect([cands[0], cands[1], cands[2]]).toEqual([digitBit(3), ALL_DIGITS_MASK, ALL_DIGITS_MASK & ~digitBit(9)])
  })

  it('lets hints continue from the paper: its marks decide the next step', () => {
    // 1 left out of the marks in r1c1, r1c3 and r3c2: in box 1, 1 can only go in r3c1 (where it
    // belongs), the hint's first hidden single instead of 3 in r1c1.
    const marks = new Uint16Array(81)
    marks[0] = marksMask([3, 6, 9])
    marks[2] = marksMask([6, 9])
    marks[19] = marksMask([4, 6, 9])
    const withMarks = hint({ givens: grid(PUZZLE), candidates: playerCandidates(marks, new Uint16Array(81)) }, 'full')
    expect(withMarks).toMatchObject({ kind: 'step', technique: 'hidden-single', step: { placements: [{ cell: 18, digit: 1 }] } })
    marks.fill(0)
    // A mark that leaves out the right digit is a mistake, unread marks are not.
    marks[0] = marksMask([1, 9])
    marks[1] = MARKS_UNREAD
    expect(hint({ givens: grid(PUZZLE), candidates: playerCandidates(marks, new Uint16Array(81)) })).toMatchObject({ kind: 'mistakes', candidateCells: [0] })
  })
})
