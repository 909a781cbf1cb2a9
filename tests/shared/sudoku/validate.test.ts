import { describe, expect, it } from 'vitest'
import { parsePuzzle } from '../../../src/shared/sudoku/format'
import { analyse, findConflicts, listCells } from '../../../src/shared/sudoku/validate'

const UNIQUE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'

describe('findConflicts', () => {
  it('names the digit, the unit and the cells', () => {
    const grid = parsePuzzle(UNIQUE)
    grid[2 * 9 + 1] = 5
    grid[2 * 9 + 6] = 5
    const messages = findConflicts(grid).map((p) => p.message)
    expect(messages).toContain('two 5s in row 3: r3c2 and r3c7')
  })

  it('finds nothing in a consistent grid', () => {
    expect(findConflicts(parsePuzzle(UNIQUE))).toEqual([])
  })

  it('lists three cells with commas', () => {
    expect(listCells([0, 4, 8])).toBe('r1c1, r1c5 and r1c9')
  })
})

describe('analyse', () => {
  it('solves a unique puzzle', () => {
    const result = analyse(parsePuzzle(UNIQUE))
    expect(result.status).toBe('unique')
    expect(result.solution?.every((d) => d >= 1 && d <= 9)).toBe(true)
    expect(result.errors).toEqual([])
  })

  it('reports clashing givens as invalid, with their cells', () => {
    const grid = parsePuzzle(UNIQUE)
    grid[1] = 4
    const result = analyse(grid)
    expect(result.status).toBe('invalid')
    expect(result.errors.flatMap((e) => e.cells)).toEqual(expect.arrayContaining([0, 1]))
  })

  it('reports a puzzle with no solution', () => {
    // Row 1 misses only 9, but column 9 already holds a 9: no solution, yet no clash among givens.
    const grid = parsePuzzle(`12345678.${'.'.repeat(63)}........9`)
    const result = analyse(grid)
    expect(result.status).toBe('none')
    expect(result.summary).toMatch(/no solution/)
  })

  it('gives two different solutions when there are several, and warns about few givens', () => {
    const result = analyse(parsePuzzle('.'.repeat(81)))
    expect(result.status).toBe('multiple')
    expect(result.solutions).toHaveLength(2)
    expect(result.solutions[0]).not.toEqual(result.solutions[1])
    expect(result.warnings[0].message).toMatch(/at least 17/)
  })

  it('rejects digits out of range and the wrong length', () => {
    const grid = parsePuzzle(UNIQUE)
    grid[10] = 12
    expect(analyse(grid).errors[0]).toMatchObject({ cells: [10] })
    expect(analyse(new Uint8Array(80)).status).toBe('invalid')
  })
})
