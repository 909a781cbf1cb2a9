/**
 * Repairs a reading with the Sudoku rules: where the likeliest digits repeat in a unit or leave no
 * or several solutions, a misread is the cheapest explanation. Assignments that repeat no digit are
 * tried in increasing cost (-log p over each cell's best digit), and the first with one solution is
 * kept; the cells it changed are `repaired`, for the UI to flag.
 */
import { CELLS, type Cell, type Grid, peers } from '../../sudoku/board'
import { solve } from '../../sudoku/solver'
import { argmax } from '../core/nn'

export interface RepairInput {
  /** For each cell: null when empty, else 9 probabilities (index d - 1). */
  readonly probs: readonly (ArrayLike<number> | null)[]
}

export interface RepairResult {
  readonly grid: Grid
  /** Cells whose digit was chosen by the rules rather than by the best reading. */
  readonly repaired: Cell[]
  /** Solutions of the returned grid, counted up to 2 (1 = a proper puzzle). */
  readonly solutions: number
}

export interface RepairOptions {
  /** Largest total extra cost (nats) explored before giving up. */
  readonly maxCost?: number
  /** Most complete assignments checked with the solver. */
  readonly maxChecks?: number
}

const FLOOR = 1e-4

/** The best digit per cell, no repair. */
export function bestDigits(input: RepairInput): Grid {
  const grid = new Uint8Array(CELLS)
  input.probs.forEach((p, cell) => {
    if (!p) return
    grid[cell] = argmax(p) + 1
  })
  return grid
}

export function repair(input: RepairInput, options: RepairOptions = {}): RepairResult {
  const maxCost = options.maxCost ?? 12
  const maxChecks = options.maxChecks ?? 400
  const best = bestDigits(input)
  const filled: Cell[] = []
  // Per filled cell, alternatives sorted by extra cost over its best digit.
  const alts: { digit: number; extra: number }[][] = []
  for (let cell = 0; cell < CELLS; cell++) {
    const p = input.probs[cell]
    if (!p) continue
    const top = Math.log(Math.max(FLOOR, p[best[cell] - 1]))
    const list = Array.from({ length: 9 }, (_, i) => ({ digit: i + 1, extra: top - Math.log(Math.max(FLOOR, p[i])) }))
      .filter((a) => a.extra <= maxCost)
      .sort((a, b) => a.extra - b.extra)
    filled.push(cell)
    alts.push(list)
  }
  const solutionsOf = (g: Grid): number => solve(g, { limit: 2 }).count
  const asRead = { grid: best, repaired: [] as Cell[], solutions: -1 }
  let reach = maxCost
  if (isConsistent(best)) {
    const n = solutionsOf(best)
    if (n === 1) return { ...asRead, solutions: 1 }
    asRead.solutions = n
    // Several solutions usually mean a given was missed, which no change of digits explains:
    // only look for a cheap misread then.
    if (n > 1) reach = Math.min(maxCost, 3)
  }

  // Most constrained first: cells whose best reading is least certain are branched last, so the
  // cheap deviations are found early by the bounded depth-first search.
  const order = filled.map((_, i) => i).sort((a, b) => (alts[b][1]?.extra ?? 99) - (alts[a][1]?.extra ?? 99))
  const grid = new Uint8Array(CELLS)
  let checks = 0
  for (let bound = 1; bound <= reach * 2; bound *= 2) {
    const limit = Math.min(bound, reach)
    const found: { grid: Grid; cost: number }[] = []
    const search = (k: number, cost: number): void => {
      if (found.length >= maxChecks) return
      if (k === order.length) {
        found.push({ grid: Uint8Array.from(grid), cost })
        return
      }
      const i = order[k]
      const cell = filled[i]
      for (const { digit, extra } of alts[i]) {
        if (cost + extra > limit) break
        if (peers[cell].some((p) => grid[p] === digit)) continue
        grid[cell] = digit
        search(k + 1, cost + extra)
        grid[cell] = 0
      }
    }
    search(0, 0)
    found.sort((a, b) => a.cost - b.cost)
    for (const f of found) {
      if (++checks > maxChecks) break
      if (solutionsOf(f.grid) === 1) {
        const repaired = filled.filter((c) => f.grid[c] !== best[c])
        return { grid: f.grid, repaired, solutions: 1 }
      }
    }
    if (checks > maxChecks) break
  }
  // No proper puzzle within reach: return the reading as it is, so the user can fix it.
  return { grid: best, repaired: [], solutions: asRead.solutions >= 0 ? asRead.solutions : 0 }
}

/** True when no unit repeats a digit. */
export function isConsistent(grid: Grid): boolean {
  for (let cell = 0; cell < CELLS; cell++) {
    const d = grid[cell]
    if (d && peers[cell].some((p) => p > cell && grid[p] === d)) return false
  }
  return true
}
