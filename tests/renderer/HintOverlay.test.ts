import { cleanup, render } from '@testing-library/svelte'
import { afterEach, describe, expect, it } from 'vitest'
import HintOverlay from '../../src/renderer/src/components/HintOverlay.svelte'
import { candidatePoint, groupBox } from '../../src/renderer/src/components/link-geometry'
import { allUnits, cellAt, digitBit } from '../../src/shared/sudoku/board'
import { findGroupedXChain } from '../../src/shared/sudoku/logic/chains/grouped-x-chain'
import type { Step } from '../../src/shared/sudoku/logic/step'

afterEach(cleanup)

// A grouped chain on 4: r1c1 strong to the group r2c4+r2c5 (a box's cells in one row), weak on to r2c8.
const step: Step = {
  technique: 'aic',
  placements: [],
  eliminations: [],
  cells: [0, 12, 13, 16],
  units: [],
  text: '',
  links: [
    { from: { cells: [0], digit: 4 }, to: { cells: [12, 13], digit: 4 }, kind: 'strong' },
    { from: { cells: [12, 13], digit: 4 }, to: { cells: [16], digit: 4 }, kind: 'weak' },
  ],
}

describe('HintOverlay', () => {
  it('draws strong links solid, weak ones dashed, candidates ringed and group nodes boxed', () => {
    const { container } = render(HintOverlay, { step })
    expect([...container.querySelectorAll('line')].map((l) => l.getAttribute('data-link'))).toEqual(['strong', 'weak'])
    expect(container.querySelectorAll('circle')).toHaveLength(2)
    const group = container.querySelectorAll('rect[data-group]')
    expect(group).toHaveLength(1)
    const box = groupBox({ cells: [12, 13], digit: 4 })
    expect(Number(group[0].getAttribute('width'))).toBeCloseTo(box.width)
  })

  it('draws nothing for a step without links', () => {
    const { container } = render(HintOverlay, { step: { ...step, links: undefined } })
    expect(container.querySelector('svg')).toBeNull()
  })

  it('shades the candidates a pattern turns on, each once', () => {
    // A unique rectangle on 3 and 8 at r1c1, r1c4, r2c1 and r2c4 (one corner listed twice).
    const rectangle: Step = {
      ...step,
      technique: 'unique-rectangle-1',
      links: undefined,
      marks: [0, 3, 9, 12, 0].flatMap((cell) => [3, 8].map((digit) => ({ cell, digit }))),
    }
    const { container } = render(HintOverlay, { step: rectangle })
    const marks = [...container.querySelectorAll('circle.mark')]
    expect(marks).toHaveLength(8)
    expect(marks.map((m) => m.getAttribute('data-mark'))).toContain('8@12')
    const centre = candidatePoint(12, 8)
    const ring = marks.find((m) => m.getAttribute('data-mark') === '8@12')!
    expect(Number(ring.getAttribute('cx'))).toBeCloseTo(centre.x)
    expect(container.querySelectorAll('line')).toHaveLength(0)
  })

  it('puts a candidate where the board draws its pencil mark', () => {
    // 1 top left of r1c1, 9 bottom right of r9c9, 5 in the middle of r5c5.
    expect(candidatePoint(0, 1)).toEqual({ x: 1 / 6, y: 1 / 6 })
    expect(candidatePoint(80, 9)).toEqual({ x: 8 + 5 / 6, y: 8 + 5 / 6 })
    expect(candidatePoint(40, 5)).toEqual({ x: 4.5, y: 4.5 })
  })
})

describe('HintOverlay with a grouped chain from the hint engine', () => {
  it('draws the group node of a grouped X-Chain as one box over its cells', () => {
    // Every digit everywhere, but 4 in row 4 only at r4c3 and r4c7|r4c9, in column 8 only at r6c8 and
    // r9c8 (the diagram of tests/shared/sudoku/logic/grouped-chains.test.ts).
    const cands = new Uint16Array(81).fill(0x1ff)
    const keep = [cellAt(3, 2), cellAt(3, 6), cellAt(3, 8), cellAt(5, 7), cellAt(8, 7)]
    for (const cell of [...allUnits[3], ...allUnits[16]]) if (!keep.includes(cell)) cands[cell] &= ~digitBit(4)
    const [step] = findGroupedXChain(cands)
    const { container } = render(HintOverlay, { step })
    const groups = container.querySelectorAll('rect[data-group]')
    expect(groups).toHaveLength(1)
    expect(groups[0].getAttribute('data-group')).toBe(`4:${cellAt(3, 6)},${cellAt(3, 8)}`)
    // One ring per single candidate (r4c3, r6c8, r9c8); three links.
    expect(container.querySelectorAll('circle')).toHaveLength(3)
    expect(container.querySelectorAll('line')).toHaveLength(3)
  })
})
