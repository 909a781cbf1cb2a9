import { describe, expect, it } from 'vitest'
import { cellAt, digitBit } from '../../../../src/shared/sudoku/board'
import { chainConclusion, chainReasoning } from '../../../../src/shared/sudoku/logic/engine/chain-text'
import { IN_CELL, buildLinkGraph, dedupeChains, findChains, nodeCell, nodeDigit, nodeOf } from '../../../../src/shared/sudoku/logic/engine/links'

/** A grid where only the listed cells hold the listed digits and every other cell holds 9 alone. */
function sparse(cells: Record<string, number[]>): Uint16Array {
  const cands = new Uint16Array(81).fill(digitBit(9))
  for (const [name, digits] of Object.entries(cells)) {
    const [, r, c] = name.match(/r(\d)c(\d)/)!.map(Number)
    cands[cellAt(r - 1, c - 1)] = digits.reduce((m, d) => m | digitBit(d), 0)
  }
  return cands
}

describe('link graph', () => {
  it('links the two digits of a bivalue cell and the two places of a digit in a unit', () => {
    const cands = sparse({ r1c1: [1, 2], r1c5: [1, 3, 4], r5c5: [3, 4, 5] })
    const graph = buildLinkGraph(cands, { cellLinks: true, unitLinks: true, weakInCell: true })
    // r1c1 holds 1 or 2.
    expect(graph.strong[nodeOf(0, 1)]).toContainEqual({ to: nodeOf(0, 2), via: IN_CELL })
    // 1 has two places in row 1 (r1c1, r1c5): the row is named, not the box.
    expect(graph.strong[nodeOf(0, 1)]).toContainEqual({ to: nodeOf(4, 1), via: 0 })
    // 3 in column 5 has two places: r1c5 and r5c5.
    expect(graph.strong[nodeOf(4, 3)]).toContainEqual({ to: nodeOf(40, 3), via: 9 + 4 })
    // Weak links: same digit in cells that see each other, and other digits of the same cell.
    expect(graph.weak[nodeOf(4, 3)]).toEqual(expect.arrayContaining([nodeOf(40, 3), nodeOf(4, 1), nodeOf(4, 4)]))
    // Solved cells (9 alone) take no part.
    expect(graph.strong[nodeOf(80, 9)]).toEqual([])
    expect(graph.weak[nodeOf(80, 9)]).toEqual([])
  })

  it('keeps only one digit when asked (X-Chain) and only bivalue cells when asked (XY-Chain)', () => {
    const cands = sparse({ r1c1: [1, 2], r1c5: [1, 3, 4], r5c5: [3, 4, 5] })
    const x = buildLinkGraph(cands, { digit: 3, cellLinks: false, unitLinks: true, weakInCell: false })
    expect(x.strong[nodeOf(0, 1)]).toEqual([])
    expect(x.strong[nodeOf(4, 3)]).toHaveLength(1)
    const xy = buildLinkGraph(cands, { bivalueCellsOnly: true, cellLinks: true, unitLinks: false, weakInCell: false })
    expect(xy.strong[nodeOf(0, 1)]).toEqual([{ to: nodeOf(0, 2), via: IN_CELL }])
    expect(xy.strong[nodeOf(4, 3)]).toEqual([])
  })
})

describe('chain search', () => {
  // An X-Chain on 5: row 1 has 5 only in r1c1 and r1c9, row 6 only in r6c9 and r6c2, and r1c9
  // sees r6c9 (column 9). So r1c1 = r1c9 - r6c9 = r6c2: one of r1c1 and r6c2 is 5, and r2c2, which
  // sees r1c1 (box 1) and r6c2 (column 2), must lose 5.
  const cands = sparse({
    r1c1: [5, 1],
    r1c9: [5, 1],
    r6c9: [5, 2],
    r6c2: [5, 2],
    r2c2: [5, 3],
    r4c9: [5, 3],
    r2c5: [3, 4],
    r4c5: [3, 4],
  })
  const graph = buildLinkGraph(cands, { digit: 5, cellLinks: false, unitLinks: true, weakInCell: false })
  const chains = findChains(cands, graph, 16)

  it('finds the alternating chain and the candidate seeing both ends', () => {
    const r2c2 = nodeOf(cellAt(1, 1), 5)
    const hit = chains.filter((c) => c.eliminations.includes(r2c2))
    expect(hit.length).toBeGreaterThan(0)
    for (const chain of hit) {
      expect(chain.nodes.length % 2).toBe(0) // starts and ends with a strong link
      expect(chain.nodes.every((n) => nodeDigit(n) === 5)).toBe(true)
      expect(chain.vias).toHaveLength(chain.nodes.length / 2)
      const ends = [chain.nodes[0], chain.nodes[chain.nodes.length - 1]].map(nodeCell)
      expect(ends).not.toContain(cellAt(1, 1))
    }
  })

  it('reads the chain as implications and names what it removes', () => {
    const [chain] = dedupeChains(chains.filter((c) => c.eliminations.includes(nodeOf(cellAt(1, 1), 5))))
    const text = chainReasoning(chain)
    expect(text).toMatch(/^If r\dc\d is not 5, then r\dc\d is 5 \(the only other place for 5 in (row|column|box) \d\), so /)
    expect(chainConclusion(chain)).toContain('5 can be removed from r2c2')
  })

  it('keeps one chain per set of eliminations, and none another covers', () => {
    const kept = dedupeChains(chains)
    const keys = kept.map((c) => c.eliminations.join(','))
    expect(new Set(keys).size).toBe(keys.length)
    for (const a of kept)
      for (const b of kept) if (a !== b && b.nodes.length <= a.nodes.length) expect(a.eliminations.every((n) => b.eliminations.includes(n))).toBe(false)
  })
})
