import { describe, expect, it } from 'vitest'
import { checkButtonLabel, nextCheckLevel } from '../../../src/renderer/src/state/check-levels'
import type { Grid } from '../../../src/shared/sudoku/board'
import { checkPaper } from '../../../src/shared/sudoku/check'
import { HINT_LEVELS } from '../../../src/shared/sudoku/hint'

const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const grid = (text: string): Grid => Uint8Array.from(text, Number)
const givens = grid(PUZZLE)
// r1c1 written 6 where 3 belongs.
const wrong = grid('6'.padEnd(81, '0'))
const check = (level: number) => checkPaper({ givens, entries: wrong }, HINT_LEVELS[level])

describe('check levels', () => {
  it('tell one level more per press on the same paper, up to the last', () => {
    expect(nextCheckLevel(null, -1, false)).toBe(0)
    expect(nextCheckLevel(check(0), 0, true)).toBe(1)
    expect(nextCheckLevel(check(1), 1, true)).toBe(2)
    expect(nextCheckLevel(check(2), 2, true)).toBe(2)
  })

  it('start again from the vaguest when the paper changed or had no mistake', () => {
    expect(nextCheckLevel(check(1), 1, false)).toBe(0)
    const clean = checkPaper({ givens, entries: new Uint8Array(81) }, 'vague')
    expect(clean.kind).toBe('no-mistakes')
    expect(nextCheckLevel(clean, 0, true)).toBe(0)
  })

  it('offer the next level on the button after a mistake, the given name otherwise', () => {
    expect(checkButtonLabel(null, -1, 'Check my paper')).toBe('Check my paper')
    expect(checkButtonLabel(check(0), 0, 'Check my paper as filmed')).toBe('Where is it?')
    expect(checkButtonLabel(check(1), 1, 'Check my paper as filmed')).toBe('Which cell?')
    expect(checkButtonLabel(check(2), 2, 'Check my paper as filmed')).toBe('Check my paper as filmed')
  })
})
