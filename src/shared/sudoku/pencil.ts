/**
 * A player's own pencil marks (`PencilMarks` in board.ts): read from their paper or typed in the
 * app, and what the hint engine makes of them. Cells without readable marks fall back to every
 * digit, so the engine works out their candidates from the filled cells itself.
 */
import { ALL_DIGITS_MASK, CELLS, type Candidates, type Digit, MARKS_UNREAD, type PencilMarks, digitBit } from './board'

/** The mask of a list of marked digits (out-of-range values ignored). */
export function marksMask(digits: readonly number[]): number {
  let mask = 0
  for (const digit of digits) if (digit >= 1 && digit <= 9) mask |= digitBit(digit)
  return mask
}

/** The digits of a mark mask the player can be held to: none for unread marks. */
export const readableMarks = (mask: number): number => mask & ALL_DIGITS_MASK

/** The marks with `digit` added or removed; typing a mark replaces unread ones. */
export function toggleMark(mask: number, digit: Digit): number {
  return readableMarks(mask) ^ digitBit(digit)
}

/**
 * Candidates for the hint engine: the player's readable marks where they wrote some, every digit
 * elsewhere, less what applied steps removed. hint.ts intersects them with what the filled cells
 * allow, so only the player's own omissions count.
 */
export function playerCandidates(marks: PencilMarks, eliminated: Uint16Array): Candidates {
  const cands = new Uint16Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) cands[cell] = (readableMarks(marks[cell]) || ALL_DIGITS_MASK) & ~eliminated[cell]
  return cands
}

export { MARKS_UNREAD }
