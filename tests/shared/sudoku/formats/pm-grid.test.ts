import { describe, expect, it } from 'vitest'
import { cellAt, digitBit } from '../../../../src/shared/sudoku/board'
import { readHodokuLibrary } from '../../../../src/shared/sudoku/formats/hodoku-library'
import { looksLikePmGrid, readPmGrid, writePmGrid } from '../../../../src/shared/sudoku/formats/pm-grid'
import { boardOf } from '../../../../src/shared/sudoku/state'

// HoDoKu's layout ("Copy PM grid"), with a step's markers (* pattern, - deleted candidate) in row 1.
const GRID = `.----------------.---------------.------------------.
| 6    *18   9   | 3    7    2   | 5    -148  148   |
| 3    48    2   | 5    1    6   | 9    478   478   |
| 5    148   7   | 8    9    4   | 3    2     16    |
:----------------+---------------+------------------:
| 1    3     6   | 2    8    7   | 4    9     5     |
| 2    9     8   | 4    5    3   | 6    1     7     |
| 4    7     5   | 1    6    9   | 8    3     2     |
:----------------+---------------+------------------:
| 8    6     3   | 7    2    1   | 5    4     9     |
| 7    5     1   | 9    4    8   | 2    6     3     |
| 9    2     4   | 6    3    5   | 1    7     8     |
'----------------'---------------'------------------'`

describe('pencil-mark grid', () => {
  it('reads digits and candidates past the step markers', () => {
    expect(looksLikePmGrid(GRID)).toBe(true)
    const state = readPmGrid(GRID)
    expect(state.givens[0]).toBe(6)
    expect(state.candidates![cellAt(0, 1)]).toBe(digitBit(1) | digitBit(8))
    expect(state.candidates![cellAt(0, 7)]).toBe(digitBit(1) | digitBit(4) | digitBit(8))
  })

  it("writes HoDoKu's layout and reads it back to the same board", () => {
    const state = readHodokuLibrary(':0000:x:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...:417 427::')
    const text = writePmGrid(state)
    expect(text.split('\n')[0]).toMatch(/^\.-+\.-+\.-+\.$/)
    const back = boardOf(readPmGrid(text))
    expect(Array.from(back.grid)).toEqual(Array.from(boardOf(state).grid))
    expect(Array.from(back.candidates)).toEqual(Array.from(boardOf(state).candidates))
  })

  it('says which row or cell is wrong', () => {
    expect(() => readPmGrid(GRID.split('\n').slice(0, 6).join('\n'))).toThrow(/9 rows of cells, but this text has 4/)
    expect(() => readPmGrid(GRID.replace('| 3    48 ', '| 3 '))).toThrow(/Row 2 of the pencil-mark grid has 8 cells/)
    expect(() => readPmGrid(GRID.replace('478   478', '478   4x8'))).toThrow(/r2c9 of the pencil-mark grid: expected its digit or candidates/)
  })
})
