/**
 * Every technique explains itself to a learner: its step's text is plain English that says why the
 * step holds (not only what it does) and names every cell the step changes and every cell of its
 * pattern, so the words can be checked against the board.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cellName } from '../../../../src/shared/sudoku/board'
import { readState } from '../../../../src/shared/sudoku/formats'
import type { Step, Technique } from '../../../../src/shared/sudoku/logic/step'
import { TECHNIQUE_ORDER, allSteps } from '../../../../src/shared/sudoku/logic/techniques'
import { boardOf } from '../../../../src/shared/sudoku/state'
import { HODOKU } from './hodoku-examples'

// A solved grid with the whole of row 1 but r1c1 left to fill: a full house, which no example has.
const FULL_HOUSE = `.${'89251467576948132142367589821694375934715826765823941258136794493572618617489253'}`

function examples(): Map<Technique, Step> {
  const exemplars = readFileSync('tests/fixtures/hodoku-exemplars.txt', 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' ')[0])
  const found = new Map<Technique, Step>()
  for (const text of [...Object.values(HODOKU), ...exemplars, FULL_HOUSE]) {
    const { grid, candidates } = boardOf(readState(text).state)
    for (const step of allSteps(candidates, grid)) if (!found.has(step.technique)) found.set(step.technique, step)
  }
  return found
}

/** Words that carry the reason: a step that only states its result has none of them. */
const REASONING = /\b(so|because|since|if|either way|must|only|cannot|at most|at least)\b/i

describe('the explanation of every technique', () => {
  const found = examples()
  const techniques = TECHNIQUE_ORDER.filter((t) => t !== 'brute-force')

  it('has an example here for every technique the hint engine knows', () => {
    expect(techniques.filter((t) => !found.has(t))).toEqual([])
  })

  it.each(techniques.filter((t) => found.has(t)))('%s says why, naming its cells', (technique) => {
    const step = found.get(technique)!
    expect(step.text.length).toBeGreaterThan(40)
    expect(step.text).toMatch(REASONING)
    const named = [...step.cells, ...step.placements.map((p) => p.cell), ...step.eliminations.map((e) => e.cell)]
    const missing = [...new Set(named)].map(cellName).filter((name) => !step.text.includes(name))
    expect(missing).toEqual([])
  })
})
