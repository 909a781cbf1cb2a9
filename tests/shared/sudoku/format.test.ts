import { describe, expect, it } from 'vitest'
import { PuzzleFormatError, formatPuzzle, gridToDigits, parsePuzzle } from '../../../src/shared/sudoku/format'

const LINE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
const DIGITS = LINE.replaceAll('.', '0')

describe('parsePuzzle', () => {
  it('reads one line of 81 characters with . or 0 for empty', () => {
    expect(gridToDigits(parsePuzzle(LINE))).toBe(DIGITS)
    expect(gridToDigits(parsePuzzle(DIGITS))).toBe(DIGITS)
  })

  it('reads 9 lines with box separators and comments', () => {
    const rows = DIGITS.match(/.{9}/g)!
    const text = ['# from a magazine', ...rows.map((r) => `${r.slice(0, 3)} | ${r.slice(3, 6)} | ${r.slice(6)}`)]
    text.splice(4, 0, '----+-----+----')
    expect(gridToDigits(parsePuzzle(text.join('\n')))).toBe(DIGITS)
  })

  it('reads comma-separated rows with blank fields', () => {
    const csv = DIGITS.match(/.{9}/g)!
      .map((r) => [...r].map((d) => (d === '0' ? '' : d)).join(','))
      .join('\r\n')
    expect(gridToDigits(parsePuzzle(csv))).toBe(DIGITS)
  })

  it('round-trips through every output style', () => {
    const grid = parsePuzzle(LINE)
    for (const style of ['line', 'lines', 'csv'] as const) expect(parsePuzzle(formatPuzzle(grid, style))).toEqual(grid)
    expect(formatPuzzle(grid, 'line')).toBe(LINE)
  })

  it('explains what is wrong with bad text', () => {
    expect(() => parsePuzzle('')).toThrow(PuzzleFormatError)
    expect(() => parsePuzzle('123')).toThrow(/81 cells, but this text has 3/)
    expect(() => parsePuzzle(`${LINE.slice(0, 80)}a`)).toThrow(/Unexpected character "a" for cell 81/)
    expect(() => parsePuzzle('1,2,3\n4,5,6')).toThrow(/9 rows/)
  })

  it('refuses a CSV field of more than one character (found by npm run fuzz: "10" was read as a 10)', () => {
    const rows = DIGITS.match(/.{9}/g)!.map((r) => [...r].map((d) => (d === '0' ? '' : d)))
    for (const field of ['10', '99', '1.5', '1x']) {
      rows[4][4] = field
      expect(() => parsePuzzle(rows.map((r) => r.join(',')).join('\n'))).toThrow(`Unexpected character "${field}" for cell 41`)
    }
  })
})
