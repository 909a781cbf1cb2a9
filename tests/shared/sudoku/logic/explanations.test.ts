/**
 * Every technique explains itself to a learner: its step's text is plain English that says why the
 * step holds (not only what it does) and names every cell the step changes and every cell of its
 * pattern, so the words can be checked against the board.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type Candidates, allUnits, bitCount, cellName, digitBit, peers } from '../../../../src/shared/sudoku/board'
import { readState } from '../../../../src/shared/sudoku/formats'
import type { LinkEnd, Step, Technique } from '../../../../src/shared/sudoku/logic/step'
import { TECHNIQUE_ORDER, allSteps } from '../../../../src/shared/sudoku/logic/techniques'
import { boardOf } from '../../../../src/shared/sudoku/state'
import { HODOKU } from './hodoku-examples'

// A solved grid with the whole of row 1 but r1c1 left to fill: a full house, which no example has.
const FULL_HOUSE = `.${'89251467576948132142367589821694375934715826765823941258136794493572618617489253'}`

interface Example {
  readonly step: Step
  readonly candidates: Candidates
}

function examples(): Map<Technique, Example> {
  const exemplars = ['hodoku-exemplars.txt', 'hodoku-exemplars-advanced.txt']
    .flatMap((file) => readFileSync(`tests/fixtures/${file}`, 'utf8').split('\n'))
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' ')[0])
  const found = new Map<Technique, Example>()
  for (const text of [...Object.values(HODOKU), ...exemplars, FULL_HOUSE]) {
    const { state } = readState(text)
    const { grid, candidates } = boardOf(state)
    for (const step of allSteps(candidates, grid, undefined, state.givens)) if (!found.has(step.technique)) found.set(step.technique, { step, candidates })
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
    const { step } = found.get(technique)!
    expect(step.text.length).toBeGreaterThan(40)
    expect(step.text).toMatch(REASONING)
    const named = [...step.cells, ...step.placements.map((p) => p.cell), ...step.eliminations.map((e) => e.cell)]
    const missing = [...new Set(named)].map(cellName).filter((name) => !step.text.includes(name))
    expect(missing).toEqual([])
  })
})

/** Whether `a` and `b` (single candidates) are strongly linked: a bivalue cell, or a digit's only two places in a unit. */
function strong(cands: Candidates, a: LinkEnd, b: LinkEnd): boolean {
  const [p, q] = [a.cells[0], b.cells[0]]
  if (p === q) return bitCount(cands[p]) === 2
  if (a.digit !== b.digit) return false
  return allUnits.some((unit) => unit.includes(p) && unit.includes(q) && unit.filter((c) => cands[c] & digitBit(a.digit)).length === 2)
}

/** Whether they are weakly linked: two digits of one cell, or one digit in two cells that see each other. */
function weak(a: LinkEnd, b: LinkEnd): boolean {
  const [p, q] = [a.cells[0], b.cells[0]]
  return p === q ? a.digit !== b.digit : a.digit === b.digit && peers[p].includes(q)
}

describe('the links a step draws', () => {
  const withLinks = [...examples()].filter(([, { step }]) => step.links?.length)

  it('are drawn for the chains and wings', () => {
    expect(withLinks.map(([t]) => t)).toEqual(expect.arrayContaining(['skyscraper', 'two-string-kite', 'xy-wing', 'w-wing', 'x-chain', 'xy-chain', 'aic']))
  })

  it.each(withLinks)('of %s hold on the board, and a chain joins end to end', (technique, { step, candidates }) => {
    const links = step.links!
    // A forcing chain or net draws each implication it follows: a tree from the assumptions, not one path.
    const isChain = !technique.startsWith('forcing')
    links.forEach((link, i) => {
      expect(link.kind === 'strong' ? strong(candidates, link.from, link.to) : weak(link.from, link.to)).toBe(true)
      if (i > 0 && isChain) expect(link.from).toEqual(links[i - 1].to)
    })
  })
})
