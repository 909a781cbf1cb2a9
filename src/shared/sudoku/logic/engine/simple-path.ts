/**
 * A chain that uses no candidate twice, between two states the breadth-first search of engine/links.ts
 * joined only by a path that does (its shortest path may leave "r1c1 is 4" and come back through
 * "r1c1 is not 4"). Depth-first, cut by the distance still to go, so it stays small: it only runs
 * for the rare pairs where the shortest path repeats itself.
 */
import { GROUP_BASE, GROUP_NODES, groupDigit } from './group-nodes'
import type { LinkGraph, Node } from './links'

// engine/links.ts imports this file: its constants are not ready yet when this one loads.
const ALL_NODES = GROUP_BASE + GROUP_NODES

const UNREACHED = 0x7fffffff
// Scratch of its own: it runs inside the callbacks of engine/links.ts's search, whose scratch is in use.
const toGo = new Int32Array(ALL_NODES * 2)
const queue = new Int32Array(ALL_NODES * 2)

/** Next states of a state: "false" follows strong links to "true", "true" weak links to "false". */
function forEachNext(graph: LinkGraph, state: number, fn: (next: number) => void): void {
  const node = state >> 1
  if (state & 1) for (const n of graph.weak[node]) fn(n * 2)
  else for (const l of graph.strong[node]) fn(l.to * 2 + 1)
}

/**
 * Links are symmetric, so the states that lead to `target` in k steps are those reached in k steps
 * from `target` with every truth flipped.
 */
function distancesTo(graph: LinkGraph, target: number, maxLinks: number): void {
  toGo.fill(UNREACHED)
  let [head, tail] = [0, 0]
  toGo[target] = 0
  queue[tail++] = target ^ 1
  while (head < tail) {
    const flipped = queue[head++]
    const d = toGo[flipped ^ 1]
    if (d >= maxLinks) continue
    forEachNext(graph, flipped, (next) => {
      if (toGo[next ^ 1] !== UNREACHED) return
      toGo[next ^ 1] = d + 1
      queue[tail++] = next
    })
  }
}

export function findSimplePath(graph: LinkGraph, from: number, to: number, maxNodes: number): Node[] | null {
  distancesTo(graph, to, maxNodes - 1)
  if (toGo[from] === UNREACHED) return null
  const used = new Set<number>()
  const path: number[] = []
  // The candidates a node covers, as candidate numbers (cell * 9 + digit - 1).
  const candidates = (node: Node): number[] => (node < GROUP_BASE ? [node] : graph.cells[node].map((cell) => cell * 9 + groupDigit(node) - 1))
  const visit = (state: number): boolean => {
    const keys = candidates(state >> 1)
    if (keys.some((k) => used.has(k))) return false
    for (const k of keys) used.add(k)
    path.push(state >> 1)
    if (state === to) return true
    let done = false
    forEachNext(graph, state, (next) => {
      if (!done && path.length + toGo[next] <= maxNodes - 1) done = visit(next)
    })
    if (done) return true
    for (const k of keys) used.delete(k)
    path.pop()
    return false
  }
  return visit(from) ? path : null
}
