import { describe, expect, it } from 'vitest'
import { boxOf, cellName } from '../../../../src/shared/sudoku/board'
import { findUniqueRectangles } from '../../../../src/shared/sudoku/logic/uniqueness/unique-rectangle'
import { solve } from '../../../../src/shared/sudoku/solver'
import { parseHodokuLine } from './hodoku-line'
import { PUBLISHED } from './published-states'
import { contradictions, keysOf, removedKeys } from './soundness-states'
import { casesOf } from './technique-cases'

// The project's states where a unique rectangle of each type is the first step that applies
// (technique-cases.ts): each must give a step of that type, and every step must agree with the solution.
const examples = (['unique-rectangle-1', 'unique-rectangle-2', 'unique-rectangle-3', 'unique-rectangle-4'] as const).flatMap((technique) =>
  casesOf(technique).map((c) => [`${technique.slice(-1)} in ${c.source}`, technique, c] as const),
)

describe('findUniqueRectangles', () => {
  it.each(examples)('finds type %s', (_, technique, { cands, solution }) => {
    const steps = findUniqueRectangles(cands)
    expect(steps.filter((s) => s.technique === technique).length).toBeGreaterThan(0)
    for (const step of steps) expect(contradictions(step, solution)).toEqual([])
  })

  // Published states (published-states.ts): HoDoKu's own removals, under the same type.
  it.each([
    ['5 (diagonal)', 'unique-rectangle-5', PUBLISHED.ur5],
    ['6', 'unique-rectangle-6', PUBLISHED.ur6],
  ] as const)('makes the removals of the published type %s example', (_, technique, line) => {
    const state = parseHodokuLine(line)
    const steps = findUniqueRectangles(state.cands)
    const removed = removedKeys(steps.filter((s) => s.technique === technique))
    for (const key of keysOf(state.eliminations)) expect(removed).toContain(key)
    const { solution } = solve(state.givens, { limit: 2 })
    for (const step of steps) expect(contradictions(step, solution!)).toEqual([])
  })

  it('uses four corners in exactly two boxes and explains the deadly pattern', () => {
    const [{ cands }] = casesOf('unique-rectangle-1')
    const step = findUniqueRectangles(cands).find((s) => s.technique === 'unique-rectangle-1')!
    expect(step.cells).toHaveLength(4)
    expect(new Set(step.cells.map(boxOf)).size).toBe(2)
    expect(step.text).toContain(cellName(step.eliminations[0].cell))
    expect(step.text).toContain('two solutions')
    expect(step.placements).toEqual([])
  })

  it('draws the rectangle: a and b ringed in its four corners', () => {
    const [step] = findUniqueRectangles(parseHodokuLine(PUBLISHED.ur6).cands).filter((s) => s.technique === 'unique-rectangle-6')
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
