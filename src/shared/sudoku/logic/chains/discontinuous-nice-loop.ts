/**
 * Discontinuous Nice Loop: an alternating chain that leaves a candidate and comes back to it with
 * the opposite truth (HoDoKu's "Discontinuous Nice Loop", SudokuWiki's "Nice Loop Rules 2 and 3").
 * - Two strong links at the candidate: "if it is false, ..., then it is true". It cannot be false,
 *   so it is placed.
 * - Two weak links at it: "if it is true, ..., then it is false". It cannot be true, so it goes.
 * The second kind removes the same candidates as an AIC between the loop's other nodes (the
 * candidate sees both ends of it); the AIC comes first in the difficulty order, so a loop of that
 * kind shows where it is the shorter way to tell it. Loops may pass through group nodes.
 */
import { type Candidates, cellName } from '../../board'
import { chainStep } from '../engine/chain-text'
import { NICE_LOOP_BASE, chainDifficulty } from '../explainer-scale'
import { isGroup } from '../engine/group-nodes'
import { type Chain, NODES, buildLinkGraph, chainOf, explore, isSimplePath, nodeCell, nodeDigit, pathTo } from '../engine/links'
import { NICE_LOOP_MAX_NODES } from './continuous-nice-loop'
import type { Step } from '../step'

export function findDiscontinuousNiceLoop(cands: Candidates): Step[] {
  const graph = buildLinkGraph(cands, { cellLinks: true, unitLinks: true, weakInCell: true, groups: true })
  const steps: Step[] = []
  for (let start = 0; start < NODES; start++) {
    // "False" then "true" (a placement), and "true" then "false" (an elimination): the first loop found.
    for (const startsTrue of [false, true]) {
      const from = start * 2 + (startsTrue ? 1 : 0)
      const back = start * 2 + (startsTrue ? 0 : 1)
      let loop: Chain | null = null
      explore(graph, from, NICE_LOOP_MAX_NODES + 1, (state) => {
        if (state !== back || loop) return
        const nodes = pathTo(state)
        if (isSimplePath(graph, nodes.slice(1))) loop = chainOf(graph, nodes, startsTrue ? [start] : [], startsTrue)
      })
      if (loop) steps.push(loopStep(loop))
    }
  }
  return steps
}

function loopStep(loop: Chain): Step {
  const start = loop.nodes[0]
  const [cell, digit] = [nodeCell(start), nodeDigit(start)]
  const oneDigit = loop.nodes.every((n) => nodeDigit(n) === digit)
  const base = NICE_LOOP_BASE.discontinuous[oneDigit ? 'oneDigit' : 'anyDigits'] + (loop.nodes.some(isGroup) ? NICE_LOOP_BASE.grouped : 0)
  const conclusion = loop.startsTrue
    ? `That contradicts the start, so ${digit} can be removed from ${cellName(cell)}.`
    : `That contradicts the start, so ${cellName(cell)} must be ${digit}.`
  const intro = `A discontinuous nice loop leaves ${digit} in ${cellName(cell)} and comes back to it.`
  const step = chainStep('discontinuous-nice-loop', intro, loop, conclusion)
  return {
    ...step,
    placements: loop.startsTrue ? [] : [{ cell, digit }],
    difficulty: chainDifficulty(base, loop.nodes.length - 1),
  }
}
