/**
 * X-Chain: an alternating chain on one digit. Strong links are units where the digit has only two
 * places, weak links are two cells that see each other. The two ends cannot both be free of the
 * digit, so any cell that sees both ends loses it.
 *
 * Chains of two strong links (Skyscraper, 2-String Kite, Turbot Fish shapes) are included: they
 * are X-Chains too, and the easier finders simply come first in the difficulty order.
 */
import { type Candidates, cellName } from '../../board'
import { chainStep } from '../engine/chain-text'
import { buildLinkGraph, dedupeChains, findChains, nodeCell, nodeDigit } from '../engine/links'
import type { Step } from '../step'

/** Longest chain searched, in candidates (8 strong links). */
export const X_CHAIN_MAX_NODES = 16

export function findXChain(cands: Candidates): Step[] {
  // Without links inside cells a chain never changes digit, so one search covers all nine digits.
  const graph = buildLinkGraph(cands, { cellLinks: false, unitLinks: true, weakInCell: false })
  // Two nodes (one strong link) is only Locked Candidates.
  const chains = findChains(cands, graph, X_CHAIN_MAX_NODES).filter((c) => c.nodes.length >= 4)
  return dedupeChains(chains).map((chain) => {
    const digit = nodeDigit(chain.nodes[0])
    const from = cellName(nodeCell(chain.nodes[0]))
    const to = cellName(nodeCell(chain.nodes[chain.nodes.length - 1]))
    return chainStep('x-chain', `An X-Chain on ${digit} links ${from} to ${to}.`, chain)
  })
}
