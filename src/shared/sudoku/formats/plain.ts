/**
 * The plain forms as states: 81 digits (or 9 lines, CSV) are the givens alone; 729 characters
 * (9 per cell, the digit or .) are candidates alone, where a cell with one candidate that no peer
 * still has counts as filled (the rule every technique finder follows, logic/common.ts).
 */
import { CELLS, type Candidates, digitsOf } from '../board'
import { formatCandidates, parseCandidates } from '../candidates-format'
import { formatPuzzle, parsePuzzle } from '../format'
import { solvedCells } from '../logic/common'
import { type PuzzleState, boardOf, filledGrid } from '../state'

export function readDigits(text: string): PuzzleState {
  return { givens: parsePuzzle(text), entries: new Uint8Array(CELLS), candidates: null }
}

/** Every filled cell as 81 characters, `.` for empty: what was written, not who wrote it. */
export const writeDigits = (state: PuzzleState): string => formatPuzzle(filledGrid(state))

export function readCandidates729(text: string): PuzzleState {
  return stateFromCandidates(parseCandidates(text))
}

export const writeCandidates729 = (state: PuzzleState): string => formatCandidates(boardOf(state).candidates)

/** Candidates alone: solved-looking cells become givens (their owner is not recorded), the rest marks. */
export function stateFromCandidates(cands: Candidates): PuzzleState {
  const solved = solvedCells(cands)
  const givens = Uint8Array.from(cands, (mask, cell) => (solved[cell] ? digitsOf(mask)[0] : 0))
  return { givens, entries: new Uint8Array(CELLS), candidates: Uint16Array.from(cands, (mask, cell) => (solved[cell] ? 0 : mask)) }
}
