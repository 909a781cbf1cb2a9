/**
 * Chain machinery shared by X-Chain, XY-Chain and AIC: the link graph between candidates and a
 * bounded search for alternating chains in it.
 *
 * A node is one candidate, "digit d in cell c". Two kinds of links join nodes:
 * - strong: at least one of the two is true. Either the only two places for a digit in a unit
 *   (bilocal) or the only two digits left in a cell (bivalue).
 * - weak: at most one of the two is true. The same digit in two cells that see each other, or two
 *   digits of one cell.
 *
 * An alternating chain starts and ends with a strong link: "if the first node is false the second
 * is true, so the third is false, ..., so the last is true". Hence the first or the last node is
 * true, and any candidate that is weakly linked to both ends is false. This holds for every walk
 * that alternates this way, so each elimination is sound whatever the chain looks like.
 */
import { type Candidates, type Cell, type Digit, CELLS, allUnits, bitCount, digitBit, peers } from '../board'

/** A candidate as one number: `cell * 9 + digit - 1` (0..728). */
export type Node = number

export const NODES = CELLS * 9

export const nodeOf = (cell: Cell, digit: Digit): Node => cell * 9 + digit - 1
export const nodeCell = (node: Node): Cell => Math.floor(node / 9)
export const nodeDigit = (node: Node): Digit => (node % 9) + 1

/** The `via` of a strong link inside one cell (a bivalue cell); otherwise `via` is a unit index. */
export const IN_CELL = -1

export interface StrongLink {
  readonly to: Node
  /** Index into `allUnits` for a bilocal digit, `IN_CELL` for a bivalue cell. */
  readonly via: number
}

export interface LinkGraph {
  readonly strong: readonly (readonly StrongLink[])[]
  readonly weak: readonly (readonly Node[])[]
}

export interface LinkOptions {
  /** Keep only this digit (X-Chain). */
  readonly digit?: Digit
  /** Keep only candidates of bivalue cells (XY-Chain). */
  readonly bivalueCellsOnly?: boolean
  /** Strong links from bivalue cells. */
  readonly cellLinks: boolean
  /** Strong links from bilocal digits in units. */
  readonly unitLinks: boolean
  /** Weak links between two digits of one cell (besides the same digit in cells that see each other). */
  readonly weakInCell: boolean
}

const NO_LINKS = Object.freeze([]) as unknown as never[]

/**
 * Cells with one candidate are left out: they are solved (or a pending single), and a link to a
 * certainty never helps a chain.
 */
export function buildLinkGraph(cands: Candidates, options: LinkOptions): LinkGraph {
  const keep = (cell: Cell, digit: Digit): boolean => {
    const mask = cands[cell]
    if (!(mask & digitBit(digit))) return false
    const n = bitCount(mask)
    if (n < 2) return false
    if (options.bivalueCellsOnly && n !== 2) return false
    return options.digit === undefined || options.digit === digit
  }
  const digits = options.digit === undefined ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [options.digit]
  // Most nodes are absent: share one empty list and give a node its own only when it gets a link.
  const strong: StrongLink[][] = new Array<StrongLink[]>(NODES).fill(NO_LINKS)
  const weak: Node[][] = new Array<Node[]>(NODES).fill(NO_LINKS)
  const addStrong = (a: Node, b: Node, via: number): void => {
    if (strong[a].some((l) => l.to === b)) return // a pair in one row and one box: keep the first unit
    if (strong[a] === NO_LINKS) strong[a] = []
    if (strong[b] === NO_LINKS) strong[b] = []
    strong[a].push({ to: b, via })
    strong[b].push({ to: a, via })
  }
  if (options.unitLinks) {
    for (let u = 0; u < allUnits.length; u++) {
      const unit = allUnits[u]
      for (const d of digits) {
        const bit = digitBit(d)
        let first = -1
        let second = -1
        let count = 0
        for (const cell of unit) {
          if (!(cands[cell] & bit)) continue
          if (count === 0) first = cell
          else second = cell
          count++
        }
        if (count === 2 && keep(first, d) && keep(second, d)) addStrong(nodeOf(first, d), nodeOf(second, d), u)
      }
    }
  }
  for (let cell = 0; cell < CELLS; cell++) {
    const here = digits.filter((d) => keep(cell, d))
    if (options.cellLinks && here.length === 2 && bitCount(cands[cell]) === 2)
      addStrong(nodeOf(cell, here[0]), nodeOf(cell, here[1]), IN_CELL)
    for (const d of here) {
      const node = nodeOf(cell, d)
      weak[node] = []
      for (const p of peers[cell]) if (keep(p, d)) weak[node].push(nodeOf(p, d))
      if (options.weakInCell) for (const e of here) if (e !== d) weak[node].push(nodeOf(cell, e))
    }
  }
  return { strong, weak }
}

/** Calls `fn` for every candidate that cannot be true together with `node` (its full weak links). */
export function forEachExcluded(cands: Candidates, node: Node, fn: (other: Node) => void): void {
  const cell = nodeCell(node)
  const digit = nodeDigit(node)
  for (let d = 1; d <= 9; d++) if (d !== digit && cands[cell] & digitBit(d)) fn(nodeOf(cell, d))
  const bit = digitBit(digit)
  for (const p of peers[cell]) if (cands[p] & bit) fn(nodeOf(p, digit))
}

export interface Chain {
  /** Nodes in order; links alternate strong, weak, strong, ..., strong. */
  readonly nodes: readonly Node[]
  /** `vias[i]` for the strong link from `nodes[2i]` to `nodes[2i + 1]`. */
  readonly vias: readonly number[]
  /** Candidates weakly linked to both ends, so false. */
  readonly eliminations: readonly Node[]
}

/**
 * For every pair of ends joined by an alternating chain of at most `maxNodes` nodes that removes
 * something, the shortest such chain (breadth-first over "node is false" / "node is true" states).
 * Each pair is reported once; chains that visit a node twice are left out (they read badly).
 */
// Scratch space for the search, shared by every call (the search is synchronous).
const STATES = NODES * 2 // state = node * 2 + (1 when the node is true, reached by a strong link)
const seen = new Int32Array(STATES)
const parent = new Int32Array(STATES)
const depth = new Int32Array(STATES)
const queue = new Int32Array(STATES)
const excludedByStart = new Int32Array(NODES)
let stamp = 0

export function findChains(cands: Candidates, graph: LinkGraph, maxNodes: number): Chain[] {
  const chains: Chain[] = []
  for (let start = 0; start < NODES; start++) {
    if (graph.strong[start].length === 0) continue
    if (++stamp > 0x3fffffff) {
      stamp = 1
      seen.fill(0)
      excludedByStart.fill(0)
    }
    forEachExcluded(cands, start, (n) => (excludedByStart[n] = stamp))
    let head = 0
    let tail = 0
    seen[start * 2] = stamp
    parent[start * 2] = -1
    depth[start * 2] = 0
    queue[tail++] = start * 2
    while (head < tail) {
      const state = queue[head++]
      if (depth[state] + 2 > maxNodes) continue
      const node = state >> 1
      const isTrue = state & 1
      const targets = isTrue ? graph.weak[node] : graph.strong[node]
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]
        const s = isTrue ? (target as Node) * 2 : (target as StrongLink).to * 2 + 1
        if (seen[s] === stamp) continue
        seen[s] = stamp
        parent[s] = state
        depth[s] = depth[state] + 1
        queue[tail++] = s
        const end = s >> 1
        if (isTrue || end <= start) continue
        const eliminations: Node[] = []
        forEachExcluded(cands, end, (n) => {
          if (excludedByStart[n] === stamp) eliminations.push(n)
        })
        if (eliminations.length === 0) continue
        const nodes = walkBack(s)
        if (nodes) chains.push({ nodes, vias: viasOf(graph, nodes), eliminations: eliminations.sort((a, b) => a - b) })
      }
    }
  }
  return chains
}

function walkBack(last: number): Node[] | null {
  const nodes: Node[] = []
  for (let s = last; s >= 0; s = parent[s]) nodes.push(s >> 1)
  nodes.reverse()
  return new Set(nodes).size === nodes.length ? nodes : null
}

function viasOf(graph: LinkGraph, nodes: readonly Node[]): number[] {
  const vias: number[] = []
  for (let i = 0; i + 1 < nodes.length; i += 2)
    vias.push(graph.strong[nodes[i]].find((l) => l.to === nodes[i + 1])?.via ?? IN_CELL)
  return vias
}

/**
 * The chains worth showing: one per set of eliminations (the shortest; the first found on ties),
 * and none whose eliminations another chain, no longer than it, already makes (a person needs
 * only one of them).
 */
export function dedupeChains(chains: readonly Chain[]): Chain[] {
  const best = new Map<string, Chain>()
  for (const chain of chains) {
    const key = chain.eliminations.join(',')
    const old = best.get(key)
    if (!old || chain.nodes.length < old.nodes.length) best.set(key, chain)
  }
  const byReach = [...best.values()].sort(
    (a, b) => b.eliminations.length - a.eliminations.length || a.nodes.length - b.nodes.length,
  )
  const kept: Chain[] = []
  for (const chain of byReach) {
    const covered = kept.some(
      (k) => k.nodes.length <= chain.nodes.length && chain.eliminations.every((n) => k.eliminations.includes(n)),
    )
    if (!covered) kept.push(chain)
  }
  // Back to search order (by first node), which reads naturally in a list of steps.
  const order = new Map([...best.values()].map((c, i) => [c, i]))
  return kept.sort((a, b) => order.get(a)! - order.get(b)!)
}
