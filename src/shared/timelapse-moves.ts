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
 * The moves between consecutive shots, in time order (cells of the same shot in reading order).
 * A printed given is never a move; a cell the reader took for a given in one shot and an entry in
 * the next is compared by its digit, so a change of mind about its kind is not a move either.
 */
export function movesOf(shots: readonly ShotRecord[]): Move[] {
  const moves: Move[] = []
  let before = '0'.repeat(CELLS)
  let printed = '0'.repeat(CELLS)
  for (const shot of shots) {
    for (let cell = 0; cell < CELLS; cell++) {
      // A given read once stays printed: later shots that miss it are not erasures.
      if (shot.givens[cell] !== '0') printed = printed.slice(0, cell) + shot.givens[cell] + printed.slice(cell + 1)
      if (printed[cell] !== '0') continue
      const digit = Number(shot.entries[cell])
      const was = Number(before[cell])
      if (digit !== was) moves.push({ seconds: shot.seconds, frame: shot.frame, cell, digit, was })
    }
    before = shot.entries
  }
  return moves
}

/** One move as a JSON-lines record for `timelapse --moves`. */
export function moveRecord(move: Move): { seconds: number; frame: number; cell: string; digit: Digit; was: Digit } {
  return { seconds: Math.round(move.seconds * 10) / 10, frame: move.frame, cell: cellName(move.cell), digit: move.digit, was: move.was }
}
