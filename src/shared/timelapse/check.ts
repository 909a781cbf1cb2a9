/**
 * "Check my paper" while a time-lapse records, on the paper as its shots so far have it: the digits
 * the log weighs over every shot, less wrong ones read unclearly, and the pencil marks the log has,
 * not the last shot's own reading (timelapse/moves.ts's checkedPaper).
 * The live panel asks it; bench:timelapse-session scores it.
 */
import { CELLS } from '../sudoku/board'
import { type CheckLevel, type PaperCheck, checkPaper } from '../sudoku/check'
import { playerCandidates } from '../sudoku/pencil'
import { checkedPaper } from './moves'
import type { ShotRecord } from './shots'

/** The paper's check at `level` after `shots`; null for a session of no shots. */
export function checkShots(shots: readonly ShotRecord[], level: CheckLevel = 'vague'): PaperCheck | null {
  const paper = checkedPaper(shots)
  return paper && checkPaper({ givens: paper.givens, entries: paper.entries, candidates: playerCandidates(paper.marks, new Uint16Array(CELLS)) }, level)
}
