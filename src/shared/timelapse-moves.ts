/**
 * A recorded session told as its moves: each pen digit that appeared, changed or was erased between
 * one shot's board and the next, with the time of the shot that first shows it. Pencil marks are
 * not moves here: they are the working, not the answer, and the log is "time, cell, digit".
 */
import { CELLS, type Cell, type Digit, cellName } from './sudoku/board'
import type { ShotRecord } from './timelapse-shots'

export interface Move {
  /** Seconds since the session started (the shot that first shows the move). */
  readonly seconds: number
  readonly frame: number
  readonly cell: Cell
  /** The digit now in the cell; 0 when it was erased. */
  readonly digit: Digit
  /** The digit it replaced, 0 for a new one. */
  readonly was: Digit
}

/**
 * The moves between shots, in time order (cells of the same shot in reading order). Print does not
 * appear during a session, so the givens are those of the first shot, never moves; any digit that
 * appears in another cell later was written, whatever kind the reader took it for (a neat pen digit
 * can pass for print: on the synthetic session one in three did). A cell's new reading counts once
 * the next shot reads it too (or it is the last shot), at the time it was first read: a digit the
 * reader misses or misreads in one shot is not an erasure and a rewrite.
 */
export function movesOf(shots: readonly ShotRecord[]): Move[] {
  const moves: Move[] = []
  if (!shots.length) return moves
  const printed = shots[0].givens
  const read = shots.map(digitsOf)
  const settled = [...read[0]]
  for (let i = 1; i < shots.length; i++) {
    for (let cell = 0; cell < CELLS; cell++) {
      const digit = read[i][cell]
      if (printed[cell] !== '0' || digit === settled[cell]) continue
      const confirmed = i === shots.length - 1 || read[i + 1][cell] === digit
      if (!confirmed) continue
      moves.push({ seconds: shots[i].seconds, frame: shots[i].frame, cell, digit, was: settled[cell] })
      settled[cell] = digit
    }
  }
  return moves
}

/** The digit in each cell, printed or written, 0 for none. */
function digitsOf(shot: ShotRecord): number[] {
  return Array.from({ length: CELLS }, (_, cell) => Number(shot.entries[cell]) || Number(shot.givens[cell]))
}

/** One move as a JSON-lines record for `timelapse --moves`. */
export function moveRecord(move: Move): { seconds: number; frame: number; cell: string; digit: Digit; was: Digit } {
  return { seconds: Math.round(move.seconds * 10) / 10, frame: move.frame, cell: cellName(move.cell), digit: move.digit, was: move.was }
}
