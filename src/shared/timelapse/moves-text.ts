/**
 * A recorded session's moves (timelapse/moves.ts) as a plain text log, a line a move: the time into
 * the session, the cell, and the digit written, changed or erased, or the cell's pencil marks.
 * What the desktop app saves from a session's "Save moves" and `timelapse --moves --text` prints;
 * `--moves` alone prints the same moves as JSON lines (moveRecord).
 *
 *   0:42  r5c1  9
 *   1:07  r5c1  8 (was 9)
 *   1:30  r2c3  marks 2 4 7
 */
import { formatElapsed } from '../elapsed'
import { cellName } from '../sudoku/board'
import type { Move } from './moves'
import { gridText } from './shots'

const HEADER = '# Sudoku Lens: a solving session told as its moves (time into the session, cell, what was written)'

export function movesText(moves: readonly Move[]): string {
  return [HEADER, ...moves.map(moveLine)].join('\n') + '\n'
}

function moveLine(move: Move): string {
  const time = formatElapsed(move.seconds).padStart(5)
  if (move.kind === 'page') return `${time}  puzzle ${move.page}: ${gridText(move.givens)}`
  const cell = cellName(move.cell)
  if (move.kind === 'marks')
    return `${time}  ${cell}  ${move.unread ? 'marks (unreadable)' : move.marks.length ? `marks ${move.marks.join(' ')}` : 'marks erased'}`
  const what = move.digit ? `${move.digit}${move.was ? ` (was ${move.was})` : ''}` : `erased (was ${move.was})`
  // The reading was unclear, and the solution or the board's candidates chose the digit.
  return `${time}  ${cell}  ${what}${move.doubtful ? ', read unclearly' : ''}`
}
