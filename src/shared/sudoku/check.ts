/**
 * "Check my paper": whether the player's digits and pencil marks agree with the solution, told in
 * the three levels of a hint and never more than asked:
 * - vague: that there is a mistake, or how many ("There are 2 mistakes on your paper.");
 * - concrete: their boxes ("There is a mistake in box 5.");
 * - full: every mistake's cell, and its wrong digit ("r4c6 should not be 7.").
 * Wrong digits come first; only when every digit is right are pencil marks that leave out the
 * right digit pointed out. The mistakes themselves are hint.ts's, so hints and checks agree.
 */
import { type Cell, type Digit, allUnits, boxOf, cellName } from './board'
import { type HintInput, type HintLevel, findMistakes, solutionOf } from './hint'
import { joinAnd, listCells } from './logic/common'

/** A mistake on the paper: a wrong digit (with it), or pencil marks that leave out the right digit (digit null). */
export interface PaperMistake {
  readonly cell: Cell
  readonly digit: Digit | null
}

/** What a check found wrong, whatever the level it is told at. */
export interface PaperMistakes {
  /** Wrong digits, or (all digits right) pencil marks that leave out the right digit. */
  readonly what: 'digit' | 'marks'
  /** Every such mistake, in reading order. */
  readonly found: readonly PaperMistake[]
}

/** The level to tell: one, or chosen from what the check found (check-levels.ts's nextCheckLevel). */
export type CheckLevel = HintLevel | ((mistakes: PaperMistakes) => HintLevel)

export type PaperCheck =
  | {
      /** The givens have no solution or several, so there is nothing to check against. */
      readonly kind: 'invalid-puzzle'
      readonly text: string
      readonly cells: Cell[]
    }
  | (PaperMistakes & {
      readonly kind: 'mistake'
      readonly level: HintLevel
      readonly text: string
      /** Cells to highlight: none (vague), the mistakes' boxes (concrete), the mistakes' own (full). */
      readonly cells: Cell[]
      /** The first mistake's cell and wrong digit, only at level full. */
      readonly cell: Cell | null
      readonly digit: Digit | null
    })
  | {
      /** Nothing wrong; `solved` when every cell is filled. */
      readonly kind: 'no-mistakes'
      readonly solved: boolean
      readonly text: string
      readonly cells: Cell[]
    }

export function checkPaper(input: HintInput, level: CheckLevel = 'vague'): PaperCheck {
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
  const mistakes: PaperMistakes = wrong.length
    ? { what: 'digit', found: wrong.map((cell) => ({ cell, digit: input.entries![cell] })) }
    : { what: 'marks', found: badMarks.map((cell) => ({ cell, digit: null })) }
  return tellMistakes(mistakes, typeof level === 'function' ? level(mistakes) : level)
}

/** The mistakes told at `level`: all of them at each, so a second mistake is never hidden behind the first. */
function tellMistakes({ what, found }: PaperMistakes, level: HintLevel): PaperCheck {
  const base = { kind: 'mistake', level, what, found } as const
  const n = found.length
  const digits = what === 'digit'
  if (level === 'vague') {
    const text = digits
      ? n === 1
        ? 'There is a mistake on your paper.'
        : `There are ${n} mistakes on your paper.`
      : n === 1
        ? 'Your digits are right, but there is a mistake in your pencil marks.'
        : `Your digits are right, but there are mistakes in your pencil marks, in ${n} cells.`
    return { ...base, text, cells: [], cell: null, digit: null }
  }
  if (level === 'concrete') {
    const boxes = [...new Set(found.map(({ cell }) => boxOf(cell)))].sort((a, b) => a - b)
    const where = boxes.length === 1 ? `in box ${boxes[0] + 1}` : `in boxes ${joinAnd(boxes.map((b) => String(b + 1)))}`
    const text = digits
      ? n === 1
        ? `There is a mistake ${where}.`
        : `There are ${n} mistakes${boxes.length === 1 ? ' ' : ', '}${where}.`
      : n === 1
        ? `There is a mistake in the pencil marks ${where}.`
        : `There are mistakes in the pencil marks of ${n} cells, ${where}.`
    return { ...base, text, cells: boxes.flatMap((box) => allUnits[18 + box]), cell: null, digit: null }
  }
  const cells = found.map(({ cell }) => cell)
  const text = digits
    ? `${n === 1 ? '' : `${n} mistakes: `}${joinAnd(found.map(({ cell, digit }) => `${cellName(cell)} should not be ${digit}`))}.`
    : n === 1
      ? `The pencil marks in ${cellName(cells[0])} leave out the digit that belongs there.`
      : `The pencil marks in ${listCells(cells)} each leave out the digit that belongs there.`
  return { ...base, text, cells, cell: found[0].cell, digit: found[0].digit }
}
