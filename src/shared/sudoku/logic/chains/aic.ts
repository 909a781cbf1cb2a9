/**
 * Alternating Inference Chain: like X-Chain and XY-Chain but mixing both kinds of strong link
 * (a digit with two places in a unit, a cell with two digits) and both kinds of weak link.
 *
 * Only chains that are neither a plain X-Chain (one digit) nor a plain XY-Chain (bivalue cells,
 * same digit at both ends) are reported: those finders find them already (their length limits are
 * at least this one), so this finder adds only what they cannot see.
 */
import type { Candidates } from '../../board'
import { chainStep, nodeName } from '../engine/chain-text'
import { type Chain, IN_CELL, buildLinkGraph, dedupeChains, findChains, nodeDigit } from '../engine/links'
import type { Step } from '../step'

/** Longest chain searched, in candidates (6 strong links): keeps the search to a few ms. */
export const AIC_MAX_NODES = 12

function isPlainChain(chain: Chain): boolean {
  const digit = nodeDigit(chain.nodes[0])
  if (chain.nodes.every((n) => nodeDigit(n) === digit)) return true
  return chain.vias.every((v) => v === IN_CELL) && nodeDigit(chain.nodes[chain.nodes.length - 1]) === digit
}

export function findAic(cands: Candidates): Step[] {
  const graph = buildLinkGraph(cands, { cellLinks: true, unitLinks: true, weakInCell: true })
  const chains = findChains(cands, graph, AIC_MAX_NODES).filter((c) => c.nodes.length >= 4 && !isPlainChain(c))
  return dedupeChains(chains).map((chain) => {
    const first = nodeName(chain, 0)
    const last = nodeName(chain, chain.nodes.length - 1)
    return chainStep('aic', `An alternating chain links ${first} to ${last}.`, chain)
  })
}
