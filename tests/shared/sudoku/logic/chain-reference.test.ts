/**
 * The chain finders against a slow reference (chain-reference.ts) on real states: every
 * elimination some alternating chain within the finders' length limits makes, the finders make.
 * This found chains the finders missed: the shortest path to an end went through a candidate twice
 * (say "r1c8 is 7", then later "r1c8 is not 7") and the pair was dropped, though a simple chain joined them
 * (engine/links.ts now looks for one: engine/simple-path.ts).
 */
import { describe, expect, it } from 'vitest'
import type { Candidates } from '../../../../src/shared/sudoku/board'
import { findAic } from '../../../../src/shared/sudoku/logic/chains/aic'
import { findNakedPair } from '../../../../src/shared/sudoku/logic/basics/naked-subsets'
import type { Step } from '../../../../src/shared/sudoku/logic/step'
import { findXChain } from '../../../../src/shared/sudoku/logic/chains/x-chain'
import { XY_CHAIN_MAX_NODES, findXYChain } from '../../../../src/shared/sudoku/logic/chains/xy-chain'
import { type Candidate, referenceEliminations } from './chain-reference'
import { seededRandom } from '../../../../devkit/random'
import { removedKeys, samplePuzzles, solutionOf, walkStates } from './soundness-states'

/**
 * AIC chains the reference tries, in nodes: below the finder's 12, since trying every path of 12
 * nodes takes minutes; 10 is where the missed chains above showed (8 and 10 nodes).
 */
const REFERENCE_AIC_NODES = 10

/** A guard against a hang, far above the ten seconds or so the reference takes on an idle machine. */
const TIMEOUT_MS = 240_000

function states(file: string, count: number, seed: number): Candidates[] {
  const out: Candidates[] = []
  const random = seededRandom(seed)
  for (const grid of samplePuzzles(file, count))
    walkStates(
      grid,
      solutionOf(grid),
      random,
      () => null,
      (cands) => out.push(cands),
      40,
    )
  return out
}

const missing = (reference: Map<string, Candidate[]>, found: Set<string>): string[] =>
  [...reference].filter(([key]) => !found.has(key)).map(([key, chain]) => `${key} by ${JSON.stringify(chain)}`)

const removedBy = (...lists: Step[][]): Set<string> => removedKeys(lists.flat())

describe('chain finders against every chain tried one by one', () => {
  const sample = states('puzzles3_magictour_top1465', 12, 7)

  it(
    'XY-Chain: every chain of bivalue cells with the same digit at both ends',
    () => {
      const misses = sample.flatMap((cands) =>
        missing(
          referenceEliminations(cands, { maxNodes: XY_CHAIN_MAX_NODES, bivalueOnly: true }, (c) => c.length >= 6 && c[0][1] === c[c.length - 1][1]),
          removedBy(findXYChain(cands)),
        ),
      )
      expect(sample.length).toBeGreaterThan(100)
      expect(misses).toEqual([])
    },
    TIMEOUT_MS,
  )

  it(
    'AIC: every chain, less the ones X-Chain, XY-Chain and Naked Pair cover',
    () => {
      let made = 0
      const misses = sample.flatMap((cands) => {
        const reference = referenceEliminations(cands, { maxNodes: REFERENCE_AIC_NODES, bivalueOnly: false }, () => true)
        made += reference.size
        // Two bivalue cells with the same two digits make a chain of four nodes: a naked pair.
        return missing(reference, removedBy(findAic(cands), findXChain(cands), findXYChain(cands), findNakedPair(cands)))
      })
      expect(made).toBeGreaterThan(100)
      expect(misses).toEqual([])
    },
    TIMEOUT_MS,
  )
})
