import type { PaperCheck, PaperMistakes } from '../../../shared/sudoku/check'
import { HINT_LEVELS, type HintLevel } from '../../../shared/sudoku/hint'

/**
 * "Check my paper" tells one level more per press, first that there are mistakes (and how many),
 * then where, then which cells, for as long as the paper holds no mistake the last answer had not
 * counted: fixing one of them goes on with the others, a new one starts over. What the button
 * offers after each level but the last: the next one.
 */
const MORE_LABELS = { one: ['Where is it?', 'Which cell?'], several: ['Where are they?', 'Which cells?'] } as const

/** The level to tell `now` at: one more than `last` where every mistake in it was among `last`'s, else the vaguest. */
export function nextCheckLevel(last: PaperCheck | null, now: PaperMistakes): HintLevel {
  if (last?.kind !== 'mistake' || last.what !== now.what) return HINT_LEVELS[0]
  const counted = now.found.every(({ cell, digit }) => last.found.some((told) => told.cell === cell && told.digit === digit))
  return counted ? HINT_LEVELS[Math.min(HINT_LEVELS.indexOf(last.level) + 1, HINT_LEVELS.length - 1)] : HINT_LEVELS[0]
}

/** The check button's text: after a mistake, the next level's question; else `label`. */
export function checkButtonLabel(last: PaperCheck | null, lastLevel: number, label: string): string {
  if (last?.kind !== 'mistake') return label
  const labels = MORE_LABELS[last.found.length === 1 ? 'one' : 'several']
  return lastLevel < labels.length ? labels[lastLevel] : label
}
