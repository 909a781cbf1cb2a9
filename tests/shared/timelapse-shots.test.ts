/** The per-shot boards a time-lapse records, and the move log made from them. */
import { describe, expect, it } from 'vitest'
import { MARKS_UNREAD, digitBit } from '../../src/shared/sudoku/board'
import { moveRecord, movesOf } from '../../src/shared/timelapse-moves'
import { type ShotRecord, marksOfText, marksText, shotBoard, shotBoardGuard, shotRecordsOf } from '../../src/shared/timelapse-shots'

const EMPTY = '0'.repeat(81)
/** `text` with the digits of `cells` ({ cell: digit }) put in. */
const withDigits = (text: string, cells: Record<number, number>): string =>
  Array.from(text, (c, i) => (i in cells ? String(cells[i]) : c)).join('')
const NO_MARKS = Array(81).fill('').join(',')

const shot = (frame: number, seconds: number, entries: Record<number, number>, givens: Record<number, number> = { 0: 5 }): ShotRecord => ({
  frame,
  seconds,
  givens: withDigits(EMPTY, givens),
  entries: withDigits(EMPTY, entries),
  marks: NO_MARKS,
})

describe('shot boards', () => {
  it('keep givens, entries and marks (unread ones too) through their text form', () => {
    const marks = new Uint16Array(81)
    marks[3] = digitBit(1) | digitBit(7)
    marks[80] = MARKS_UNREAD
    const board = shotBoard(Uint8Array.from({ length: 81 }, (_, i) => (i === 0 ? 9 : 0)), new Uint8Array(81), marks)
    expect(board.givens).toBe(`9${'0'.repeat(80)}`)
    expect(board.marks.split(',')[3]).toBe('17')
    expect(board.marks.split(',')[80]).toBe('?')
    expect(marksOfText(marksText(marks))).toEqual(marks)
  })

  it('refuse a malformed board or one with unknown keys, saying which field', () => {
    const good = { givens: EMPTY, entries: EMPTY, marks: NO_MARKS }
    expect(shotBoardGuard(good)).toEqual(good)
    expect(() => shotBoardGuard({ ...good, extra: 1 })).toThrow(/board.extra is not allowed/)
    expect(() => shotBoardGuard({ ...good, givens: '12' })).toThrow(/givens must be 81 digits/)
    expect(() => shotBoardGuard({ ...good, marks: NO_MARKS.slice(1) })).toThrow(/marks must be 81/)
    expect(() => shotBoardGuard({ givens: EMPTY, entries: EMPTY })).toThrow(/board.marks must be given/)
  })

  it('load from an old or damaged manifest: none when missing, damaged records left out', () => {
    expect(shotRecordsOf(undefined)).toEqual([])
    const ok = shot(1, 2, { 1: 3 })
    expect(shotRecordsOf([ok, { ...ok, frame: 0 }, { ...ok, entries: 'x' }, null, { ...ok, seconds: -1 }])).toEqual([ok])
  })
})

describe('movesOf', () => {
  it('lists each written, changed and erased pen digit once, in time order', () => {
    const shots = [shot(1, 0, {}), shot(2, 4, { 1: 3, 10: 4 }), shot(3, 9, { 1: 3, 10: 4 }), shot(5, 12.34, { 1: 8, 10: 4, 20: 2 }), shot(6, 15, { 1: 8, 20: 2 })]
    expect(movesOf(shots).map(moveRecord)).toEqual([
      { seconds: 4, frame: 2, cell: 'r1c2', digit: 3, was: 0 },
      { seconds: 4, frame: 2, cell: 'r2c2', digit: 4, was: 0 },
      { seconds: 12.3, frame: 5, cell: 'r1c2', digit: 8, was: 3 },
      { seconds: 12.3, frame: 5, cell: 'r3c3', digit: 2, was: 0 },
      { seconds: 15, frame: 6, cell: 'r2c2', digit: 0, was: 4 },
    ])
  })

  it('lets a reading count once the next shot agrees: one missed or misread shot is no move', () => {
    const shots = [shot(1, 0, {}), shot(2, 2, { 9: 6 }), shot(3, 4, {}), shot(4, 6, { 9: 6 }), shot(5, 8, { 9: 5 }), shot(6, 10, { 9: 6 }), shot(7, 12, { 9: 6, 10: 1 }), shot(8, 14, { 9: 6, 10: 7 }), shot(9, 16, { 9: 6, 10: 7 })]
    // r2c1's 6 is first read twice in a row at 10 s; r2c2's 1 is read once, then 7 twice.
    expect(movesOf(shots).map((m) => [m.seconds, m.cell, m.digit])).toEqual([[10, 9, 6], [14, 10, 7]])
  })

  it('never counts a printed given as a move, even when a shot misses it; a digit written later is one whatever its kind', () => {
    const shots = [shot(1, 0, {}, { 0: 5 }), shot(2, 2, { 0: 5 }, {}), shot(3, 4, {}, {}), shot(4, 6, {}, { 0: 5, 7: 2 })]
    expect(movesOf(shots).map(moveRecord)).toEqual([{ seconds: 6, frame: 4, cell: 'r1c8', digit: 2, was: 0 }])
  })
})
