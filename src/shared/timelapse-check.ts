/**
 * "Check my paper" while a time-lapse records, on the paper as its shots so far have it: the digits
 * the log weighs over every shot, less wrong ones read unclearly (timelapse-moves.ts's
 * checkedBoard), and the pencil marks the log has (loggedMarks), not the last shot's own reading.
 * The live panel asks it; bench:timelapse-session scores it.
 */
import { CELLS } from './sudoku/board'
import { type PaperCheck, checkPaper } from './sudoku/check'
import type { HintLevel } from './sudoku/hint'
import { playerCandidates } from './sudoku/pencil'
import { checkedBoard, loggedMarks } from './timelapse-moves'
import type { ShotRecord } from './timelapse-shots'

/** The paper's check at `level` after `shots`; null for a session of no shots. */
export function checkShots(shots: readonly ShotRecord[], level: HintLevel = 'vague'): PaperCheck | null {
  const board = checkedBoard(shots)
  return board && checkPaper({ ...board, candidates: playerCandidates(loggedMarks(shots), new Uint16Array(CELLS)) }, level)
}
