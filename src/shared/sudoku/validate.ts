/**
 * What a user sees when a puzzle is wrong: clashing givens before search, then "no solution" or
 * "several solutions" (with two of them, so the UI can show where they differ) after it.
 */
import { CELLS, type Cell, type Grid, allUnits, unitName } from './board'
import { listCells } from './logic/common'
import { solve } from './solver'

export { listCells }

export type PuzzleStatus = 'unique' | 'multiple' | 'none' | 'invalid'

export interface PuzzleProblem {
  /** The cells at fault, row-major indices. */
  readonly cells: readonly Cell[]
  readonly message: string
}

export interface Analysis {
  readonly status: PuzzleStatus
  /** Solutions counted, up to the limit (0 when invalid). */
  readonly count: number
  /** The first solution, when there is at least one. */
  readonly solution: Grid | null
  /** Up to two different solutions, so a "several solutions" message can show where they differ. */
  readonly solutions: readonly Grid[]
  readonly errors: readonly PuzzleProblem[]
  readonly warnings: readonly PuzzleProblem[]
  /** One sentence for the status line. */
  readonly summary: string
}

/** Fewer givens than this cannot have a unique solution (McGuire et al., 2012). */
export const MIN_UNIQUE_GIVENS = 17

const COUNT_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']

/** Every digit that appears more than once in a unit: "two 5s in row 3: r3c2 and r3c7". */
export function findConflicts(grid: Grid): PuzzleProblem[] {
  const problems: PuzzleProblem[] = []
  allUnits.forEach((unit, unitIndex) => {
    const byDigit = new Map<number, Cell[]>()
    for (const cell of unit) {
      const digit = grid[cell]
      if (digit >= 1 && digit <= 9) byDigit.set(digit, [...(byDigit.get(digit) ?? []), cell])
    }
    for (const [digit, cells] of byDigit) {
      if (cells.length < 2) continue
      problems.push({
        cells,
        message: `${COUNT_WORDS[cells.length]} ${digit}s in ${unitName(unitIndex)}: ${listCells(cells)}`,
      })
    }
  })
  return problems
}

/** The set of cells involved in any conflict, for live highlighting in the editor. */
export function conflictingCells(grid: Grid): Set<Cell> {
  return new Set(findConflicts(grid).flatMap((problem) => problem.cells))
}

function shapeErrors(grid: ArrayLike<number>): PuzzleProblem[] {
  if (grid.length !== CELLS) return [{ cells: [], message: `A puzzle has 81 cells, not ${grid.length}.` }]
  const bad: Cell[] = []
  for (let cell = 0; cell < CELLS; cell++) if (!Number.isInteger(grid[cell]) || grid[cell] < 0 || grid[cell] > 9) bad.push(cell)
  return bad.length ? [{ cells: bad, message: `Digits must be 1 to 9 (or empty) in ${listCells(bad)}.` }] : []
}

/**
 * Checks and solves a puzzle. `limit` (default 2) bounds the count: 2 is enough to tell unique
 * from several.
 */
export function analyse(grid: Grid, options: { limit?: number } = {}): Analysis {
  const limit = Math.max(2, options.limit ?? 2)
  const invalid = (errors: PuzzleProblem[]): Analysis => ({
    status: 'invalid',
    count: 0,
    solution: null,
    solutions: [],
    errors,
    warnings: [],
    summary: `This puzzle is invalid: ${errors.map((e) => e.message).join('; ')}.`,
  })
  const shape = shapeErrors(grid)
  if (shape.length) return invalid(shape)
  const conflicts = findConflicts(grid)
  if (conflicts.length) return invalid(conflicts)

  const givens = grid.reduce((n, d) => n + (d ? 1 : 0), 0)
  const warnings: PuzzleProblem[] =
    givens < MIN_UNIQUE_GIVENS ? [{ cells: [], message: `Only ${givens} givens: a puzzle needs at least 17 to have a single solution.` }] : []
  const { count, solution, second } = solve(grid, { limit })
  const solutions = [solution, second].filter((g): g is Grid => g !== null)
  const base = { count, solution, solutions, errors: [], warnings }
  if (count === 0) {
    return { ...base, status: 'none', summary: 'This puzzle has no solution: a given digit is probably wrong.' }
  }
  if (count === 1) return { ...base, status: 'unique', summary: 'Solved: the puzzle has exactly one solution.' }
  const differing = differingCells(solutions[0], solutions[1])
  return {
    ...base,
    status: 'multiple',
    summary: `This puzzle has ${count >= limit ? `at least ${count}` : count} solutions; for example they differ in ${listCells(differing.slice(0, 4))}${differing.length > 4 ? ' and more' : ''}.`,
  }
}

export function differingCells(a: Grid, b: Grid): Cell[] {
  const cells: Cell[] = []
  for (let cell = 0; cell < CELLS; cell++) if (a[cell] !== b[cell]) cells.push(cell)
  return cells
}
