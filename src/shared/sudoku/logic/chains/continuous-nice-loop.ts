/**
 * Continuous Nice Loop: an alternating chain that closes on itself, its last node weakly linked
 * back to its first (strong, weak, ..., strong, weak). Starting from "the first node is false" the
 * links run round the loop and come back to "false"; starting from "true" they run round the other
 * way. Either way the nodes alternate true and false all round, so every weak link of the loop has
 * exactly one true end: it acts as a strong link too. So, for each weak link, a candidate that both
 * its ends exclude is false: the digit elsewhere in the unit(s) the two cells share, or, for a weak
 * link inside a cell, the cell's other digits (HoDoKu's "Continuous Nice Loop"; SudokuWiki's
 * X-Cycles and AIC loops, "Nice Loop Rule 1"). Loops may pass through group nodes (engine/group-nodes.ts).
 */
import { type Candidates, cellName } from '../../board'
import { AIC_MAX_NODES } from './aic'
import {
  type Chain,
  ALL_NODES,
  type LinkGraph,
  buildLinkGraph,
  chainOf,
  dedupeChains,
  explore,
  forEachExcludedBy,
  isSimplePath,
  nodeDigit,
  pathTo,
} from '../engine/links'
import { chainEliminations, chainStep, nodeClaim } from '../engine/chain-text'
import { describeEliminations, joinAnd, joinOr } from '../common'
import { NICE_LOOP_BASE, chainDifficulty } from '../explainer-scale'
import { isGroup } from '../engine/group-nodes'
import type { Step } from '../step'

/** Longest loop searched, in nodes: the AIC's limit, which keeps the search to a few ms. */
export const NICE_LOOP_MAX_NODES = AIC_MAX_NODES

/** The weak links of a loop, as pairs of positions: (1, 2), (3, 4), ..., and the closing (last, 0). */
const weakPairs = (length: number): [number, number][] => Array.from({ length: length / 2 }, (_, i) => [2 * i + 1, (2 * i + 2) % length])

function loopEliminations(cands: Candidates, graph: LinkGraph, nodes: readonly number[]): number[] {
  const out = new Set<number>()
  for (const [i, j] of weakPairs(nodes.length)) {
    const byFirst = new Set<number>()
    forEachExcludedBy(cands, graph, nodes[i], (n) => byFirst.add(n))
    forEachExcludedBy(cands, graph, nodes[j], (n) => {
      if (byFirst.has(n)) out.add(n)
    })
  }
  return [...out].sort((a, b) => a - b)
}

export function findContinuousNiceLoop(cands: Candidates): Step[] {
  const graph = buildLinkGraph(cands, { cellLinks: true, unitLinks: true, weakInCell: true, groups: true })
  const loops: Chain[] = []
  const found = new Set<string>()
  const closesLoop = new Uint8Array(ALL_NODES)
  for (let start = 0; start < ALL_NODES; start++) {
    if (graph.strong[start].length === 0) continue
    closesLoop.fill(0)
    for (const n of graph.weak[start]) closesLoop[n] = 1
    explore(graph, start * 2, NICE_LOOP_MAX_NODES, (state) => {
      if (!(state & 1) || !closesLoop[state >> 1]) return
      const nodes = pathTo(state)
      if (nodes.length < 4 || !isSimplePath(graph, nodes)) return
      // The same loop is met from each of its nodes: keep the first.
      const key = [...nodes].sort((a, b) => a - b).join(',')
      if (found.has(key)) return
      found.add(key)
      const eliminations = loopEliminations(cands, graph, nodes)
      if (eliminations.length > 0) loops.push(chainOf(graph, nodes, eliminations))
    })
  }
  return dedupeChains(loops).map(loopStep)
}

function loopStep(loop: Chain): Step {
  const oneDigit = loop.nodes.every((n) => nodeDigit(n) === nodeDigit(loop.nodes[0]))
  const base = NICE_LOOP_BASE.continuous[oneDigit ? 'oneDigit' : 'anyDigits'] + (loop.nodes.some(isGroup) ? NICE_LOOP_BASE.grouped : 0)
  const oneTrue = weakPairs(loop.nodes.length).map(([i, j]) => {
    const [a, b] = [loop.cells[i], loop.cells[j]]
    const [x, y] = [nodeDigit(loop.nodes[i]), nodeDigit(loop.nodes[j])]
    return x === y ? `${x} is in ${joinOr([...a, ...b].map(cellName))}` : `${cellName(a[0])} is ${x} or ${y}`
  })
  const conclusion =
    `So ${nodeClaim(loop, 0, false)}, just as assumed: the loop closes. Started from "${nodeClaim(loop, 0, true)}" the same ` +
    `links close it the other way round. Either way each weak link of the loop has one true end: ${joinAnd(oneTrue)}. ` +
    `So ${describeEliminations(chainEliminations(loop))} can be removed.`
  const step = chainStep('continuous-nice-loop', 'A continuous nice loop closes on itself.', loop, conclusion)
  const links = step.links!
  return {
    ...step,
    links: [...links, { from: links[links.length - 1].to, to: links[0].from, kind: 'weak' }],
    difficulty: chainDifficulty(base, loop.nodes.length),
  }
}
