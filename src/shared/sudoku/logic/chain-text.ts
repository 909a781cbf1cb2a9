/**
 * Turns a chain from links.ts into a Step whose text walks through it the way a person checks it:
 * "If r1c2 is not 4, then r1c8 is 4 (the only other place for 4 in row 1), so r5c8 is not 4, ..."
 */
import { type Cell, type Digit, cellName, unitName } from '../board'
import { joinAnd, joinOr } from './common'
import { type Chain, IN_CELL, type Node, nodeCell, nodeDigit } from './links'
import type { Link, LinkEnd, Step, Technique } from './step'

/** "4 in r1c2" style name of a node, for chains that mix digits. */
export const nodeName = (node: Node): string => `${nodeDigit(node)} in ${cellName(nodeCell(node))}`

/** The chain read as implications, from "if the first is false" to "the last is true". */
export function chainReasoning(chain: Chain): string {
  const { nodes, vias } = chain
  const parts: string[] = []
  const is = (node: Node, yes: boolean): string =>
    `${cellName(nodeCell(node))} is ${yes ? '' : 'not '}${nodeDigit(node)}`
  parts.push(`If ${is(nodes[0], false)}`)
  for (let i = 1; i < nodes.length; i++) {
    if (i % 2 === 1) {
      const via = vias[(i - 1) / 2]
      const why =
        via === IN_CELL
          ? `the only other candidate in ${cellName(nodeCell(nodes[i]))}`
          : `the only other place for ${nodeDigit(nodes[i])} in ${unitName(via)}`
      parts.push(`${i === 1 ? 'then' : 'so'} ${is(nodes[i], true)} (${why})`)
    } else {
      parts.push(`so ${is(nodes[i], false)}`)
    }
  }
  return `${parts.join(', ')}.`
}

/** What the chain proves (one end is true) and what that removes. */
export function chainConclusion(chain: Chain): string {
  const first = chain.nodes[0]
  const last = chain.nodes[chain.nodes.length - 1]
  const [a, b] = [nodeCell(first), nodeCell(last)]
  const [x, y] = [nodeDigit(first), nodeDigit(last)]
  if (x === y) {
    const targets = chain.eliminations.map((n) => cellName(nodeCell(n)))
    return (
      `So ${cellName(a)} or ${cellName(b)} is ${x}, and ${x} can be removed from ${joinAnd(targets)}, ` +
      `which ${targets.length > 1 ? 'see' : 'sees'} both.`
    )
  }
  const ends = a === b ? `${cellName(a)} is ${x} or ${y}` : `${cellName(a)} is ${x} or ${cellName(b)} is ${y}`
  const byCell = new Map<number, number[]>()
  for (const n of chain.eliminations) byCell.set(nodeCell(n), [...(byCell.get(nodeCell(n)) ?? []), nodeDigit(n)])
  const removals = [...byCell].map(([cell, digits]) => `${cellName(cell)} cannot be ${joinOr(digits.map(String))}`)
  return `So ${ends}. Either way ${joinAnd(removals)}.`
}

/** One candidate as a link end. */
export const candidateEnd = (cell: Cell, digit: Digit): LinkEnd => ({ cells: [cell], digit })

/** Links between consecutive ends, strong first, then weak, strong, ...: how every chain alternates. */
export function alternatingLinks(ends: readonly LinkEnd[]): Link[] {
  return ends.slice(1).map((to, i) => ({ from: ends[i], to, kind: i % 2 === 0 ? 'strong' : 'weak' }))
}

/** The chain's links for drawing. */
export const chainLinks = (chain: Chain): Link[] => alternatingLinks(chain.nodes.map((n) => candidateEnd(nodeCell(n), nodeDigit(n))))

export function chainStep(technique: Technique, intro: string, chain: Chain): Step {
  const cells = [...new Set(chain.nodes.map(nodeCell))]
  const units = [...new Set(chain.vias.filter((v) => v !== IN_CELL))]
  return {
    technique,
    placements: [],
    eliminations: chain.eliminations.map((n) => ({ cell: nodeCell(n), digit: nodeDigit(n) })),
    cells,
    units,
    text: `${intro} ${chainReasoning(chain)} ${chainConclusion(chain)}`,
    links: chainLinks(chain),
  }
}
