/**
 * Forcing chains and nets: the propagation on a small constructed state, the finders on real
 * states where every easier technique is stuck, and soundness: assuming a candidate of the
 * solution never leads to a contradiction nor to a fact the solution denies, in every mode.
 */
import { describe, expect, it } from 'vitest'
import { type Candidates, bitCount, candidatesOf, digitBit } from '../../../../src/shared/sudoku/board'
import { stepDifficulty } from '../../../../src/shared/sudoku/logic/explainer-scale'
import { findForcingChain } from '../../../../src/shared/sudoku/logic/chains/forcing-chain'
import { findForcingNet } from '../../../../src/shared/sudoku/logic/chains/forcing-net'
import { factCell, factDigit, factIsTrue, factOf } from '../../../../src/shared/sudoku/logic/engine/forcing-facts'
import { PropagationBudget, type PropagationOptions, propagate } from '../../../../src/shared/sudoku/logic/engine/forcing-propagation'
import { findFirstForcingProof } from '../../../../src/shared/sudoku/logic/engine/forcing-search'
import type { FindOptions } from '../../../../src/shared/sudoku/logic/step'
import { techniques } from '../../../../src/shared/sudoku/logic/techniques'
import { logicalSolve } from '../../../../src/shared/sudoku/logical-solve'
import { seededRandom } from '../../../../devkit/random'
import { contradictions, samplePuzzles, solutionOf, walkStates } from './soundness-states'

describe('propagate', () => {
  const [grid] = samplePuzzles('puzzles3_magictour_top1465', 1)
  const solution = solutionOf(grid)
  const cands = candidatesOf(grid)
  const open = [...Array(81).keys()].filter((c) => bitCount(cands[c]) > 1)

  it('in chain mode, derives each fact from one premise; in net mode, some from several', () => {
    let several = 0
    for (const cell of open) {
      const chain = propagate(cands, [factOf(cell, solution[cell], true)], { mode: 'chain' })
      for (const f of Array.from(chain.order).slice(1)) expect(chain.premises(f)).toHaveLength(1)
      const net = propagate(cands, [factOf(cell, solution[cell], true)], { mode: 'net' })
      for (const f of chain.order) expect(net.knows(f)).toBe(true) // a net knows at least what the chain knows
      several += net.order.filter((f) => net.premises(f).length > 1).length
    }
    expect(several).toBeGreaterThan(0)
  })

  it('reports a contradiction with facts it derived and says what clashes', () => {
    const wrong = open.flatMap((cell) =>
      [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== solution[cell] && cands[cell] & digitBit(d)).map((d) => factOf(cell, d, true)),
    )
    const clashes = wrong.map((f) => propagate(cands, [f], { mode: 'net' })).filter((p) => p.contradiction)
    expect(clashes.length).toBeGreaterThan(0)
    for (const p of clashes) {
      for (const f of p.contradiction!) expect(p.knows(f) || p.knows(f ^ 1)).toBe(true)
      expect(p.clash).toMatch(/r\dc\d|row|column|box/)
    }
  })
})

const FIRST = { first: true } as const

const MODES: Record<string, PropagationOptions> = {
  chain: { mode: 'chain' },
  net: { mode: 'net' },
  'net with locked candidates': { mode: 'net', lockedCandidates: true },
}

/**
 * Walks forum puzzles' states and assumes the solution's digit in every `every`-th open cell: the
 * propagation must find no contradiction and derive only facts the solution agrees with.
 */
function trueAssumptionsHold(options: PropagationOptions, puzzles: number, states: number, every: number): number {
  let checked = 0
  const random = seededRandom(7)
  for (const grid of samplePuzzles('puzzles5_forum_hardest_1905_11+', puzzles)) {
    const solution = solutionOf(grid)
    walkStates(
      grid,
      solution,
      random,
      () => null,
      (cands: Candidates) => {
        for (let cell = 0; cell < 81; cell += every) {
          if (bitCount(cands[cell]) < 2) continue
          const p = propagate(cands, [factOf(cell, solution[cell], true)], options)
          expect(p.contradiction).toBeNull()
          for (const f of p.order) expect(factIsTrue(f)).toBe(solution[factCell(f)] === factDigit(f))
          checked++
        }
      },
      states,
    )
  }
  return checked
}

/**
 * Walks top1465 states and checks every forcing step found (searched as `find` says) against the
 * solution, and that it says how; returns how many were checked.
 */
function soundForcingSteps(seed: number, find: FindOptions): number {
  let found = 0
  const random = seededRandom(seed)
  for (const grid of samplePuzzles('puzzles3_magictour_top1465', 3)) {
    const solution = solutionOf(grid)
    walkStates(
      grid,
      solution,
      random,
      () => null,
      (cands: Candidates) => {
        for (const step of [...findForcingChain(cands, undefined, find), ...findForcingNet(cands, undefined, find)]) {
          expect(contradictions(step, solution)).toEqual([])
          expect(step.links!.length).toBeGreaterThan(0)
          expect(step.text).toMatch(/^[A-Z0-9].*\bIf r\dc\d is /)
          expect(step.difficulty).toBeGreaterThanOrEqual(7)
          found++
        }
      },
      4,
    )
  }
  return found
}

describe('soundness on real states', () => {
  it.each(Object.entries(MODES))('assuming a true candidate implies only true facts (%s)', (_, options) => {
    expect(trueAssumptionsHold(options, 4, 12, 1)).toBeGreaterThan(500)
  })

  it('assuming a true candidate implies only true facts (nested forcing chains)', () => {
    // Nested propagation runs hundreds of inner ones: fewer states and cells.
    const nested: PropagationOptions = { mode: 'net', lockedCandidates: true, nested: { mode: 'chain' } }
    expect(trueAssumptionsHold(nested, 1, 2, 4)).toBeGreaterThan(10)
  })

  it('forcing chains and nets never contradict the solution, and say how', () => {
    expect(soundForcingSteps(3, {})).toBeGreaterThan(0)
  })
})

describe('the last resort', () => {
  it('finishes by logic a forum puzzle (SE 11+) that every other technique gets stuck on', () => {
    const [grid] = samplePuzzles('puzzles5_forum_hardest_1905_11+', 1)
    const solution = solutionOf(grid)
    const easier = techniques.filter((t) => !t.technique.startsWith('forcing'))
    expect(logicalSolve(grid, { solution, techniques: easier, bruteForce: false }).status).toBe('stuck')
    const result = logicalSolve(grid, { solution })
    expect(result.bruteForceSteps).toBe(0)
    const forcing = result.steps.filter((s) => s.technique.startsWith('forcing'))
    expect(forcing.length).toBeGreaterThan(0)
    for (const step of result.steps) expect(contradictions(step, solution)).toEqual([])
    expect(Math.max(...forcing.map(stepDifficulty))).toBeGreaterThanOrEqual(9.5)
  }, 60_000)
})

describe("a hint's search", () => {
  it('stops at a first proof that is as sound, and says how', () => {
    expect(soundForcingSteps(5, FIRST)).toBeGreaterThan(0)
  })

  it('caps a nested net by a count of propagations: the same proof and the same work on every run', () => {
    const [grid] = samplePuzzles('puzzles5_forum_hardest_1905_11+', 1)
    const cands = candidatesOf(grid)
    const nested = (cap: number) => {
      const budget = new PropagationBudget(cap)
      const proof = findFirstForcingProof(cands, { mode: 'net', lockedCandidates: true, nested: { mode: 'chain' }, budget })
      return { conclusion: proof?.conclusion, size: proof?.size, spent: cap - budget.left }
    }
    const first = nested(3000)
    expect(nested(3000)).toEqual(first)
    // The search checks the cap between assumptions: it overshoots by at most one cell's digits.
    expect(first.spent).toBeLessThanOrEqual(3000 + 9)
    expect(nested(1).spent).toBeLessThanOrEqual(1 + 9)
  })
})
