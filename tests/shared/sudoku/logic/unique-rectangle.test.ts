import { describe, expect, it } from 'vitest'
import { boxOf } from '../../../../src/shared/sudoku/board'
import { solve } from '../../../../src/shared/sudoku/solver'
import { findUniqueRectangles } from '../../../../src/shared/sudoku/logic/unique-rectangle'
import { HODOKU } from './hodoku-examples'
import { parseHodokuLine } from './hodoku-line'
import { contradictions, keysOf, removedKeys } from './soundness-states'

// Literature examples from HoDoKu: each state must give HoDoKu's eliminations under the same type.
const examples = [
  ['type 1', 'unique-rectangle-1', HODOKU.ur1],
  ['type 1 (second example)', 'unique-rectangle-1', HODOKU.ur1b],
  ['type 2', 'unique-rectangle-2', HODOKU.ur2],
  ['type 2 (second example)', 'unique-rectangle-2', HODOKU.ur2b],
  ['type 3', 'unique-rectangle-3', HODOKU.ur3],
  ['type 3 with a box', 'unique-rectangle-3', HODOKU.ur3b],
  ['type 3 with a pair', 'unique-rectangle-3', HODOKU.ur3c],
  ['type 4', 'unique-rectangle-4', HODOKU.ur4],
  ['type 4 (second example)', 'unique-rectangle-4', HODOKU.ur4b],
  ['type 5 (diagonal)', 'unique-rectangle-5', HODOKU.ur5],
  ['type 6', 'unique-rectangle-6', HODOKU.ur6],
] as const

describe('findUniqueRectangles', () => {
  it.each(examples)('finds the %s example', (_, technique, line) => {
    const state = parseHodokuLine(line)
    const steps = findUniqueRectangles(state.cands)
    const ofType = steps.filter((s) => s.technique === technique)
    expect(ofType.length).toBeGreaterThan(0)
    const removed = removedKeys(ofType)
    for (const key of keysOf(state.eliminations)) expect(removed).toContain(key)

    const { count, solution } = solve(state.givens, { limit: 2 })
    expect(count).toBe(1)
    for (const step of steps) expect(contradictions(step, solution!)).toEqual([])
  })

  it('uses four corners in exactly two boxes and explains the deadly pattern', () => {
    const steps = findUniqueRectangles(parseHodokuLine(HODOKU.ur1).cands)
    const [step] = steps
    expect(step.cells).toHaveLength(4)
    expect(new Set(step.cells.map(boxOf)).size).toBe(2)
    expect(step.text).toContain('r2c2')
    expect(step.text).toContain('two solutions')
    expect(step.placements).toEqual([])
  })

  it('draws the rectangle: a and b ringed in its four corners', () => {
    const [step] = findUniqueRectangles(parseHodokuLine(HODOKU.ur6).cands).filter((s) => s.technique === 'unique-rectangle-6')
    expect(new Set(step.marks!.map((m) => m.cell))).toEqual(new Set(step.cells))
    const digits = [...new Set(step.marks!.map((m) => m.digit))].sort()
    expect(digits).toHaveLength(2)
    expect(step.text).toContain(`on ${digits[0]} and ${digits[1]}`)
  })

  it('finds nothing in a rectangle inside one box or across four', () => {
    // 1 and 2 left in four cells of box 1 (r1c1, r1c2, r2c1, r2c2) plus one extra: one box only.
    const cands = new Uint16Array(81).fill(0x1ff)
    for (const cell of [0, 1, 9]) cands[cell] = 0b11
    cands[10] = 0b111
    expect(findUniqueRectangles(cands).filter((s) => s.cells.includes(10) && s.cells.includes(0))).toEqual([])
    // The same digits at r1c1, r1c5, r5c1, r5c5: four boxes.
    const wide = new Uint16Array(81).fill(0x1ff)
    for (const cell of [0, 4, 36]) wide[cell] = 0b11
    wide[40] = 0b111
    expect(findUniqueRectangles(wide).filter((s) => s.cells.includes(40) && s.cells.includes(0))).toEqual([])
  })
})
