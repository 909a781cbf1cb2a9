/**
 * Chain machinery shared by X-Chain, XY-Chain, AIC, their grouped forms and nice loops: the link graph between candidates and a
 * bounded search for alternating chains in it.
 *
 * A node is one candidate, "digit d in cell c", or, for grouped chains, a group node: a digit's
 * places in one box that lie in one row or column of it, "d is in one of these cells"
 * (engine/group-nodes.ts). Two kinds of links join nodes:
 * - strong: at least one of the two is true. Either the only two places for a digit in a unit
 *   (bilocal) or the only two digits left in a cell (bivalue).
 * - weak: at most one of the two is true. The same digit in two cells that see each other, or two
 *   digits of one cell.
 *
 * An alternating chain starts and ends with a strong link: "if the first node is false the second
 * is true, so the third is false, ..., so the last is true". Hence the first or the last node is
 * true, and any candidate that is weakly linked to both ends is false. This holds for every walk
 * that alternates this way, so each elimination is sound whatever the chain looks like.
 *
 * Over 300 lines: the graph and the search over it are one structure (the search walks the graph's
 * arrays directly); group nodes and simple paths, which stand apart, are in their own files.
 */
import { type Candidates, type Cell, type Digit, CELLS, allUnits, bitCount, digitBit, peers } from '../../board'
import { sees } from '../common'
import { findSimplePath } from './simple-path'
import { GROUP_NODES, type GroupNode, groupDigit, groupNodes, groupsInUnit, isGroup } from './group-nodes'

/** A candidate as one number: `cell * 9 + digit - 1` (0..728); group nodes follow (engine/group-nodes.ts). */
export type Node = number

/** The number of candidate nodes. */
export const NODES = CELLS * 9

/** Candidates and group nodes together. */
export const ALL_NODES = NODES + GROUP_NODES

export const nodeOf = (cell: Cell, digit: Digit): Node => cell * 9 + digit - 1
/** The cell of a candidate node (not a group). */
export const nodeCell = (node: Node): Cell => Math.floor(node / 9)
export const nodeDigit = (node: Node): Digit => (isGroup(node) ? groupDigit(node) : (node % 9) + 1)

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
  /** The cells of each node: one for a candidate, two or three for a group node. */
  readonly cells: readonly (readonly Cell[])[]
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
  /** Group nodes too (grouped chains); needs `unitLinks`. */
  readonly groups?: boolean
}

const NO_LINKS = Object.freeze([]) as unknown as never[]

const CANDIDATE_CELLS: readonly (readonly Cell[])[] = Array.from({ length: NODES }, (_, n) => [nodeCell(n)])

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
  const strong: StrongLink[][] = new Array<StrongLink[]>(ALL_NODES).fill(NO_LINKS)
  const weak: Node[][] = new Array<Node[]>(ALL_NODES).fill(NO_LINKS)
  const cells: (readonly Cell[])[] = [...CANDIDATE_CELLS, ...new Array<Cell[]>(GROUP_NODES).fill(NO_LINKS)]
  const addStrong = (a: Node, b: Node, via: number): void => {
    if (strong[a].some((l) => l.to === b)) return // a pair in one row and one box: keep the first unit
    if (strong[a] === NO_LINKS) strong[a] = []
    if (strong[b] === NO_LINKS) strong[b] = []
    strong[a].push({ to: b, via })
    strong[b].push({ to: a, via })
  }
  const groups = options.groups ? digits.map((d) => groupNodes(cands, d)) : []
  for (const g of groups.flat()) cells[g.node] = g.cells
  if (options.unitLinks) {
    for (let u = 0; u < allUnits.length; u++) {
      const unit = allUnits[u]
      for (const [i, d] of digits.entries()) {
        const places = unit.filter((cell) => cands[cell] & digitBit(d))
        if (places.length === 2 && keep(places[0], d) && keep(places[1], d)) addStrong(nodeOf(places[0], d), nodeOf(places[1], d), u)
        else if (options.groups && places.length > 2) for (const [a, b] of groupedSplits(places, groupsInUnit(groups[i], u))) addStrong(a, b, u)
      }
    }
  }
  for (let cell = 0; cell < CELLS; cell++) {
    const here = digits.filter((d) => keep(cell, d))
    if (options.cellLinks && here.length === 2 && bitCount(cands[cell]) === 2) addStrong(nodeOf(cell, here[0]), nodeOf(cell, here[1]), IN_CELL)
    for (const d of here) {
      const node = nodeOf(cell, d)
      weak[node] = []
      for (const p of peers[cell]) if (keep(p, d)) weak[node].push(nodeOf(p, d))
      if (options.weakInCell) for (const e of here) if (e !== d) weak[node].push(nodeOf(cell, e))
    }
  }
  for (const [i, d] of digits.entries()) addGroupWeakLinks(groups[i] ?? [], weak, (cell) => keep(cell, d))
  return { strong, weak, cells }
}

/**
 * The ways a unit's places for a digit (more than two) split into two nodes, at least one of them
 * a group: the digit is in one node or the other.
 */
function groupedSplits(places: readonly Cell[], groups: readonly GroupNode[]): [Node, Node][] {
  if (groups.length === 0) return []
  const digit = groups[0].digit
  const pieces = [...places.map((c) => ({ node: nodeOf(c, digit), cells: [c] as readonly Cell[] })), ...groups]
  const splits: [Node, Node][] = []
  for (const g of groups)
    for (const other of pieces) {
      if (other.node === g.node || (isGroup(other.node) && other.node < g.node)) continue // each pair of groups once
      if (g.cells.length + other.cells.length !== places.length) continue
      if (other.cells.some((c) => g.cells.includes(c))) continue
      splits.push([g.node, other.node])
    }
  return splits
}

/** Weak links of group nodes: to the digit in each cell that sees all its cells, and to such groups. */
function addGroupWeakLinks(groups: readonly GroupNode[], weak: Node[][], keep: (cell: Cell) => boolean): void {
  const seesAll = (cell: Cell, cells: readonly Cell[]): boolean => cells.every((c) => sees(cell, c))
  for (const [i, g] of groups.entries()) {
    if (weak[g.node] === NO_LINKS) weak[g.node] = []
    for (const p of peers[g.cells[0]]) {
      if (!keep(p) || g.cells.includes(p) || !seesAll(p, g.cells)) continue
      const node = nodeOf(p, g.digit)
      weak[g.node].push(node)
      weak[node].push(g.node)
    }
    for (const h of groups.slice(0, i)) {
      if (!h.cells.every((c) => !g.cells.includes(c) && seesAll(c, g.cells))) continue
      weak[g.node].push(h.node)
      weak[h.node].push(g.node)
    }
  }
}

/** Calls `fn` for every candidate that cannot be true together with the node (all its weak links). */
export function forEachExcluded(cands: Candidates, cells: readonly Cell[], digit: Digit, fn: (other: Node) => void): void {
  if (cells.length === 1) for (let d = 1; d <= 9; d++) if (d !== digit && cands[cells[0]] & digitBit(d)) fn(nodeOf(cells[0], d))
  const bit = digitBit(digit)
  for (const p of peers[cells[0]]) if (cands[p] & bit && !cells.includes(p) && cells.every((c) => sees(p, c))) fn(nodeOf(p, digit))
}

export interface Chain {
  /** Nodes in order; links alternate strong, weak, strong, ..., strong (unless `startsTrue`). */
  readonly nodes: readonly Node[]
  /** The cells of each node (one for a candidate, several for a group node). */
  readonly cells: readonly (readonly Cell[])[]
  /** The `via` of each strong link, in order (for a chain from strong to strong: nodes 2i to 2i + 1). */
  readonly vias: readonly number[]
  /** Candidates this chain (or loop) proves false. */
  readonly eliminations: readonly Node[]
  /** The first link is weak: the chain starts from "the first node is true" (discontinuous loops). */
  readonly startsTrue?: boolean
}

// Scratch space for the search, shared by every call (the search is synchronous).
const STATES = ALL_NODES * 2 // state = node * 2 + (1 when the node is true)
const seen = new Int32Array(STATES)
const parent = new Int32Array(STATES)
const depth = new Int32Array(STATES)
const queue = new Int32Array(STATES)
let stamp = 0

function nextStamp(): number {
  if (++stamp > 0x3fffffff) {
    stamp = 1
    seen.fill(0)
  }
  return stamp
}

/**
 * Breadth-first over the implications that follow from one state ("node is false": its strong
 * links make their other ends true; "node is true": its weak links make theirs false), up to
 * `maxNodes` nodes on a path. Calls `reached(state)` once for each state, nearest first; its path
 * is then `pathTo(state)`. Every state reached follows from the start, whatever path the search
 * took, so each conclusion drawn from it is sound.
 */
export function explore(graph: LinkGraph, start: number, maxNodes: number, reached: (state: number) => void): void {
  const mark = nextStamp()
  let head = 0
  let tail = 0
  seen[start] = mark
  parent[start] = -1
  depth[start] = 0
  queue[tail++] = start
  while (head < tail) {
    const state = queue[head++]
    if (depth[state] + 2 > maxNodes) continue
    const node = state >> 1
    const isTrue = state & 1
    const targets = isTrue ? graph.weak[node] : graph.strong[node]
    for (let i = 0; i < targets.length; i++) {
      const target = targets[i]
      const s = isTrue ? (target as Node) * 2 : (target as StrongLink).to * 2 + 1
      if (seen[s] === mark) continue
      seen[s] = mark
      parent[s] = state
      depth[s] = depth[state] + 1
      queue[tail++] = s
      reached(s)
    }
  }
}

/** The nodes from the start of the last `explore` to `state`. */
export function pathTo(state: number): Node[] {
  const nodes: Node[] = []
  for (let s = state; s >= 0; s = parent[s]) nodes.push(s >> 1)
  return nodes.reverse()
}

/** No candidate in two nodes of the path (a node twice, or a group and one of its cells, read badly). */
export function isSimplePath(graph: LinkGraph, nodes: readonly Node[]): boolean {
  const used = new Set<number>()
  for (const node of nodes)
    for (const cell of graph.cells[node]) {
      const key = nodeOf(cell, nodeDigit(node))
      if (used.has(key)) return false
      used.add(key)
    }
  return true
}

/** Calls `fn` for each candidate the node excludes (when it is true). */
export const forEachExcludedBy = (cands: Candidates, graph: LinkGraph, node: Node, fn: (other: Node) => void): void =>
  forEachExcluded(cands, graph.cells[node], nodeDigit(node), fn)

/**
 * For every pair of ends joined by an alternating chain of at most `maxNodes` nodes that removes
 * something, the shortest such chain (breadth-first over "node is false" / "node is true" states).
 * Each pair is reported once; chains that visit a candidate twice are left out (they read badly).
 */
export function findChains(cands: Candidates, graph: LinkGraph, maxNodes: number): Chain[] {
  const chains: Chain[] = []
  const excludedByStart = new Uint8Array(NODES)
  for (let start = 0; start < ALL_NODES; start++) {
    if (graph.strong[start].length === 0) continue
    excludedByStart.fill(0)
    forEachExcludedBy(cands, graph, start, (n) => (excludedByStart[n] = 1))
    explore(graph, start * 2, maxNodes, (s) => {
      const end = s >> 1
      if (!(s & 1) || end <= start) return
      const eliminations: Node[] = []
      forEachExcludedBy(cands, graph, end, (n) => {
        if (excludedByStart[n]) eliminations.push(n)
      })
      if (eliminations.length === 0) return
      let nodes: Node[] | null = pathTo(s)
      if (!isSimplePath(graph, nodes)) nodes = findSimplePath(graph, start * 2, s, maxNodes)
      if (nodes)
        chains.push(
          chainOf(
            graph,
            nodes,
            eliminations.sort((a, b) => a - b),
          ),
        )
    })
  }
  return chains
}

/** A chain record for a path found by `explore`. */
export function chainOf(graph: LinkGraph, nodes: readonly Node[], eliminations: readonly Node[], startsTrue = false): Chain {
  const vias: number[] = []
  for (let i = startsTrue ? 1 : 0; i + 1 < nodes.length; i += 2) vias.push(graph.strong[nodes[i]].find((l) => l.to === nodes[i + 1])?.via ?? IN_CELL)
  return { nodes, cells: nodes.map((n) => graph.cells[n]), vias, eliminations, ...(startsTrue ? { startsTrue } : {}) }
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
  const byReach = [...best.values()].sort((a, b) => b.eliminations.length - a.eliminations.length || a.nodes.length - b.nodes.length)
  const kept: Chain[] = []
  for (const chain of byReach) {
    const covered = kept.some((k) => k.nodes.length <= chain.nodes.length && chain.eliminations.every((n) => k.eliminations.includes(n)))
    if (!covered) kept.push(chain)
  }
  // Back to search order (by first node), which reads naturally in a list of steps.
  const order = new Map([...best.values()].map((c, i) => [c, i]))
  return kept.sort((a, b) => order.get(a)! - order.get(b)!)
}
