/**
 * Carrying out a step on a candidate grid, and checking a step against a known solution.
 * Candidates for a puzzle come from `candidatesOf(grid)` in board.ts.
 */
import { type Candidates, type Grid, CELLS, digitBit, peers } from '../board'
import type { Step } from './step'

/**
 * A new candidate grid with the step's placements made (the cell keeps only its digit, which is
 * removed from all its peers) and its eliminations removed. The input is not changed.
 */
export function applyStep(cands: Candidates, step: Step): Candidates {
  const next = Uint16Array.from(cands)
  for (const { cell, digit } of step.placements) {
    const bit = digitBit(digit)
    next[cell] = bit
    for (const p of peers[cell]) next[p] &= ~bit
  }
  for (const { cell, digit } of step.eliminations) next[cell] &= ~digitBit(digit)
  return next
}

/** The digits of cells that have exactly one candidate, 0 elsewhere. */
export function gridOf(cands: Candidates): Grid {
  const grid = new Uint8Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) {
    const mask = cands[cell]
    if (mask && (mask & (mask - 1)) === 0) grid[cell] = 31 - Math.clz32(mask) + 1
  }
  return grid
}

/** True when every cell has exactly one candidate and no unit repeats a digit. */
export function isSolved(cands: Candidates): boolean {
  for (let cell = 0; cell < CELLS; cell++) {
    const mask = cands[cell]
    if (!mask || mask & (mask - 1)) return false
    for (const p of peers[cell]) if (cands[p] === mask) return false
  }
  return true
}

/** A cell left with no candidate at all: the grid has gone wrong somewhere. */
export function emptyCell(cands: Candidates): number {
  for (let cell = 0; cell < CELLS; cell++) if (cands[cell] === 0) return cell
  return -1
}

/** What a step gets wrong against the solution: placements of the wrong digit, removals of the right one. */
export function stepErrors(step: Step, solution: Grid): string[] {
  const errors: string[] = []
  for (const { cell, digit } of step.placements) {
    if (solution[cell] !== digit) errors.push(`places ${digit} in cell ${cell}, solution has ${solution[cell]}`)
  }
  for (const { cell, digit } of step.eliminations) {
    if (solution[cell] === digit) errors.push(`removes ${digit} from cell ${cell}, which is its solution`)
  }
  return errors
}
