/**
 * Soundness over real puzzles: every step of the logical solve, and every step any technique offers
 * along the way, must agree with the puzzle's one solution (no wrong placement, no removal of the
 * right digit). Puzzles: the Sudoku Exchange easy / medium / hard banks (public domain), which
 * logic alone must finish without brute force, and a sample of magictour's top1465.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Grid, candidatesOf } from '../../../../src/shared/sudoku/board'
import { applyStep, stepErrors } from '../../../../src/shared/sudoku/logic/apply'
import type { Step, Technique } from '../../../../src/shared/sudoku/logic/step'
import { allSteps, techniques } from '../../../../src/shared/sudoku/logic/techniques'
import { logicalSolve } from '../../../../src/shared/sudoku/logical-solve'
import { solve } from '../../../../src/shared/sudoku/solver'
import { PUZZLES_DIR } from '../../../../datasets/puzzles'

const PUZZLES = PUZZLES_DIR

interface Case {
  readonly puzzle: Grid
  readonly solution: Grid
}

const toGrid = (text: string): Grid => Uint8Array.from(text, (ch) => (ch === '.' ? 0 : Number(ch)))

function readCases(file: string, every = 1): Case[] {
  return readFileSync(join(PUZZLES, file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .filter((_, i) => i % every === 0)
    .map((line) => {
      const [puzzle, solution] = line.split(/\s+/)
      const grid = toGrid(puzzle)
      return { puzzle: grid, solution: solution ? toGrid(solution) : solve(grid, { limit: 2 }).solution! }
    })
}

/**
 * Logical solves by puzzle: the last test walks the states of puzzles the banks' tests have already
 * solved (every 10th of the hard bank, every 60th of the top1465 sample's every 30th), and a forcing
 * solve of a top1465 puzzle takes up to seconds.
 */
const solves = new Map<string, ReturnType<typeof logicalSolve>>()
function solveOnce({ puzzle, solution }: Case): ReturnType<typeof logicalSolve> {
  const key = puzzle.join('')
  let result = solves.get(key)
  if (!result) solves.set(key, (result = logicalSolve(puzzle, { solution })))
  return result
}

/** Solves logically and replays the path, collecting every step that disagrees with the solution. */
function checkSolve(c: Case, used: Map<Technique, number>) {
  const { puzzle, solution } = c
  const result = solveOnce(c)
  const wrong: string[] = []
  let cands = candidatesOf(puzzle)
  for (const step of result.steps) {
    for (const error of stepErrors(step, solution)) wrong.push(`${step.technique}: ${error} (${step.text})`)
    used.set(step.technique, (used.get(step.technique) ?? 0) + 1)
    cands = applyStep(cands, step)
  }
  return { result, wrong }
}

describe.each(['easy', 'medium', 'hard'])('Sudoku Exchange %s bank', (level) => {
  const cases = readCases(`${level}_puzzle_and_solution.txt`)

  it('is solved by logic alone, every step agreeing with the solution', () => {
    const used = new Map<Technique, number>()
    const failures: string[] = []
    for (const c of cases) {
      const { result, wrong } = checkSolve(c, used)
      const name = Array.from(c.puzzle).join('')
      if (wrong.length) failures.push(`${name}: ${wrong.join('; ')}`)
      if (result.status !== 'solved') failures.push(`${name}: ${result.status}`)
      if (result.bruteForceSteps) failures.push(`${name}: needed brute force ${result.bruteForceSteps} times`)
      if (!result.grid.every((d, i) => d === c.solution[i])) failures.push(`${name}: final grid differs`)
    }
    expect(cases.length).toBe(500)
    expect(failures).toEqual([])
    expect(used.get('brute-force')).toBeUndefined()
    // 500 solves: ~10-60 s for the hard bank on a 2-core machine shared with other jobs.
  }, 300_000)
})

describe('magictour top1465 sample', () => {
  it('every step of the logical solve agrees with the solution', () => {
    const cases = readCases('puzzles3_magictour_top1465', 30)
    const used = new Map<Technique, number>()
    const failures: string[] = []
    for (const c of cases) {
      const { result, wrong } = checkSolve(c, used)
      failures.push(...wrong)
      if (result.status !== 'solved') failures.push(`${Array.from(c.puzzle).join('')}: ${result.status}`)
    }
    expect(cases.length).toBeGreaterThan(40)
    expect(failures).toEqual([])
    // Half of these need forcing chains or nets, up to seconds a puzzle on a loaded machine.
  }, 600_000)
})

describe('all instances of every technique', () => {
  // Forcing chains and nets cost up to a second a state; forcing.test.ts checks them on their own.
  const withoutForcing = techniques.filter((t) => t.technique !== 'forcing-chain' && t.technique !== 'forcing-net')

  it('are sound at every state along the solve paths, and every basic technique shows up', () => {
    const cases = [...readCases('hard_puzzle_and_solution.txt', 10), ...readCases('puzzles3_magictour_top1465', 60)]
    const seen = new Map<Technique, number>()
    const failures: string[] = []
    for (const c of cases) {
      const { puzzle, solution } = c
      const { steps } = solveOnce(c)
      let cands = candidatesOf(puzzle)
      const grid = Uint8Array.from(puzzle)
      steps.forEach((taken: Step, i) => {
        // Every third state keeps the test quick; singles dominate the rest anyway.
        if (i % 3 === 0) {
          for (const step of allSteps(cands, grid, withoutForcing)) {
            seen.set(step.technique, (seen.get(step.technique) ?? 0) + 1)
            for (const error of stepErrors(step, solution)) failures.push(`${step.technique}: ${error} (${step.text})`)
          }
        }
        cands = applyStep(cands, taken)
        for (const { cell, digit } of taken.placements) grid[cell] = digit
      })
    }
    expect(failures).toEqual([])
    const basic: Technique[] = [
      'full-house',
      'naked-single',
      'hidden-single',
      'locked-candidates-pointing',
      'locked-candidates-claiming',
      'naked-pair',
      'hidden-pair',
      'naked-triple',
      'hidden-triple',
      'naked-quad',
      'hidden-quad',
      'x-wing',
      'swordfish',
      'jellyfish',
      'skyscraper',
      'two-string-kite',
      'xy-wing',
      'xyz-wing',
      'w-wing',
    ]
    expect(basic.filter((t) => !seen.has(t))).toEqual([])
    // The solve paths of the top1465 puzzles take forcing steps: seconds a puzzle on a loaded machine.
  }, 600_000)
})
