/**
 * Grouped X-Chain: an X-Chain (chains/x-chain.ts) whose links may also join group nodes, a digit's places
 * in one box that all lie in one row or column of it (engine/group-nodes.ts). "If r1c1 is not 4, then 4
 * is in r2c4 or r2c5 (the only other places for 4 in row 2), so r2c8 is not 4, ..." Each link
 * holds as it does for single candidates, so one end or the other holds the digit, and a cell that
 * sees every cell of both ends loses it (HoDoKu's "Grouped X-Chain", SudokuWiki's grouped X-Cycles).
 *
 * Only chains with at least one group node are reported: the rest are plain X-Chains.
 */
import { type Candidates, cellName } from '../../board'
import { chainStep } from '../engine/chain-text'
import { EXPLAINER_RATING, chainDifficulty } from '../explainer-scale'
import { isGroup } from '../engine/group-nodes'
import { buildLinkGraph, dedupeChains, findChains, nodeDigit } from '../engine/links'
import type { Step } from '../step'
import { X_CHAIN_MAX_NODES } from './x-chain'

export function findGroupedXChain(cands: Candidates): Step[] {
  const graph = buildLinkGraph(cands, { cellLinks: false, unitLinks: true, weakInCell: false, groups: true })
  const chains = findChains(cands, graph, X_CHAIN_MAX_NODES).filter((c) => c.nodes.length >= 4 && c.nodes.some(isGroup))
  return dedupeChains(chains).map((chain) => {
    const digit = nodeDigit(chain.nodes[0])
    const [from, to] = [chain.cells[0], chain.cells[chain.cells.length - 1]].map((cells) => cells.map(cellName).join('/'))
    return {
      ...chainStep('grouped-x-chain', `A grouped X-Chain on ${digit} links ${from} to ${to}.`, chain),
      difficulty: chainDifficulty(EXPLAINER_RATING['grouped-x-chain'], chain.nodes.length),
    }
  })
}
