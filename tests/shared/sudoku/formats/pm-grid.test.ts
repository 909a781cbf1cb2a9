import { describe, expect, it } from 'vitest'
import { cellAt, digitBit } from '../../../../src/shared/sudoku/board'
import { readHodokuLibrary } from '../../../../src/shared/sudoku/formats/hodoku-library'
import { looksLikePmGrid, readPmGrid, writePmGrid } from '../../../../src/shared/sudoku/formats/pm-grid'
import { boardOf } from '../../../../src/shared/sudoku/state'

// The pencil-mark diagram Sudopedia's "Diagrams and Notations" page shows (26 digits, 55 open cells).
const SUDOPEDIA = `.----------------------.----------------------.----------------------.
| 1579   2      3      | 4      16     19     | 8      579    159    |
| 6      189    149    | 289    128    7      | 3459   459    13459  |
| 1479   1789   1479   | 5      3      189    | 6      2      149    |
:----------------------+----------------------+----------------------:
| 12379  13679  5      | 236789 124678 123489 | 479    4789   2489   |
| 8      4      179    | 279    1257   129    | 579    3      6      |
| 2379   3679   679    | 236789 245678 23489  | 1      45789  24589  |
:----------------------+----------------------+----------------------:
| 1347   5      2      | 378    9      6      | 34     48     348    |
| 349    369    469    | 1      248    2348   | 3459   45689  7      |
| 3479   3679   8      | 37     47     5      | 2      1      349    |
'----------------------'----------------------'----------------------'`

// The same with a step's markers as HoDoKu's "Copy PM grid with step" adds them: * pattern, - deleted.
const GRID = SUDOPEDIA.replace('| 1579   2 ', '| *1579  2 ').replace('8      579    159', '8      -579   159')

describe('pencil-mark grid', () => {
  it("reads Sudopedia's published diagram, and its +---+ variant, to the same state", () => {
    const state = readPmGrid(SUDOPEDIA)
    expect(state.givens.filter((d) => d)).toHaveLength(26)
    expect(state.candidates!.filter((m) => m)).toHaveLength(55)
    expect(state.candidates![0]).toBe(digitBit(1) | digitBit(5) | digitBit(7) | digitBit(9))
    // Every mark is one the digits allow: nothing was misplaced in reading.
    expect(Array.from(boardOf(state).candidates.filter((_, c) => !state.givens[c]))).toEqual(Array.from(state.candidates!.filter((m) => m)))
    const plus = SUDOPEDIA.replace(/^[.:'](.*)[.:']$/gm, (line) => line.replace(/[.:']/g, '+'))
    expect(Array.from(readPmGrid(plus).candidates!)).toEqual(Array.from(state.candidates!))
  })

  it('reads digits and candidates past the step markers', () => {
    expect(looksLikePmGrid(GRID)).toBe(true)
    const state = readPmGrid(GRID)
    expect(state.givens[1]).toBe(2)
    expect(state.candidates![cellAt(0, 0)]).toBe(digitBit(1) | digitBit(5) | digitBit(7) | digitBit(9))
    expect(state.candidates![cellAt(0, 7)]).toBe(digitBit(5) | digitBit(7) | digitBit(9))
  })

  it("writes HoDoKu's layout and reads it back to the same board", () => {
    const state = readHodokuLibrary(
      ':0000:x:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...:417 427::',
    )
    const text = writePmGrid(state)
    expect(text.split('\n')[0]).toMatch(/^\.-+\.-+\.-+\.$/)
    const back = boardOf(readPmGrid(text))
    expect(Array.from(back.grid)).toEqual(Array.from(boardOf(state).grid))
    expect(Array.from(back.candidates)).toEqual(Array.from(boardOf(state).candidates))
  })

  it('reads a . as a cell with no candidates left, as it writes one', () => {
    const state = { ...readPmGrid(SUDOPEDIA) }
    const candidates = Uint16Array.from(state.candidates!)
    candidates[cellAt(0, 0)] = 0
    const text = writePmGrid({ ...state, candidates })
    expect(text.split('\n')[1]).toMatch(/^\| \.\s+2 /)
    expect(readPmGrid(text).candidates![cellAt(0, 0)]).toBe(0)
    expect(Array.from(readPmGrid(text).givens)).toEqual(Array.from(state.givens))
  })

  it("takes a grid in HoDoKu's borders with no cell of two digits as the puzzle alone (HoDoKu's formatted copy)", () => {
    const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
    const rows = Array.from({ length: 9 }, (_, r) => {
      const cells = [...puzzle.slice(r * 9, r * 9 + 9)]
      return `| ${cells.slice(0, 3).join('  ')} | ${cells.slice(3, 6).join('  ')} | ${cells.slice(6).join('  ')} |`
    })
    const border = (edge: string, middle: string): string => `${edge}${['-', '-', '-'].map(() => '-'.repeat(9)).join(middle)}${edge}`
    const text = [border('.', '.'), ...rows.slice(0, 3), border(':', '+'), ...rows.slice(3, 6), border(':', '+'), ...rows.slice(6), border("'", "'")].join('\n')
    expect(looksLikePmGrid(text)).toBe(true)
    const state = readPmGrid(text)
    expect(Array.from(state.givens, (d) => d || '.').join('')).toBe(puzzle)
    expect(state.candidates).toBeNull()
    // And a whole solved board, written here, reads back as its digits.
    const solved = readHodokuLibrary(`:0000:x:${'123456789456789123789123456234567891567891234891234567345678912678912345912345678'}:::`)
    const back = readPmGrid(writePmGrid(solved))
    expect(Array.from(back.givens)).toEqual(Array.from(solved.givens))
  })

  it('says which row or cell is wrong', () => {
    expect(() => readPmGrid(GRID.split('\n').slice(0, 6).join('\n'))).toThrow(/9 rows of cells, but this text has 4/)
    expect(() => readPmGrid(GRID.replace('| 6      189 ', '| 6 '))).toThrow(/Row 2 of the pencil-mark grid has 8 cells/)
    expect(() => readPmGrid(GRID.replace('13459  |', '13x59  |'))).toThrow(/r2c9 of the pencil-mark grid: expected its digit or candidates/)
  })
})
