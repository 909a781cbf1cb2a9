import { describe, expect, it } from 'vitest'
import { digitBit } from '../../../../src/shared/sudoku/board'
import { STATE_FORMATS, type StateFormat, detectFormat, readState, whatFormatDrops, writeState } from '../../../../src/shared/sudoku/formats'
import { boardOf, filledGrid } from '../../../../src/shared/sudoku/state'

const LINE = ':0000:x:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...:417 427::'

describe('readState', () => {
  const { state } = readState(LINE)

  it.each(Object.keys(STATE_FORMATS) as StateFormat[])('tells %s apart from the others and reads back what it writes', (format) => {
    const text = writeState(state, format)
    expect(detectFormat(text)).toBe(format)
    const back = readState(text).state
    expect(Array.from(filledGrid(back))).toEqual(Array.from(filledGrid(state)))
    if (format !== 'digits') expect(Array.from(boardOf(back).candidates)).toEqual(Array.from(boardOf(state).candidates))
  })

  it('keeps who placed each digit where the format records it', () => {
    for (const format of ['hodoku-library', 'sudokuwiki'] as const) {
      const back = readState(writeState(state, format)).state
      expect(Array.from(back.entries)).toEqual(Array.from(state.entries))
    }
  })

  it('reads plain puzzles as before: 81 characters, 9 lines, CSV', () => {
    expect(readState('1'.padEnd(81, '.')).format).toBe('digits')
    expect(readState('5 3 . | . 7 . | . . .\n'.repeat(9)).format).toBe('digits')
    expect(() => readState('12345')).toThrow(/81 cells/)
  })

  it('reads 729 characters with a cell of nine dots as a cell with no candidates left, as it writes one', () => {
    const text = `.........${'123456789'.repeat(80)}`
    const { state, format } = readState(text)
    expect(format).toBe('candidates')
    expect(state.candidates![0]).toBe(0)
    expect(writeState(state, 'candidates')).toBe(text)
  })

  it('tells prose from a puzzle in one line, and keeps the CSV and length messages for grids', () => {
    const NOT_A_PUZZLE = 'This text is not a puzzle: expected 81 digits (0 or . for empty), 9 lines, a HoDoKu line or a SudokuWiki board.'
    expect(() => readState('Hello, this is my puzzle from the paper today')).toThrow(NOT_A_PUZZLE)
    expect(() => readState('my sudoku')).toThrow(NOT_A_PUZZLE)
    expect(() => readState('1,2,3\n4,5,6')).toThrow('A CSV puzzle has 9 rows, but this text has 2.')
    expect(() => readState(`Puzzle: ${'1'.padEnd(81, '.')}`)).toThrow(/A puzzle has 81 cells, but this text has 88/)
    expect(() => readState('xx3xx5xx')).toThrow(/81 cells, but this text has 8/)
  })
})

describe('whatFormatDrops', () => {
  const { state } = readState(LINE)

  it('says nothing where the copy gives the state back', () => {
    expect(whatFormatDrops(state, 'hodoku-library')).toBeNull()
    expect(whatFormatDrops(state, 'sudokuwiki')).toBeNull()
  })

  it("names what a format leaves out: the player's digits, pencil marks, lone marks", () => {
    expect(whatFormatDrops(state, 'digits')).toBe('Pasted back, your 24 digits become givens and your pencil marks are left out.')
    expect(whatFormatDrops(state, 'pm-grid')).toBe('Pasted back, your 24 digits become givens.')
    // r1c2 keeps 1 alone, a digit no peer of two or more candidates has: SudokuWiki shows it as a placed 1.
    const candidates = Uint16Array.from(boardOf(state).candidates)
    for (const cell of [2, 6, 8, 10, 64, 73]) candidates[cell] &= ~digitBit(1)
    candidates[1] = digitBit(1)
    const lone = { ...state, candidates }
    expect(whatFormatDrops(lone, 'sudokuwiki')).toBe('Pasted back, the lone pencil mark in r1c2 becomes a placed digit.')
    expect(whatFormatDrops(lone, 'hodoku-library')).toBeNull()
  })
})
