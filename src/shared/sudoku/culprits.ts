/**
 * Where to look when a puzzle has no solution: the givens that, changed to another digit, make it
 * a proper puzzle (exactly one solution). A misread given is one of them (its true digit does
 * that), and few others are, so the board can ring a handful of cells instead of only saying "a
 * given is probably wrong". Removing a given is no test: in a near-minimal puzzle removing almost
 * any given leaves a solvable one.
 */
import { CELLS, type Cell, type Digit, type Grid } from './board'
import { solve } from './solver'

export interface Fix {
  readonly cell: Cell
  readonly digit: Digit
}

/** Every single-given change that gives `grid` exactly one solution ([] when it already has one). */
export function singleGivenFixes(grid: Grid): Fix[] {
  if (solve(grid, { limit: 1 }).count > 0) return []
  const fixes: Fix[] = []
  const changed = Uint8Array.from(grid)
  for (let cell = 0; cell < CELLS; cell++) {
    if (!grid[cell]) continue
    for (let digit = 1; digit <= 9; digit++) {
      if (digit === grid[cell]) continue
      changed[cell] = digit
      if (solve(changed, { limit: 2 }).count === 1) fixes.push({ cell, digit })
    }
    changed[cell] = grid[cell]
  }
  return fixes
}

/** The cells of `singleGivenFixes`, each once. */
export function culpritGivens(grid: Grid): Cell[] {
  return [...new Set(singleGivenFixes(grid).map((fix) => fix.cell))]
}
