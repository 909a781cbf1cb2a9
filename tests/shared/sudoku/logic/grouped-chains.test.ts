/**
 * Grouped X-Chain and grouped AIC on textbook diagrams after SudokuWiki's "Grouped X-Cycles"
 * (A. Stuart, sudokuwiki.org), Figure 1: a digit's places in one box along one row,
 * [r4c7|r4c9], act as one node, weakly linked to r6c8 in the same box and strongly linked to
 * r4c3, the only other place in row 4 (+4[F8]-4[D7|D9]+4[D3] in SudokuWiki's notation).
 * The diagrams start from every digit everywhere and remove what makes the pattern (pencil.ts).
 */
import { describe, expect, it } from 'vitest'
import { allUnits } from '../../../../src/shared/sudoku/board'
import { findAic } from '../../../../src/shared/sudoku/logic/chains/aic'
import { stepDifficulty } from '../../../../src/shared/sudoku/logic/explainer-scale'
import { findGroupedAic } from '../../../../src/shared/sudoku/logic/chains/grouped-aic'
import { findGroupedXChain } from '../../../../src/shared/sudoku/logic/chains/grouped-x-chain'
import { findXChain } from '../../../../src/shared/sudoku/logic/chains/x-chain'
import { Pencil, cell, cells, elims, expected } from './pencil'

const ROW_4 = allUnits[3]
const COLUMN_8 = allUnits[9 + 7]

/** 4 in row 4 only at r4c3 and the group r4c7|r4c9; 4 in column 8 only at r6c8 and r9c8. */
const grouped = (): Pencil => new Pencil().only(4, ROW_4, cells('r4c3', 'r4c7', 'r4c9')).only(4, COLUMN_8, cells('r6c8', 'r9c8'))

describe('findGroupedXChain', () => {
  const cands = grouped().candidates()
  const steps = findGroupedXChain(cands)

  it('links r9c8 to r4c3 through the group r4c7|r4c9 and removes 4 from r9c3', () => {
    const step = steps.find((s) => s.eliminations.some((e) => e.cell === cell('r9c3')))!
    expect(step.technique).toBe('grouped-x-chain')
    expect(elims(step)).toEqual(expected(4, ['r9c3']))
    expect(step.text).toContain('If r4c3 is not 4, then 4 is in r4c7 or r4c9 (the only other places for 4 in row 4), so r6c8 is not 4')
    // The group is one end of two links, drawn as one node over both cells.
    const groupEnds = step.links!.flatMap((l) => [l.from, l.to]).filter((end) => end.cells.length > 1)
    expect(groupEnds.length).toBe(2)
    expect(groupEnds[0].cells).toEqual(cells('r4c7', 'r4c9'))
    expect(stepDifficulty(step)).toBeGreaterThanOrEqual(6.7)
    expect(stepDifficulty(step)).toBeLessThan(7.0)
  })

  it('is not there without the group: plain X-Chains cannot see it', () => {
    expect(findXChain(cands).some((s) => s.eliminations.some((e) => e.cell === cell('r9c3')))).toBe(false)
  })
})

describe('findGroupedAic', () => {
  // Two cells holding only 4 and 7, r6c8 (the group's neighbour) and r6c2, carry the chain on into box 4:
  // 4@r4c3 = 4@[r4c7|r4c9] - 4@r6c8 = 7@r6c8 - 7@r6c2 = 4@r6c2, so r4c3 or r6c2 is 4.
  const cands = grouped().set(cell('r6c8'), '47').set(cell('r6c2'), '47').candidates()
  const steps = findGroupedAic(cands)

  it('mixes a group node, a bivalue cell and links of two digits', () => {
    const step = steps.find((s) => s.eliminations.some((e) => e.cell === cell('r5c2') && e.digit === 4))!
    expect(step.technique).toBe('grouped-aic')
    expect(step.text).toContain('the only other candidate in r6c8')
    expect(step.text).toContain('the only other places for 4 in row 4')
    expect(step.eliminations.every((e) => e.digit === 4)).toBe(true)
    expect(step.links!.some((l) => l.from.cells.length > 1 || l.to.cells.length > 1)).toBe(true)
    expect(findAic(cands).some((s) => s.eliminations.some((e) => e.cell === cell('r5c2') && e.digit === 4))).toBe(false)
  })
})
