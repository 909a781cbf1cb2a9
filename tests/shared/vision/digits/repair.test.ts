/** digits/repair.ts: the Sudoku rules choose among ranked readings. Puzzles: Sudoku Exchange bank. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { solve } from '../../../../src/shared/sudoku/solver'
import { bestDigits, isConsistent, repair } from '../../../../src/shared/vision/digits/repair'
import { join } from 'node:path'
import { PUZZLES_DIR } from '../../../../datasets/puzzles'

const BANK = join(PUZZLES_DIR, 'medium_puzzle_and_solution.txt')
const puzzles = readFileSync(BANK, 'utf8')
  .split(/\r?\n/)
  .filter((l) => /^[0-9.]{81}\s/.test(l))
  .slice(0, 20)
  .map((l) => Uint8Array.from(l.slice(0, 81), (ch) => (ch === '.' ? 0 : Number(ch))))

/** Readings that put `p` on the true digit, except for the cells in `misread` (digit -> wrong). */
function readings(grid: Uint8Array, misread: Map<number, number> = new Map(), p = 0.9): (Float32Array | null)[] {
  return Array.from(grid, (d, cell) => {
    if (!d) return null
    const probs = new Float32Array(9).fill((1 - p) / 8)
    const wrong = misread.get(cell)
    if (wrong) {
      probs[wrong - 1] = 0.55
      probs[d - 1] = 0.35
    } else probs[d - 1] = p
    return probs
  })
}

describe('repair', () => {
  it('keeps a consistent reading with one solution', () => {
    for (const puzzle of puzzles.slice(0, 5)) {
      const r = repair({ probs: readings(puzzle) })
      expect(r.grid).toEqual(puzzle)
      expect(r.repaired).toEqual([])
      expect(r.solutions).toBe(1)
    }
  })

  it('fixes a misread that repeats a digit in a unit, and reports the cell', () => {
    let fixed = 0
    for (const puzzle of puzzles) {
      const givens = [...puzzle.keys()].filter((c) => puzzle[c])
      const cell = givens[givens.length >> 1]
      // Wrong digit: one already present among the cell's peers, so the reading breaks a rule.
      const row = Math.floor(cell / 9)
      const wrong = [...puzzle.slice(row * 9, row * 9 + 9)].find((d, i) => d && d !== puzzle[cell] && row * 9 + i !== cell)
      if (!wrong) continue
      const probs = readings(puzzle, new Map([[cell, wrong]]))
      expect(isConsistent(bestDigits({ probs }))).toBe(false)
      const r = repair({ probs })
      expect(r.grid).toEqual(puzzle)
      expect(r.repaired).toEqual([cell])
      fixed++
    }
    expect(fixed).toBeGreaterThan(10)
  })

  it('returns the reading unchanged when no nearby assignment is a proper puzzle', () => {
    // Two givens swapped for digits that are confidently wrong and consistent: nothing cheap helps.
    const puzzle = puzzles[0]
    const probs = readings(puzzle).map((p) => (p ? p.map((v) => (v > 0.5 ? 0.999 : 0.001 / 8)) : null))
    const emptyish = Uint8Array.from(puzzle)
    // Removing every given but three leaves many solutions: the rules cannot decide.
    let kept = 0
    for (let c = 0; c < 81; c++) if (emptyish[c] && ++kept > 3) emptyish[c] = 0
    const r = repair({ probs: probs.map((p, c) => (emptyish[c] ? p : null)) })
    expect(r.grid).toEqual(emptyish)
    expect(r.repaired).toEqual([])
    expect(r.solutions).toBe(2)
    expect(solve(r.grid, { limit: 2 }).count).toBe(2)
  })
})
