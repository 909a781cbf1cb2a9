import { describe, expect, it } from 'vitest'
import { parseCandidates } from '../../../../src/shared/sudoku/candidates-format'
import { cellAt } from '../../../../src/shared/sudoku/board'
import { parsePuzzle } from '../../../../src/shared/sudoku/format'
import { solve } from '../../../../src/shared/sudoku/solver'
import { findAic } from '../../../../src/shared/sudoku/logic/chains/aic'
import { contradictions } from './soundness-states'

/** Magictour top1465 puzzle 489 after singles and locked candidates. */
const PUZZLE = '.5.4.....8.3..1...9..5...8...6.3..9..9.65.........2..3.2.1..7..6.....8.5....4.2..'
const STATE =
  '12....7......5....12....7.....4......2...6789..3..67891.3..6..912...67..12...67.........8....4.67....3.......2....7...2...67.91...........456..9.2.4567...2.4.67..........91..4.67..12.4..7......5.....2...67....3..67..1.34.6..........8.12.4.67..12.45.7..1..4..7.......6.........78...3.........4..78.1..45............912.4..78...3..............912.4..7.......6.......5.......4..78.1..4.....12.4..7..12.4..78....45.7.....4..78....45.78.........91.........2..........456......4567....3.........45.....2..........45..891.............6.89....56.89......7....3.........4.6..9.....6...1.34..7..1..4..7.9.23...7...2....7.9......7.9.......8.1..4.........5....1...5.7..1.3...78.1...5.789..3...78....4.........56789.2.......1....6...1....6..9'

describe('findAic', () => {
  const cands = parseCandidates(STATE)
  const steps = findAic(cands)
  const { solution } = solve(parsePuzzle(PUZZLE), { limit: 2 })

  it('finds a chain mixing both kinds of strong link that removes 4 from r2c8', () => {
    const r2c8 = cellAt(1, 7)
    const step = steps.find((s) => s.eliminations.some((e) => e.cell === r2c8 && e.digit === 4))
    expect(step).toBeDefined()
    expect(step!.technique).toBe('aic')
    expect(step!.text).toContain('the only other place for')
    expect(step!.text).toContain('the only other candidate in')
    expect(step!.text).toContain('r2c8 cannot be 4')
  })

  it('never removes a candidate of the solution', () => {
    expect(steps.length).toBeGreaterThan(0)
    for (const step of steps) expect(contradictions(step, solution!)).toEqual([])
  })

  it('leaves plain X-Chains (one digit) to their own finder', () => {
    // A chain of one digit names a single digit in all its "is"/"is not" clauses.
    for (const step of steps) {
      const digits = new Set([...step.text.matchAll(/r\dc\d is (?:not )?(\d)/g)].map((m) => m[1]))
      expect(digits.size).toBeGreaterThan(1)
    }
  })
})
