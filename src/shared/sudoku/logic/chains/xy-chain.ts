/**
 * XY-Chain: a chain of bivalue cells, each sharing a digit with the next and seeing it. If the
 * first cell is not x then the last one is x, so a cell that sees both ends cannot be x.
 *
 * Three cells is an XY-Wing and counts too (the easier finder comes first); two cells would be a
 * Naked Pair, so at least three are required.
 */
import { type Candidates, cellName } from '../../board'
import { chainStep } from '../engine/chain-text'
import { buildLinkGraph, dedupeChains, findChains, nodeCell, nodeDigit } from '../engine/links'
import type { Step } from '../step'

/**
 * Longest chain searched, in candidates (two per cell: 12 cells). HoDoKu's XY-Chain example
 * (xy-chain.test.ts) needs 9 cells; the graph of bivalue cells is small, so the longer search
 * costs little (bench/README.md, Logic (chains)).
 */
export const XY_CHAIN_MAX_NODES = 24

export function findXYChain(cands: Candidates): Step[] {
  const graph = buildLinkGraph(cands, { bivalueCellsOnly: true, cellLinks: true, unitLinks: false, weakInCell: false })
  const chains = findChains(cands, graph, XY_CHAIN_MAX_NODES).filter(
    (c) => c.nodes.length >= 6 && nodeDigit(c.nodes[0]) === nodeDigit(c.nodes[c.nodes.length - 1]),
  )
  return dedupeChains(chains).map((chain) => {
    const cells = chain.nodes.filter((_, i) => i % 2 === 0).map((n) => cellName(nodeCell(n)))
    const digit = nodeDigit(chain.nodes[0])
    return chainStep('xy-chain', `An XY-Chain of cells with two candidates each (${cells.join(', ')}) starts and ends on ${digit}.`, chain)
  })
}
