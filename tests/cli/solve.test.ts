import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli } from './run-cli'
import { PUZZLES_DIR } from '../../datasets/paths'

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'

describe('sudoku-lens solve', () => {
  it('prints one JSON object per puzzle with the solution', async () => {
    const { code, stdout } = await cli('solve', PUZZLE, '--json')
    const result = JSON.parse(stdout)
    expect(code).toBe(0)
    expect(result.status).toBe('unique')
    expect(result.solution).toMatch(/^[1-9]{81}$/)
    for (let i = 0; i < 81; i++) if (PUZZLE[i] !== '.') expect(result.solution[i]).toBe(PUZZLE[i])
  })

  it('reports clashing cells for an invalid puzzle and exits non-zero', async () => {
    const { code, stdout } = await cli('solve', `44${PUZZLE.slice(2)}`, '--json')
    const result = JSON.parse(stdout)
    expect(code).toBe(1)
    expect(result.status).toBe('invalid')
    expect(result.errors[0]).toMatchObject({ cells: [0, 1], message: 'two 4s in row 1: r1c1 and r1c2' })
  })

  it('reads a puzzle file and answers each line', async () => {
    const { stdout } = await cli('solve', join(PUZZLES_DIR, 'test_puzzles_with_counts'), '--json')
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.length).toBeGreaterThan(40)
    expect(new Set(lines.map((l) => l.status))).toEqual(new Set(['unique', 'multiple', 'none']))
  })

  it('explains usage errors', async () => {
    expect((await cli('solve')).code).toBe(2)
    expect((await cli('solve', 'nonsense')).stderr).toMatch(/neither an 81-character puzzle nor a file/)
    expect((await cli('frobnicate')).stderr).toMatch(/Unknown command: frobnicate/)
  })
})
