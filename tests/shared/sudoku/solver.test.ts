/**
 * Golden tests for the solver over the shared puzzle files (tdoku's `puzzle:count:solution`
 * format and the classic hard collections); see `../shared/data/puzzles/README.md`.
 */
import { describe, expect, it } from 'vitest'
import { solve } from '../../../src/shared/sudoku/solver'
import { everyNth, parseGrid, readPuzzles } from '../../../datasets/puzzles'
import { isValidSolution, keepsGivens } from '../../fixtures/solution-check'

const gridText = (grid: Uint8Array | null): string => (grid ? Array.from(grid).join('') : 'null')

/** Solves every puzzle counting to 2, and returns the lines that are not uniquely and validly solved. */
function failuresOfUniqueSet(file: string, step = 1): string[] {
  const failures: string[] = []
  for (const { line, puzzle } of everyNth(readPuzzles(file), step)) {
    const { count, solution, second } = solve(puzzle, { limit: 2 })
    if (count !== 1 || !solution || second !== null || !isValidSolution(solution) || !keepsGivens(puzzle, solution)) {
      failures.push(`line ${line}: count ${count}, solution ${gridText(solution)}`)
    }
  }
  return failures
}

describe('solve: golden counts (test_puzzles_with_counts)', () => {
  const entries = readPuzzles('test_puzzles_with_counts')

  it('reads the golden file', () => {
    expect(entries.length).toBe(43)
    expect(entries.every((e) => e.count !== undefined)).toBe(true)
  })

  it('counts every puzzle exactly when the limit is above its real count', () => {
    for (const { line, puzzle, count } of entries) {
      expect(solve(puzzle, { limit: count! + 1 }).count, `line ${line}`).toBe(count)
    }
  })

  it('reports min(count, 2) at limit 2, with two different valid solutions when there are several', () => {
    for (const { line, puzzle, count } of entries) {
      const result = solve(puzzle, { limit: 2 })
      expect(result.count, `line ${line}`).toBe(Math.min(count!, 2))
      if (count! >= 2) {
        expect(isValidSolution(result.solution!) && keepsGivens(puzzle, result.solution!), `line ${line}`).toBe(true)
        expect(isValidSolution(result.second!) && keepsGivens(puzzle, result.second!), `line ${line}`).toBe(true)
        expect(gridText(result.second), `line ${line}`).not.toBe(gridText(result.solution))
      } else {
        expect(result.second, `line ${line}`).toBeNull()
      }
    }
  })

  it('finds the golden solution of every unique puzzle and none for the impossible ones', () => {
    for (const { line, puzzle, count, solution } of entries) {
      const result = solve(puzzle)
      if (count === 0) expect(result.solution, `line ${line}`).toBeNull()
      if (count === 1) expect(gridText(result.solution), `line ${line}`).toBe(gridText(solution!))
    }
  })
})

describe('solve: classic collections', () => {
  it('solves all 49,158 17-clue puzzles uniquely and validly', () => {
    expect(failuresOfUniqueSet('puzzles2_17_clue')).toEqual([])
  })

  it('solves all of magictour top1465 uniquely and validly', () => {
    expect(failuresOfUniqueSet('puzzles3_magictour_top1465')).toEqual([])
  })

  it('solves all of forum hardest 1106 uniquely and validly', () => {
    expect(failuresOfUniqueSet('puzzles6_forum_hardest_1106')).toEqual([])
  })

  it('solves every 10th puzzle of forum hardest 1905 11+ uniquely and validly', () => {
    expect(failuresOfUniqueSet('puzzles5_forum_hardest_1905_11+', 10)).toEqual([])
  })

  it('finds two different valid solutions for every serg benchmark puzzle', () => {
    const failures: string[] = []
    for (const { line, puzzle } of readPuzzles('puzzles7_serg_benchmark')) {
      const { count, solution, second } = solve(puzzle, { limit: 2 })
      const ok =
        count === 2 &&
        solution !== null &&
        second !== null &&
        isValidSolution(solution) &&
        isValidSolution(second) &&
        keepsGivens(puzzle, solution) &&
        keepsGivens(puzzle, second) &&
        gridText(solution) !== gridText(second)
      if (!ok) failures.push(`line ${line}: count ${count}`)
    }
    expect(failures).toEqual([])
  })
})

describe('solve: API contract', () => {
  const puzzle = parseGrid('4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........')

  it('does not modify the input grid', () => {
    const copy = puzzle.slice()
    solve(puzzle, { limit: 2 })
    expect(gridText(puzzle)).toBe(gridText(copy))
  })

  it('returns fresh grids that later calls do not overwrite', () => {
    const first = solve(puzzle).solution!
    const kept = gridText(first)
    solve(parseGrid('.'.repeat(81)), { limit: 2 })
    expect(gridText(first)).toBe(kept)
    expect(gridText(solve(puzzle).solution)).toBe(kept)
  })

  it('stops at the default limit of 1', () => {
    const result = solve(new Uint8Array(81))
    expect(result.count).toBe(1)
    expect(isValidSolution(result.solution!)).toBe(true)
    expect(result.second).toBeNull()
  })

  it('counts an empty grid as having several solutions', () => {
    const result = solve(new Uint8Array(81), { limit: 2 })
    expect(result.count).toBe(2)
    expect(gridText(result.second)).not.toBe(gridText(result.solution))
  })

  it('accepts a complete valid grid as its own unique solution', () => {
    const full = solve(puzzle).solution!
    const result = solve(full, { limit: 2 })
    expect(result.count).toBe(1)
    expect(gridText(result.solution)).toBe(gridText(full))
  })

  it('gives count 0 when givens already clash in a row, a column or a box', () => {
    const clash = (a: number, b: number): Uint8Array => {
      const grid = new Uint8Array(81)
      grid[a] = 5
      grid[b] = 5
      return grid
    }
    for (const [a, b] of [
      [0, 8], // row 1
      [4, 76], // column 5
      [30, 50], // box 5 (r4c4, r6c6)
    ]) {
      const result = solve(clash(a, b), { limit: 2 })
      expect(result, `cells ${a} and ${b}`).toEqual({ count: 0, solution: null, second: null })
    }
  })

  it('gives count 0 for a full grid with one clash and for values outside 1..9 or a wrong length', () => {
    const full = solve(puzzle).solution!
    const broken = full.slice()
    broken[0] = broken[1]
    expect(solve(broken).count).toBe(0)
    const outOfRange = new Uint8Array(81)
    outOfRange[40] = 10
    expect(solve(outOfRange).count).toBe(0)
    expect(solve(new Uint8Array(80)).count).toBe(0)
  })
})
