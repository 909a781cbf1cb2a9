/**
 * Alternating Inference Chain with group nodes: an AIC (chains/aic.ts) whose links may also join group
 * nodes (engine/group-nodes.ts), a digit's places in one box that all lie in one row or column of it.
 * As in an AIC, the first or the last node is true: a candidate that both exclude is false, which
 * for ends of one digit is the digit in every cell seeing all cells of both ends, and for ends of
 * two digits in one cell, or in two cells that see each other, the cell's other digits or the
 * other end's digit (HoDoKu's "Grouped AIC" types 1 and 2).
 *
 * Only chains with a group node and more than one digit are reported: the rest are plain AICs or
 * grouped X-Chains.
 */
import type { Candidates } from '../../board'
import { AIC_MAX_NODES } from './aic'
import { chainStep, nodeName } from '../engine/chain-text'
import { EXPLAINER_RATING, chainDifficulty } from '../explainer-scale'
import { isGroup } from '../engine/group-nodes'
import { buildLinkGraph, dedupeChains, findChains, nodeDigit } from '../engine/links'
import type { Step } from '../step'

export function findGroupedAic(cands: Candidates): Step[] {
  const graph = buildLinkGraph(cands, { cellLinks: true, unitLinks: true, weakInCell: true, groups: true })
  const chains = findChains(cands, graph, AIC_MAX_NODES).filter(
    (c) => c.nodes.length >= 4 && c.nodes.some(isGroup) && c.nodes.some((n) => nodeDigit(n) !== nodeDigit(c.nodes[0])),
  )
  return dedupeChains(chains).map((chain) => ({
    ...chainStep('grouped-aic', `An alternating chain with group nodes links ${nodeName(chain, 0)} to ${nodeName(chain, chain.nodes.length - 1)}.`, chain),
    difficulty: chainDifficulty(EXPLAINER_RATING['grouped-aic'], chain.nodes.length),
  }))
}
