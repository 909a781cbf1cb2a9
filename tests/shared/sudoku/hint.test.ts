import { describe, expect, it } from 'vitest'
import { type Grid, candidatesOf, digitBit } from '../../../src/shared/sudoku/board'
import { hint } from '../../../src/shared/sudoku/hint'
import { applyStep, stepErrors } from '../../../src/shared/sudoku/logic/apply'

// The first puzzle of the Sudoku Exchange hard bank (public domain) and its solution.
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const SOLUTION = '389251467576948132142367589821694375934715826765823941258136794493572618617489253'
const grid = (text: string): Grid => Uint8Array.from(text, Number)

describe('hint', () => {
  it('gives the three levels for the same step', () => {
    const vague = hint({ givens: grid(PUZZLE) }, 'vague')
    const concrete = hint({ givens: grid(PUZZLE) }, 'concrete')
    const full = hint({ givens: grid(PUZZLE) }, 'full')
    expect(vague).toMatchObject({ kind: 'step', technique: 'hidden-single', text: 'Look for a hidden single.', cells: [] })
    expect(concrete).toMatchObject({ kind: 'step', technique: 'hidden-single', digits: [3], units: [18] })
    expect(concrete.text).toBe('Look for a hidden single on 3 in box 1.')
    if (full.kind !== 'step' || !full.step) throw new Error('expected a full step')
    expect(full.text).toBe('Hidden single: In box 1, 3 can only go in r1c1, so it must go there.')
    expect(full.cells).toEqual([0])
    expect(stepErrors(full.step, grid(SOLUTION))).toEqual([])
  })

  it('points at wrong digits before anything else', () => {
    const entries = grid(PUZZLE)
    entries[2] = 1 // r1c3 is 9
    entries[3 * 9 + 2] = 1 // r4c3 is 1: right
    const h = hint({ givens: grid(PUZZLE), entries }, 'full')
    expect(h).toMatchObject({ kind: 'mistakes', cells: [2] })
    expect(h.text).toMatch(/^The digit in r1c3 is wrong\. Fix this first/)
  })

  it('points at pencil marks that leave out the right digit', () => {
    const marks = candidatesOf(grid(PUZZLE))
    marks[0] &= ~digitBit(3) // r1c1 is 3
    const h = hint({ givens: grid(PUZZLE), candidates: marks }, 'vague')
    expect(h).toMatchObject({ kind: 'mistakes', cells: [], candidateCells: [0] })
    expect(h.text).toMatch(/^In r1c1 you removed a pencil mark that was needed: /)
    expect(hint({ givens: grid(PUZZLE), candidates: marks }, 'full').text).toMatch(/^You removed the pencil mark 3 from r1c1, but r1c1 is 3: put it back\./)
  })

  it("respects the player's correct pencil marks: a hint starts from them", () => {
    // Without marks the first step is 3 in r1c1, a hidden single in box 1; with 1 pencilled out of
    // r1c1, r1c3 and r3c2, 1 can only go in r3c1 (right: it belongs there), found first.
    expect(hint({ givens: grid(PUZZLE) }, 'full')).toMatchObject({ technique: 'hidden-single', step: { placements: [{ cell: 0, digit: 3 }] } })
    const marks = candidatesOf(grid(PUZZLE))
    for (const cell of [0, 2, 19]) marks[cell] &= ~digitBit(1)
    const h = hint({ givens: grid(PUZZLE), candidates: marks }, 'full')
    expect(h).toMatchObject({ kind: 'step', technique: 'hidden-single', step: { placements: [{ cell: 18, digit: 1 }] } })
  })

  it('uses correct entries and pencil marks: the next hint follows from them', () => {
    const entries = grid(PUZZLE)
    entries[0] = 3
    const h = hint({ givens: grid(PUZZLE), entries }, 'full')
    expect(h.kind).toBe('step')
    if (h.kind === 'step') expect(h.step?.placements.some((p) => p.cell === 0)).toBe(false)
  })

  it('follows hints all the way to a solved grid', () => {
    const entries = grid(PUZZLE)
    let cands = candidatesOf(entries)
    for (let i = 0; i < 200; i++) {
      const h = hint({ givens: grid(PUZZLE), entries, candidates: cands }, 'full')
      if (h.kind === 'solved') break
      if (h.kind !== 'step' || !h.step) throw new Error(h.text)
      cands = applyStep(cands, h.step)
      for (const { cell, digit } of h.step.placements) entries[cell] = digit
    }
    expect(Array.from(entries).join('')).toBe(SOLUTION)
    expect(hint({ givens: grid(PUZZLE), entries }).kind).toBe('solved')
  })

  it('reports puzzles with no solution or several', () => {
    const clash = grid(PUZZLE)
    clash[0] = 8 // a second 8 in row 1
    expect(hint({ givens: clash })).toMatchObject({ kind: 'invalid-puzzle' })
    expect(hint({ givens: new Uint8Array(81) }).text).toMatch(/more than one solution/)
  })
})
