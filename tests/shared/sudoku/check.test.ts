import { describe, expect, it } from 'vitest'
import { type Grid, allUnits, candidatesOf, digitBit } from '../../../src/shared/sudoku/board'
import { checkPaper } from '../../../src/shared/sudoku/check'
import { HINT_LEVELS } from '../../../src/shared/sudoku/hint'

// The first puzzle of the Sudoku Exchange hard bank (public domain) and its solution.
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const SOLUTION = '389251467576948132142367589821694375934715826765823941258136794493572618617489253'
const grid = (text: string): Grid => Uint8Array.from(text, Number)

/** The player's digits: the solution in `right` cells, `wrong` digits elsewhere. */
function entries(right: number[], wrong: Record<number, number> = {}): Grid {
  const out = new Uint8Array(81)
  for (const cell of right) out[cell] = Number(SOLUTION[cell])
  for (const [cell, digit] of Object.entries(wrong)) out[Number(cell)] = digit
  return out
}

describe('checkPaper', () => {
  it('tells a wrong digit in three levels, one more each time', () => {
    // r4c6 (cell 32) is 4: written wrong, r1c1 written right.
    const input = { givens: grid(PUZZLE), entries: entries([0], { 32: 7 }) }
    const [vague, concrete, full] = HINT_LEVELS.map((level) => checkPaper(input, level))
    expect(vague).toMatchObject({ kind: 'mistake', what: 'digit', text: 'There is a mistake on your paper.', cells: [], cell: null, digit: null })
    expect(concrete).toMatchObject({ kind: 'mistake', text: 'There is a mistake in box 5.', cells: [...allUnits[18 + 4]], cell: null })
    expect(full).toMatchObject({ kind: 'mistake', text: 'r4c6 should not be 7.', cells: [32], cell: 32, digit: 7 })
    expect(full.kind === 'mistake' && full.found).toEqual([{ cell: 32, digit: 7 }])
  })

  it('tells every wrong digit at each level: how many, their boxes, then each cell', () => {
    // A player wrote two wrong digits and pressed on; the check used to name the first, r4c6, at
    // every press and never the second. r4c6 (cell 32) is 4, r9c1 (cell 72) is 6.
    const input = { givens: grid(PUZZLE), entries: entries([0], { 32: 7, 72: 1 }) }
    const [vague, concrete, full] = HINT_LEVELS.map((level) => checkPaper(input, level))
    const found = [
      { cell: 32, digit: 7 },
      { cell: 72, digit: 1 },
    ]
    expect(vague).toMatchObject({ kind: 'mistake', text: 'There are 2 mistakes on your paper.', cells: [], cell: null, found })
    expect(concrete).toMatchObject({ text: 'There are 2 mistakes, in boxes 5 and 7.', cells: [...allUnits[18 + 4], ...allUnits[18 + 6]], found })
    expect(full).toMatchObject({ text: '2 mistakes: r4c6 should not be 7 and r9c1 should not be 1.', cells: [32, 72], cell: 32, digit: 7, found })
    // Two in one box: that box once.
    const together = checkPaper({ givens: grid(PUZZLE), entries: entries([], { 30: 1, 32: 7 }) }, 'concrete')
    expect(together).toMatchObject({ text: 'There are 2 mistakes in box 5.', cells: [...allUnits[18 + 4]] })
  })

  it('tells at the level a function chooses from the mistakes found', () => {
    const input = { givens: grid(PUZZLE), entries: entries([], { 32: 7, 72: 1 }) }
    const seen: unknown[] = []
    const check = checkPaper(input, (mistakes) => {
      seen.push(mistakes)
      return 'full'
    })
    expect(seen).toEqual([
      {
        what: 'digit',
        found: [
          { cell: 32, digit: 7 },
          { cell: 72, digit: 1 },
        ],
      },
    ])
    expect(check).toMatchObject({ level: 'full', cells: [32, 72] })
  })

  it('points at pencil marks that leave out the right digit only when every digit is right', () => {
    const marks = candidatesOf(grid(PUZZLE))
    marks[0] &= ~digitBit(3) // r1c1 is 3
    const withWrongDigit = checkPaper({ givens: grid(PUZZLE), entries: entries([], { 32: 7 }), candidates: marks }, 'full')
    expect(withWrongDigit).toMatchObject({ what: 'digit', cell: 32 })
    const input = { givens: grid(PUZZLE), entries: entries([1]), candidates: marks }
    expect(checkPaper(input, 'vague').text).toBe('Your digits are right, but there is a mistake in your pencil marks.')
    expect(checkPaper(input, 'concrete').text).toBe('There is a mistake in the pencil marks in box 1.')
    expect(checkPaper(input, 'full')).toMatchObject({
      what: 'marks',
      cell: 0,
      digit: null,
      text: 'The pencil marks in r1c1 leave out the digit that belongs there.',
    })
    // r1c3 is 9: its marks leave it out too.
    marks[2] &= ~digitBit(9)
    const two = { givens: grid(PUZZLE), entries: entries([1]), candidates: marks }
    expect(HINT_LEVELS.map((level) => checkPaper(two, level).text)).toEqual([
      'Your digits are right, but there are mistakes in your pencil marks, in 2 cells.',
      'There are mistakes in the pencil marks of 2 cells, in box 1.',
      'The pencil marks in r1c1 and r1c3 each leave out the digit that belongs there.',
    ])
  })

  it('says when there is nothing wrong, and when the paper is solved', () => {
    expect(checkPaper({ givens: grid(PUZZLE), entries: entries([0, 2, 4]) })).toMatchObject({ kind: 'no-mistakes', solved: false, text: /^No mistakes so far/ })
    const all = [...Array(81).keys()].filter((cell) => PUZZLE[cell] === '0')
    expect(checkPaper({ givens: grid(PUZZLE), entries: entries(all) }, 'full')).toMatchObject({
      kind: 'no-mistakes',
      solved: true,
      text: 'Your paper is solved, without a mistake. Well done!',
    })
  })

  it('cannot check against givens without one solution', () => {
    const clash = grid(PUZZLE)
    clash[0] = 8
    expect(checkPaper({ givens: clash }).text).toMatch(/^The givens have no solution as entered/)
    expect(checkPaper({ givens: new Uint8Array(81) }).text).toMatch(/^The givens have more than one solution/)
  })
})
