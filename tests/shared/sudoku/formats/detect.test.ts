import { describe, expect, it } from 'vitest'
import { STATE_FORMATS, type StateFormat, detectFormat, readState, writeState } from '../../../../src/shared/sudoku/formats'
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
})
