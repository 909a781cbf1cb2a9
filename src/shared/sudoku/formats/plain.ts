/**
 * The plain forms as states: 81 digits (or 9 lines, CSV) are the givens alone; 729 characters
 * (9 per cell, the digit or .) are candidates alone, where a cell with one candidate that no peer
 * still has counts as filled (the rule every technique finder follows, logic/common.ts), and a
 * cell of nine dots has no candidates left.
 */
import { CELLS, type Candidates, digitsOf } from '../board'
import { formatCandidates, parseCandidates } from '../candidates-format'
import { PuzzleFormatError, formatPuzzle, parsePuzzle } from '../format'
import { solvedCells } from '../logic/common'
import { type PuzzleState, boardOf, filledGrid } from '../state'

/** What a pasted text that is no puzzle at all is told: the shapes a state can have. */
export const NOT_A_PUZZLE = 'This text is not a puzzle: expected 81 digits (0 or . for empty), 9 lines, a HoDoKu line or a SudokuWiki board.'

/**
 * Prose, not a grid: words (two letters in a row; x alone marks an empty cell) outside `#` comment
 * lines, and fewer digits and dots than the 17 givens the smallest puzzle has.
 */
function isProse(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => !line.trim().startsWith('#'))
  const words = lines.some((line) => (line.match(/[a-z]{2,}/gi) ?? []).some((word) => !/^x+$/i.test(word)))
  return words && lines.join('').replace(/[^0-9.]/g, '').length < 17
}

export function readDigits(text: string): PuzzleState {
  try {
    return { givens: parsePuzzle(text), entries: new Uint8Array(CELLS), candidates: null }
  } catch (error) {
    if (error instanceof PuzzleFormatError && isProse(text)) throw new PuzzleFormatError(NOT_A_PUZZLE)
    throw error
  }
}

/** Every filled cell as 81 characters, `.` for empty: what was written, not who wrote it. */
export const writeDigits = (state: PuzzleState): string => formatPuzzle(filledGrid(state))

export function readCandidates729(text: string): PuzzleState {
  return stateFromCandidates(parseCandidates(text, { emptyCells: true }))
}

export const writeCandidates729 = (state: PuzzleState): string => formatCandidates(boardOf(state).candidates)

/** Candidates alone: solved-looking cells become givens (their owner is not recorded), the rest marks. */
export function stateFromCandidates(cands: Candidates): PuzzleState {
  const solved = solvedCells(cands)
  const givens = Uint8Array.from(cands, (mask, cell) => (solved[cell] ? digitsOf(mask)[0] : 0))
  return { givens, entries: new Uint8Array(CELLS), candidates: Uint16Array.from(cands, (mask, cell) => (solved[cell] ? 0 : mask)) }
}
