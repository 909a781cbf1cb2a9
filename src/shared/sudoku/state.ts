/**
 * A player's state of a puzzle: the givens, the player's own digits and the pencil marks of the
 * open cells, kept apart. Digits or candidates alone cannot tell a solved cell from an open cell
 * with one candidate left, and Full House and BUG+1 turn on exactly that difference.
 */
import { CELLS, type Candidates, type Grid, candidatesOf, cellName } from './board'

export interface PuzzleState {
  /** The puzzle as given (0 = not a given). */
  readonly givens: Grid
  /** The player's digits (0 where a given or empty). */
  readonly entries: Grid
  /**
   * The pencil marks of the open cells (filled cells' values are ignored), or null when the
   * player keeps none: then they are worked out from the digits.
   */
  readonly candidates: Candidates | null
}

export class StateError extends Error {
  override name = 'StateError'
}

export const emptyState = (): PuzzleState => ({ givens: new Uint8Array(CELLS), entries: new Uint8Array(CELLS), candidates: null })

/** The givens and the player's digits in one grid. */
export function filledGrid(state: PuzzleState): Grid {
  return Uint8Array.from(state.givens, (given, cell) => given || state.entries[cell])
}

/**
 * What the technique finders work on: the filled grid, and candidates where a filled cell keeps its
 * digit alone and an open cell keeps its marks less any digit a filled peer already holds (a mark
 * the rules forbid is never a candidate, however it was written).
 */
export function boardOf(state: PuzzleState): { grid: Grid; candidates: Candidates } {
  const grid = filledGrid(state)
  const candidates = candidatesOf(grid)
  if (state.candidates) for (let cell = 0; cell < CELLS; cell++) if (!grid[cell]) candidates[cell] &= state.candidates[cell]
  return { grid, candidates }
}

/** Throws a StateError when a cell holds both a given and an entry of the player's. */
export function checkState(state: PuzzleState): PuzzleState {
  for (let cell = 0; cell < CELLS; cell++) {
    if (state.givens[cell] && state.entries[cell] && state.givens[cell] !== state.entries[cell]) {
      throw new StateError(`${cellName(cell)} is given as ${state.givens[cell]} but entered as ${state.entries[cell]}.`)
    }
  }
  return state
}
