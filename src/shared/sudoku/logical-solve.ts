/**
 * Solving the way a person would: repeatedly take the easiest step any technique offers until the
 * grid is full. When no technique applies, one cell is filled from the computer's solution and the
 * step is named "brute-force", so ratings and hints can say that logic alone ran out there.
 */
import { type Candidates, type Grid, CELLS, bitCount, candidatesOf, cellName, digitBit } from './board'
import { applyStep, emptyCell, gridOf, isSolved, stepErrors } from './logic/apply'
import { solvedCells } from './logic/common'
import type { Step } from './logic/step'
import { type TechniqueEntry, easiestStep, techniques } from './logic/techniques'
import { solve } from './solver'

export type LogicalSolveStatus = 'solved' | 'stuck' | 'no-solution' | 'multiple-solutions'

export interface LogicalSolveOptions {
  /** The finders to use, easiest first (default: every registered technique). */
  readonly techniques?: readonly TechniqueEntry[]
  /** Fill a cell from the solution when logic runs out (default true); false stops with 'stuck'. */
  readonly bruteForce?: boolean
  /** The puzzle's solution when already known (saves a search). */
  readonly solution?: Grid
  /**
   * The puzzle's clues, for the techniques that tell them from digits placed while solving
   * (avoidable rectangles). logicalSolve takes its grid as the givens.
   */
  readonly givens?: Grid
}

export interface LogicalSolveResult {
  /** 'stuck' only when brute force is off; no steps are taken for puzzles without one solution. */
  readonly status: LogicalSolveStatus
  /** Steps in the order taken. */
  readonly steps: Step[]
  /** The digits reached (the full solution when solved). */
  readonly grid: Grid
  /** The candidates reached. */
  readonly candidates: Candidates
  /** The unique solution, or null when there is none or more than one. */
  readonly solution: Grid | null
  /** How many steps were brute force. */
  readonly bruteForceSteps: number
}

/** Solves `grid` (0 = empty) step by step. */
export function logicalSolve(grid: Grid, options: LogicalSolveOptions = {}): LogicalSolveResult {
  let solution = options.solution ?? null
  if (!solution) {
    const result = solve(grid, { limit: 2 })
    if (result.count !== 1) {
      return {
        status: result.count === 0 ? 'no-solution' : 'multiple-solutions',
        steps: [],
        grid: Uint8Array.from(grid),
        candidates: candidatesOf(grid),
        solution: null,
        bruteForceSteps: 0,
      }
    }
    solution = result.solution!
  }
  return logicalSolveFrom(candidatesOf(grid), solution, { givens: grid, ...options }, grid)
}

/**
 * Continues from a candidate grid (e.g. the user's pencil marks) whose unique solution is
 * `solution`. `grid` holds the digits written in so far; without it, cells that count as solved
 * in `start` are taken as written in. The candidates must still allow the solution; check that
 * first (hint.ts does).
 */
export function logicalSolveFrom(
  start: Candidates,
  solution: Grid,
  options: LogicalSolveOptions = {},
  grid: Grid = gridOf(solvedOnly(start)),
): LogicalSolveResult {
  const entries = options.techniques ?? techniques
  const bruteForce = options.bruteForce ?? true
  const steps: Step[] = []
  let cands = start
  const written = Uint8Array.from(grid)
  let bruteForceSteps = 0
  // Each step removes a candidate or writes a digit in, so 810 steps is more than any grid takes.
  for (let guard = 0; guard <= 810 && written.includes(0); guard++) {
    let step = easiestStep(cands, written, entries, { givens: options.givens })
    if (!step) {
      if (!bruteForce) return finish('stuck')
      step = bruteForceStep(cands, solution, written)
      bruteForceSteps++
    }
    const next = applyStep(cands, step)
    const writes = step.placements.filter((p) => written[p.cell] !== p.digit)
    if (!changed(cands, next) && writes.length === 0) {
      throw new Error(`Step "${step.technique}" changed nothing: ${step.text}`)
    }
    const broken = emptyCell(next)
    if (broken >= 0) throw new Error(`Step "${step.technique}" left ${cellName(broken)} without candidates: ${step.text}`)
    for (const { cell, digit } of writes) written[cell] = digit
    steps.push(step)
    cands = next
  }
  return finish(!written.includes(0) && isSolved(cands) ? 'solved' : 'stuck')

  function finish(status: LogicalSolveStatus): LogicalSolveResult {
    return { status, steps, grid: Uint8Array.from(written), candidates: cands, solution, bruteForceSteps }
  }
}

/** The last resort: fill the open cell with the fewest candidates from the known solution. */
export function bruteForceStep(cands: Candidates, solution: Grid, grid?: Grid): Step {
  const solved = grid ?? solvedCells(cands)
  let best = -1
  for (let cell = 0; cell < CELLS; cell++) {
    if (solved[cell]) continue
    if (best < 0 || bitCount(cands[cell]) < bitCount(cands[best])) best = cell
  }
  const digit = solution[best]
  if (!(cands[best] & digitBit(digit))) {
    throw new Error(`The candidates at ${cellName(best)} no longer allow the solution's ${digit}`)
  }
  const step: Step = {
    technique: 'brute-force',
    placements: [{ cell: best, digit }],
    eliminations: [],
    cells: [best],
    units: [],
    text: `None of the techniques this app knows applies here, so this step uses brute force: a computer search (trial and error) shows that ${cellName(best)} is ${digit}.`,
  }
  if (stepErrors(step, solution).length) throw new Error('brute-force step disagrees with the solution')
  return step
}

function changed(a: Candidates, b: Candidates): boolean {
  for (let i = 0; i < CELLS; i++) if (a[i] !== b[i]) return true
  return false
}

/** Keeps only the cells that count as solved, so naked singles not yet taken stay empty. */
function solvedOnly(cands: Candidates): Candidates {
  const solved = solvedCells(cands)
  return cands.map((mask, cell) => (solved[cell] ? mask : 0))
}
