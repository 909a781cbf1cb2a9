/**
 * Every technique on the project's own cases (technique-cases.ts): states from real puzzles in
 * which that technique is the first step that applies. Checked two independent ways: soundness,
 * every instance the engine finds agrees with the puzzle's unique solution; and, for the basic
 * techniques, completeness, the engine finds every instance a slow reference finder written from
 * the technique's definition finds (reference-finders.ts), with the same eliminations.
 */
import { describe, expect, it } from 'vitest'
import { stepErrors } from '../../../../src/shared/sudoku/logic/apply'
import type { Technique } from '../../../../src/shared/sudoku/logic/step'
import { TECHNIQUE_ORDER, allSteps, easiestStep, techniques } from '../../../../src/shared/sudoku/logic/techniques'
import { REFERENCE_FINDERS, stepKeys } from './reference-finders'
import { casesOf } from './technique-cases'

const TECHNIQUES = TECHNIQUE_ORDER.filter((t) => t !== 'brute-force')
/** A new technique, or one moved in the order, needs the fixture written again. */
const REGENERATE = 'run `npx tsx scripts/make-technique-cases.ts` after adding or reordering a technique'

/** The registry entry whose finder reports `technique` (one finder reports every unique rectangle type and the hidden rectangle, one both avoidable rectangle types). */
const reportedBy = (technique: Technique): Technique =>
  technique.startsWith('unique-rectangle') || technique === 'hidden-rectangle'
    ? 'unique-rectangle-1'
    : technique.startsWith('avoidable-rectangle')
      ? 'avoidable-rectangle-1'
      : technique
const finderOf = (technique: Technique) => techniques.filter((e) => e.technique === reportedBy(technique))

/**
 * Techniques no walk of the puzzle lists meets as the first step (the script walks thousands of
 * puzzles; these two never came first): their tests use published states instead
 * (unique-rectangle.test.ts, avoidable-rectangle.test.ts).
 */
const NEVER_FIRST_IN_THE_WALK = new Set<Technique>(['unique-rectangle-5', 'avoidable-rectangle-2'])

describe.each(TECHNIQUES)('%s on states where it is the first step', (technique) => {
  const cases = casesOf(technique)

  it('has cases, each a state that still allows the solution and where nothing easier applies', () => {
    if (!NEVER_FIRST_IN_THE_WALK.has(technique)) expect(cases.length, REGENERATE).toBeGreaterThan(0)
    for (const { cands, written, givens, solution, source } of cases) {
      const lost = solution.findIndex((d, cell) => !(cands[cell] & (1 << (d - 1))))
      expect(lost, `${source}: the solution's digit is gone from a cell`).toBe(-1)
      expect(easiestStep(cands, written, undefined, { givens })?.technique, `${source}; ${REGENERATE}`).toBe(technique)
    }
  })

  const stepsIn = ({ cands, written, givens }: (typeof cases)[number]) =>
    allSteps(cands, written, finderOf(technique), { givens }).filter((s) => s.technique === technique)

  it('finds only instances that agree with the unique solution', () => {
    const errors = cases.flatMap((c) => stepsIn(c).flatMap((s) => stepErrors(s, c.solution).map((e) => `${c.source}: ${e}`)))
    expect(errors).toEqual([])
  })

  const reference = REFERENCE_FINDERS[technique]
  it.runIf(reference)('finds every instance the reference finder finds, with the same eliminations', () => {
    const missed: string[] = []
    for (const c of cases) {
      const expected = reference!(c.cands, c.written)
      expect(expected.size, `${c.source}: the reference finds nothing`).toBeGreaterThan(0)
      const found = stepKeys(stepsIn(c))
      for (const key of expected) if (!found.has(key)) missed.push(`${c.source}: ${key}`)
    }
    expect(missed).toEqual([])
  })
})
