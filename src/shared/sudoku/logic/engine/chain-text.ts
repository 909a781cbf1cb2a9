/**
 * Turns a chain from engine/links.ts into a Step whose text walks through it the way a person checks it:
 * "If r1c2 is not 4, then r1c8 is 4 (the only other place for 4 in row 1), so r5c8 is not 4, ..."
 */
import { type Cell, type Digit, cellName, unitName } from '../../board'
import { joinAnd, joinOr } from '../common'
import { type Chain, IN_CELL, type Node, nodeCell, nodeDigit } from './links'
import type { Elimination, Link, LinkEnd, Step, Technique } from '../step'

/** "4 in r1c2" (or "4 in r2c4 or r2c5" for a group node) style name of a chain's node. */
export function nodeName(chain: Chain, i: number): string {
  return `${nodeDigit(chain.nodes[i])} in ${joinOr(chain.cells[i].map(cellName))}`
}

/** "r1c2 is 4", "r1c2 is not 4"; for a group "4 is in r2c4 or r2c5", "neither r2c4 nor r2c5 is 4". */
export function nodeClaim(chain: Chain, i: number, yes: boolean): string {
  const digit = nodeDigit(chain.nodes[i])
  const names = chain.cells[i].map(cellName)
  if (names.length === 1) return `${names[0]} is ${yes ? '' : 'not '}${digit}`
  if (yes) return `${digit} is in ${joinOr(names)}`
  return names.length === 2 ? `neither ${names[0]} nor ${names[1]} is ${digit}` : `none of ${joinAnd(names)} is ${digit}`
}

/**
 * The chain read as implications: from "if the first is false" to "the last is true", or, for a
 * chain that starts with a weak link, from "if the first is true".
 */
export function chainReasoning(chain: Chain): string {
  const { nodes, vias } = chain
  const parts: string[] = []
  const offset = chain.startsTrue ? 1 : 0
  parts.push(`If ${nodeClaim(chain, 0, !!chain.startsTrue)}`)
  for (let i = 1; i < nodes.length; i++) {
    const strong = (i - 1 + offset) % 2 === 0
    const word = i === 1 ? 'then' : 'so'
    if (!strong) {
      parts.push(`${word} ${nodeClaim(chain, i, false)}`)
      continue
    }
    const via = vias[Math.floor((i - 1 + offset) / 2) - offset]
    const place = chain.cells[i].length > 1 ? 'places' : 'place'
    const why =
      via === IN_CELL ? `the only other candidate in ${cellName(chain.cells[i][0])}` : `the only other ${place} for ${nodeDigit(nodes[i])} in ${unitName(via)}`
    parts.push(`${word} ${nodeClaim(chain, i, true)} (${why})`)
  }
  return `${parts.join(', ')}.`
}

/** What the chain proves (one end is true) and what that removes. */
export function chainConclusion(chain: Chain): string {
  const last = chain.nodes.length - 1
  const [x, y] = [nodeDigit(chain.nodes[0]), nodeDigit(chain.nodes[last])]
  const [a, b] = [chain.cells[0], chain.cells[last]]
  const single = a.length === 1 && b.length === 1
  if (x === y) {
    const targets = chain.eliminations.map((n) => cellName(nodeCell(n)))
    const ends = single ? `${cellName(a[0])} or ${cellName(b[0])} is ${x}` : `${nodeClaim(chain, 0, true)} or ${nodeClaim(chain, last, true)}`
    return `So ${ends}, and ${x} can be removed from ${joinAnd(targets)}, which ${targets.length > 1 ? 'see' : 'sees'} both.`
  }
  const ends = single && a[0] === b[0] ? `${cellName(a[0])} is ${x} or ${y}` : `${nodeClaim(chain, 0, true)} or ${nodeClaim(chain, last, true)}`
  return `So ${ends}. Either way ${removals(chain.eliminations)}.`
}

/** "r2c8 cannot be 4 or 7 and r3c1 cannot be 4". */
function removals(eliminations: readonly Node[]): string {
  const byCell = new Map<number, number[]>()
  for (const n of eliminations) byCell.set(nodeCell(n), [...(byCell.get(nodeCell(n)) ?? []), nodeDigit(n)])
  return joinAnd([...byCell].map(([cell, digits]) => `${cellName(cell)} cannot be ${joinOr(digits.map(String))}`))
}

/** One candidate as a link end. */
export const candidateEnd = (cell: Cell, digit: Digit): LinkEnd => ({ cells: [cell], digit })

/** Links between consecutive ends, strong first, then weak, strong, ...: how every chain alternates. */
export function alternatingLinks(ends: readonly LinkEnd[]): Link[] {
  return ends.slice(1).map((to, i) => ({ from: ends[i], to, kind: i % 2 === 0 ? 'strong' : 'weak' }))
}

/** The ends of a chain's links: a candidate, or a group node drawn as one node over its cells. */
export const chainEnds = (chain: Chain): LinkEnd[] => chain.nodes.map((n, i) => ({ cells: chain.cells[i], digit: nodeDigit(n) }))

/** The chain's links for drawing. */
export function chainLinks(chain: Chain): Link[] {
  const links = alternatingLinks(chainEnds(chain))
  return chain.startsTrue ? links.map((l) => ({ ...l, kind: l.kind === 'strong' ? 'weak' : 'strong' })) : links
}

export const chainEliminations = (chain: Chain): Elimination[] => chain.eliminations.map((n) => ({ cell: nodeCell(n), digit: nodeDigit(n) }))

export function chainStep(technique: Technique, intro: string, chain: Chain, conclusion = chainConclusion(chain)): Step {
  const cells = [...new Set(chain.cells.flat())]
  const units = [...new Set(chain.vias.filter((v) => v !== IN_CELL))]
  return {
    technique,
    placements: [],
    eliminations: chainEliminations(chain),
    cells,
    units,
    text: `${intro} ${chainReasoning(chain)} ${conclusion}`,
    links: chainLinks(chain),
  }
}
