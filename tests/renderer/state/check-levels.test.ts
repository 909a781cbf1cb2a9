import { describe, expect, it } from 'vitest'
import { checkButtonLabel, nextCheckLevel } from '../../../src/renderer/src/state/check-levels'
import type { Grid } from '../../../src/shared/sudoku/board'
import { type PaperCheck, type PaperMistakes, checkPaper } from '../../../src/shared/sudoku/check'
import { HINT_LEVELS } from '../../../src/shared/sudoku/hint'

const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const grid = (text: string): Grid => Uint8Array.from(text, Number)
const givens = grid(PUZZLE)
// r1c1 written 6 where 3 belongs.
const wrong = grid('6'.padEnd(81, '0'))
const check = (level: number, entries: Grid = wrong) => checkPaper({ givens, entries }, HINT_LEVELS[level])
const mistakesOf = (c: PaperCheck): PaperMistakes => {
  if (c.kind !== 'mistake') throw new Error(`no mistake: ${c.text}`)
  return c
}
// r1c1 written 6 and r4c6 (cell 32, a 4) written 7.
const twoWrong = Uint8Array.from(wrong)
twoWrong[32] = 7

describe('check levels', () => {
  it('tell one level more per press on the same paper, up to the last', () => {
    const now = mistakesOf(check(0))
    expect(nextCheckLevel(null, now)).toBe('vague')
    expect(nextCheckLevel(check(0), now)).toBe('concrete')
    expect(nextCheckLevel(check(1), now)).toBe('full')
    expect(nextCheckLevel(check(2), now)).toBe('full')
  })

  it('go on where the paper has only mistakes the last answer counted: one of two fixed', () => {
    // Told both at the last level, the player fixes r1c1: the check names r4c6 at once.
    const fixed = new Uint8Array(81)
    fixed[32] = 7
    expect(nextCheckLevel(check(2, twoWrong), mistakesOf(check(0, fixed)))).toBe('full')
    expect(nextCheckLevel(check(0, twoWrong), mistakesOf(check(0, fixed)))).toBe('concrete')
  })

  it('start again from the vaguest on a mistake the last answer had not counted, or after none', () => {
    // A second wrong digit, or the same cell written another wrong digit, is news.
    expect(nextCheckLevel(check(1), mistakesOf(check(0, twoWrong)))).toBe('vague')
    expect(nextCheckLevel(check(2), mistakesOf(check(0, grid('5'.padEnd(81, '0')))))).toBe('vague')
    const clean = checkPaper({ givens, entries: new Uint8Array(81) }, 'vague')
    expect(clean.kind).toBe('no-mistakes')
    expect(nextCheckLevel(clean, mistakesOf(check(0)))).toBe('vague')
    // Digits all right now, but pencil marks wrong: another kind of mistake.
    expect(nextCheckLevel(check(2), { what: 'marks', found: [{ cell: 0, digit: null }] })).toBe('vague')
  })

  it('offer the next level on the button after a mistake, the given name otherwise', () => {
    expect(checkButtonLabel(null, -1, 'Check my paper')).toBe('Check my paper')
    expect(checkButtonLabel(check(0), 0, 'Check my paper as filmed')).toBe('Where is it?')
    expect(checkButtonLabel(check(1), 1, 'Check my paper as filmed')).toBe('Which cell?')
    expect(checkButtonLabel(check(2), 2, 'Check my paper as filmed')).toBe('Check my paper as filmed')
    expect(checkButtonLabel(check(0, twoWrong), 0, 'Check my paper')).toBe('Where are they?')
    expect(checkButtonLabel(check(1, twoWrong), 1, 'Check my paper')).toBe('Which cells?')
  })
})
