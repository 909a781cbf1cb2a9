/**
 * Every technique explains itself to a learner: its step's text is plain English that says why the
 * step holds (not only what it does) and names every cell the step changes and every cell of its
 * pattern, so the words can be checked against the board.
 */
import { describe, expect, it } from 'vitest'
import { type Candidates, allUnits, bitCount, cellName, digitBit, peers } from '../../../../src/shared/sudoku/board'
import type { Link, LinkEnd, Step, Technique } from '../../../../src/shared/sudoku/logic/step'
import { TECHNIQUE_ORDER, allSteps, easiestStep } from '../../../../src/shared/sudoku/logic/techniques'
import { parseHodokuLine } from './hodoku-line'
import { PUBLISHED } from './published-states'
import { techniqueCases } from './technique-cases'

interface Example {
  readonly step: Step
  readonly candidates: Candidates
}

/**
 * Each technique's step in the first of the project's cases where it is the easiest step; for the
 * few that no walk meets first (technique-cases.test.ts), in a published state.
 */
function examples(): Map<Technique, Example> {
  const found = new Map<Technique, Example>()
  for (const { technique, cands, written, givens } of techniqueCases) {
    if (found.has(technique)) continue
    const step = easiestStep(cands, written, undefined, { givens })
    if (step) found.set(step.technique, { step, candidates: cands })
  }
  for (const line of Object.values(PUBLISHED)) {
    const { cands, grid, givens } = parseHodokuLine(line)
    for (const step of allSteps(cands, grid, undefined, { givens })) if (!found.has(step.technique)) found.set(step.technique, { step, candidates: cands })
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

/**
 * Whether `a` and `b` are strongly linked: a bivalue cell, or a digit's places in a unit that are
 * all in one end or the other (single candidates or group nodes).
 */
function strong(cands: Candidates, a: LinkEnd, b: LinkEnd): boolean {
  const [p, q] = [a.cells[0], b.cells[0]]
  if (p === q && a.cells.length === 1 && b.cells.length === 1) return bitCount(cands[p]) === 2
  if (a.digit !== b.digit || a.cells.some((c) => b.cells.includes(c))) return false
  const both = [...a.cells, ...b.cells]
  return allUnits.some((unit) => {
    const places = unit.filter((c) => cands[c] & digitBit(a.digit))
    return places.length === both.length && both.every((c) => places.includes(c))
  })
}

/**
 * In a forcing net a strong link is one of several into the same fact, which holds once all of
 * them have: the last candidate of a cell (the links come from its other candidates) or the last
 * place of a digit in a unit (from its other places there).
 */
function strongTogether(cands: Candidates, links: readonly Link[], to: LinkEnd): boolean {
  const cell = to.cells[0]
  const from = links.filter((l) => l.kind === 'strong' && l.to.cells[0] === cell && l.to.digit === to.digit).map((l) => l.from)
  if (from.every((f) => f.cells[0] === cell)) {
    return [1, 2, 3, 4, 5, 6, 7, 8, 9].every((d) => !(cands[cell] & digitBit(d)) || d === to.digit || from.some((f) => f.digit === d))
  }
  const cells = [cell, ...from.map((f) => f.cells[0])]
  return (
    from.every((f) => f.digit === to.digit) &&
    allUnits.some((unit) => cells.every((c) => unit.includes(c)) && unit.every((c) => !(cands[c] & digitBit(to.digit)) || cells.includes(c)))
  )
}

/** Whether they are weakly linked: two digits of one cell, or one digit in cells that all see each other. */
function weak(a: LinkEnd, b: LinkEnd): boolean {
  const [p, q] = [a.cells[0], b.cells[0]]
  if (a.digit !== b.digit) return p === q && a.cells.length === 1 && b.cells.length === 1
  return a.cells.every((c) => b.cells.every((d) => peers[c].includes(d)))
}

describe('the links a step draws', () => {
  const withLinks = [...examples()].filter(([, { step }]) => step.links?.length)

  it('are drawn for the chains and wings', () => {
    expect(withLinks.map(([t]) => t)).toEqual(
      expect.arrayContaining([
        'skyscraper',
        'two-string-kite',
        'xy-wing',
        'w-wing',
        'x-chain',
        'xy-chain',
        'aic',
        'grouped-x-chain',
        'grouped-aic',
        'continuous-nice-loop',
        'discontinuous-nice-loop',
      ]),
    )
  })

  it.each(withLinks)('of %s hold on the board, and a chain joins end to end', (technique, { step, candidates }) => {
    const links = step.links!
    // A forcing chain or net draws each implication it follows: a tree from the assumptions, not one path.
    const isChain = !technique.startsWith('forcing')
    const isNet = technique === 'forcing-net'
    links.forEach((link, i) => {
      const holds =
        link.kind === 'weak' ? weak(link.from, link.to) : isNet ? strongTogether(candidates, links, link.to) : strong(candidates, link.from, link.to)
      expect(holds, JSON.stringify(link)).toBe(true)
      if (i > 0 && isChain) expect(link.from).toEqual(links[i - 1].to)
    })
  })
})
