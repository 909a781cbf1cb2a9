/**
 * "Check my paper" while a time-lapse records, on the paper as the move log has it over every shot
 * (timelapse/logged-board.ts's checkedPaper), not as the last shot alone reads it.
 */
import { CELLS } from '../sudoku/board'
import { type CheckLevel, type PaperCheck, checkPaper } from '../sudoku/check'
import { playerCandidates } from '../sudoku/pencil'
import { checkedPaper } from './logged-board'
import type { ShotRecord } from './shots'

/** The paper's check at `level` after `shots`; null for a session of no shots. */
export function checkShots(shots: readonly ShotRecord[], level: CheckLevel = 'vague'): PaperCheck | null {
  const paper = checkedPaper(shots)
  return paper && checkPaper({ givens: paper.givens, entries: paper.entries, candidates: playerCandidates(paper.marks, new Uint16Array(CELLS)) }, level)
}
