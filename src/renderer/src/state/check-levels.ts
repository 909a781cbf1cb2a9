import type { PaperCheck } from '../../../shared/sudoku/check'
import { HINT_LEVELS } from '../../../shared/sudoku/hint'

/**
 * "Check my paper" tells one level more per press while the paper stays as it was: first that
 * there is a mistake, then where, then which cell. What the button offers after each level but the
 * last: the next one.
 */
const MORE_LABELS = ['Where is it?', 'Which cell?'] as const

/** The level of the next check: one more than `last` where it found a mistake on this same paper, else the vaguest. */
export function nextCheckLevel(last: PaperCheck | null, lastLevel: number, samePaper: boolean): number {
  return samePaper && last?.kind === 'mistake' ? Math.min(lastLevel + 1, HINT_LEVELS.length - 1) : 0
}

/** The check button's text: after a mistake, the next level's question; else `label`. */
export function checkButtonLabel(last: PaperCheck | null, lastLevel: number, label: string): string {
  return last?.kind === 'mistake' && lastLevel < MORE_LABELS.length ? MORE_LABELS[lastLevel] : label
}
