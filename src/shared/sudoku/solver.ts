/**
 * PLACEHOLDER until the solving-engine issue replaces it behind the same API: a plain
 * most-constrained-cell backtracking solver.
 */
import { CELLS, type Grid, digitBit, peers } from './board'

export interface SolveOptions {
  /** Stop counting after this many solutions (2 answers "is it unique?"). Default 1. */
  readonly limit?: number
}

export interface SolveResult {
  /** Solutions found, at most `limit`. */
  readonly count: number
  /** The first solution found, or null when there is none. */
  readonly solution: Grid | null
  /** A second, different solution when `count >= 2`. */
  readonly second: Grid | null
}

export function solve(grid: Grid, options: SolveOptions = {}): SolveResult {
  const limit = options.limit ?? 1
  const work = Uint8Array.from(grid)
  const found: Grid[] = []
  const search = (): void => {
    let best = -1
    let bestMask = 0
    let bestCount = 10
    for (let cell = 0; cell < CELLS; cell++) {
      if (work[cell]) continue
      let mask = 0x1ff
      for (const p of peers[cell]) if (work[p]) mask &= ~digitBit(work[p])
      let n = 0
      for (let m = mask; m; m &= m - 1) n++
      if (n < bestCount) [best, bestMask, bestCount] = [cell, mask, n]
      if (n === 0) return
    }
    if (best < 0) {
      found.push(Uint8Array.from(work))
      return
    }
    for (let d = 1; d <= 9 && found.length < limit; d++) {
      if (!(bestMask & digitBit(d))) continue
      work[best] = d
      search()
    }
    work[best] = 0
  }
  search()
  return { count: found.length, solution: found[0] ?? null, second: found[1] ?? null }
}
