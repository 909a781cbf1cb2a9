/**
 * "Check my paper": whether the player's digits and pencil marks agree with the solution, told in
 * the three levels of a hint and never more than asked:
 * - vague: that there is a mistake ("There is a mistake on your paper.");
 * - concrete: its box ("There is a mistake in box 5.");
 * - full: the cell and the wrong digit ("r4c6 should not be 7.").
 * Wrong digits come first; only when every digit is right are pencil marks that leave out the
 * right digit pointed out. The mistakes themselves are hint.ts's, so hints and checks agree.
 */
import { type Cell, type Digit, allUnits, boxOf, cellName } from './board'
import { type HintInput, type HintLevel, findMistakes, solutionOf } from './hint'

export type PaperCheck =
  | {
      /** The givens have no solution or several, so there is nothing to check against. */
      readonly kind: 'invalid-puzzle'
      readonly text: string
      readonly cells: Cell[]
    }
  | {
      readonly kind: 'mistake'
      readonly level: HintLevel
      /** A wrong digit, or (all digits right) pencil marks that leave out the right digit. */
      readonly what: 'digit' | 'marks'
      readonly text: string
      /** Cells to highlight: none (vague), the box's (concrete), the mistake's (full). */
      readonly cells: Cell[]
      /** The mistake's cell and wrong digit, only at level full. */
      readonly cell: Cell | null
      readonly digit: Digit | null
    }
  | {
      /** Nothing wrong; `solved` when every cell is filled. */
      readonly kind: 'no-mistakes'
      readonly solved: boolean
      readonly text: string
      readonly cells: Cell[]
    }

export function checkPaper(input: HintInput, level: HintLevel = 'vague'): PaperCheck {
  const known = solutionOf(input.givens, input.solution)
  if (!('solution' in known)) {
    const problem = known.count === 0 ? 'have no solution' : 'have more than one solution'
    return {
      kind: 'invalid-puzzle',
      cells: [],
      text: `The givens ${problem} as entered, so your paper cannot be checked. Compare them with the printed puzzle: one may be misread.`,
    }
  }
  const { wrong, badMarks, grid } = findMistakes(input, known.solution)
  if (!wrong.length && !badMarks.length) {
    const solved = !grid.includes(0)
    const text = solved
      ? 'Your paper is solved, without a mistake. Well done!'
      : 'No mistakes so far: every digit and pencil mark on your paper fits the solution.'
    return { kind: 'no-mistakes', solved, text, cells: [] }
  }
  const what = wrong.length ? 'digit' : 'marks'
  // Always the first in reading order, so each level tells more about the same mistake.
  const cell = wrong.length ? wrong[0] : badMarks[0]
  const box = boxOf(cell)
  const digit = what === 'digit' ? input.entries![cell] : null
  if (level === 'vague') {
    const text = what === 'digit' ? 'There is a mistake on your paper.' : 'Your digits are right, but there is a mistake in your pencil marks.'
    return { kind: 'mistake', level, what, text, cells: [], cell: null, digit: null }
  }
  if (level === 'concrete') {
    const text = what === 'digit' ? `There is a mistake in box ${box + 1}.` : `There is a mistake in the pencil marks in box ${box + 1}.`
    return { kind: 'mistake', level, what, text, cells: [...allUnits[18 + box]], cell: null, digit: null }
  }
  const text = what === 'digit' ? `${cellName(cell)} should not be ${digit}.` : `The pencil marks in ${cellName(cell)} leave out the digit that belongs there.`
  return { kind: 'mistake', level, what, text, cells: [cell], cell, digit }
}
