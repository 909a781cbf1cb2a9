import { describe, expect, it } from 'vitest'
import { allUnits, boxOf, cellAt } from '../../../../src/shared/sudoku/board'
import { findContinuousNiceLoop } from '../../../../src/shared/sudoku/logic/chains/continuous-nice-loop'
import { findDiscontinuousNiceLoop } from '../../../../src/shared/sudoku/logic/chains/discontinuous-nice-loop'
import { stepDifficulty } from '../../../../src/shared/sudoku/logic/explainer-scale'
import { solve } from '../../../../src/shared/sudoku/solver'
import { PUBLISHED } from './published-states'
import { parseHodokuLine } from './hodoku-line'
import { Pencil, cell, elims } from './pencil'
import { contradictions, keysOf } from './soundness-states'

describe('findContinuousNiceLoop', () => {
  const state = parseHodokuLine(PUBLISHED.continuousNiceLoop)
  const steps = findContinuousNiceLoop(state.cands)

  it("makes exactly the removals of HoDoKu's example, with one loop", () => {
    const step = steps.find((s) => s.eliminations.length === state.eliminations.length)!
    expect(step).toBeDefined()
    expect(elims(step).sort()).toEqual(elims({ eliminations: state.eliminations }).sort())
    expect(step.technique).toBe('continuous-nice-loop')
    expect(step.text).toContain('the loop closes')
    expect(step.text).toContain('each weak link of the loop has one true end: 9 is in r2c3 or r8c3, r8c4 is 9 or 8')
    // Each weak link of the loop acts as a strong one: 8 in row 2 and 9 in column 3 lose their other places.
    expect(step.text).toMatch(/8 from r2c6 and r2c7/)
    expect(stepDifficulty(step)).toBeGreaterThanOrEqual(7.0)
  })

  it('draws a closed loop: each link starts where the last ended, and the last returns to the first', () => {
    for (const step of steps) {
      const links = step.links!
      links.forEach((link, i) => i > 0 && expect(link.from).toEqual(links[i - 1].to))
      expect(links[links.length - 1].to).toEqual(links[0].from)
      expect(links.filter((l) => l.kind === 'weak')).toHaveLength(links.length / 2)
    }
  })

  it('never removes a digit of the solution', () => {
    const { solution } = solve(state.givens, { limit: 2 })
    for (const step of steps) expect(contradictions(step, solution!)).toEqual([])
  })
})

describe('findDiscontinuousNiceLoop', () => {
  it("removes 8 from r2c6 in HoDoKu's nice loop example by a loop through it", () => {
    const state = parseHodokuLine(PUBLISHED.continuousNiceLoop)
    const steps = findDiscontinuousNiceLoop(state.cands)
    const step = steps.find((s) => keysOf(s.eliminations).includes(keysOf(state.eliminations)[1]))!
    expect(step.text).toMatch(/^A discontinuous nice loop leaves 8 in r2c6 and comes back to it\. If r2c6 is 8, then /)
    expect(step.text).toContain('so r2c6 is not 8. That contradicts the start, so 8 can be removed from r2c6.')
    // Starting from "true", the loop's first and last links are weak.
    expect(step.links![0].kind).toBe('weak')
    expect(step.links![step.links!.length - 1].kind).toBe('weak')
    const { solution } = solve(state.givens, { limit: 2 })
    for (const s of steps) expect(contradictions(s, solution!)).toEqual([])
  })

  it('places a candidate whose loop has strong links on both sides (SudokuWiki, Nice Loop Rule 2)', () => {
    // 5 has two places in row 1 (r1c1, r1c5), in row 4 (r4c2, r4c5) and in box 1 (r1c1, r2c2).
    // If r1c1 is not 5, r1c5 is; then r4c5 is not, r4c2 is, r2c2 is not, and r1c1 is 5 after all.
    const pencil = new Pencil()
      .only(5, allUnits[0], [cell('r1c1'), cell('r1c5')])
      .only(5, allUnits[3], [cell('r4c2'), cell('r4c5')])
      .only(5, allUnits[18 + boxOf(cellAt(0, 0))], [cell('r1c1'), cell('r2c2')])
    const steps = findDiscontinuousNiceLoop(pencil.candidates())
    const step = steps.find((s) => s.placements.some((p) => p.cell === cell('r1c1') && p.digit === 5))!
    expect(step).toBeDefined()
    expect(step.text).toMatch(/If r1c1 is not 5, then r1c5 is 5 .*so r1c1 is 5 .*That contradicts the start, so r1c1 must be 5\./)
    expect(step.links![0].kind).toBe('strong')
    expect(step.links![step.links!.length - 1].kind).toBe('strong')
  })
})
