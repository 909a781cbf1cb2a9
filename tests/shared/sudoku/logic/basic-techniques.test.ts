/**
 * One textbook pattern per technique, drawn as a candidate grid (see pencil.ts), and the exact
 * removals or placements the finder must report for it.
 */
import { describe, expect, it } from 'vitest'
import { boxes, candidatesOf, columns, rows } from '../../../../src/shared/sudoku/board'
import { findJellyfish, findSwordfish, findXWing } from '../../../../src/shared/sudoku/logic/fish/fish'
import { findFullHouse } from '../../../../src/shared/sudoku/logic/basics/full-house'
import { findHiddenSingle } from '../../../../src/shared/sudoku/logic/basics/hidden-single'
import { findHiddenPair, findHiddenQuad, findHiddenTriple } from '../../../../src/shared/sudoku/logic/basics/hidden-subsets'
import { findClaiming, findPointing } from '../../../../src/shared/sudoku/logic/basics/locked-candidates'
import { findNakedSingle } from '../../../../src/shared/sudoku/logic/basics/naked-single'
import { findNakedPair, findNakedQuad, findNakedTriple } from '../../../../src/shared/sudoku/logic/basics/naked-subsets'
import { findSkyscraper } from '../../../../src/shared/sudoku/logic/single-digit/skyscraper'
import { techniques } from '../../../../src/shared/sudoku/logic/techniques'
import { findTwoStringKite } from '../../../../src/shared/sudoku/logic/single-digit/two-string-kite'
import { findWWing } from '../../../../src/shared/sudoku/logic/wings/w-wing'
import { findXYWing } from '../../../../src/shared/sudoku/logic/wings/xy-wing'
import { findXYZWing } from '../../../../src/shared/sudoku/logic/wings/xyz-wing'
import { Pencil, cell, cells, elims, expected } from './pencil'

// The first puzzle of the Sudoku Exchange hard bank (public domain) and its solution, for the singles.
const SOLUTION = '389251467576948132142367589821694375934715826765823941258136794493572618617489253'
const solved = () => Uint8Array.from(SOLUTION, Number)

const row = (n: number) => rows[n - 1]
const col = (n: number) => columns[n - 1]
const box = (n: number) => boxes[n - 1]

describe('nothing to find', () => {
  it('finds no step when every digit is still possible everywhere', () => {
    const cands = new Pencil().candidates()
    for (const { technique, find } of techniques.slice(0, 19)) expect(find(cands), technique).toEqual([])
  })
})

describe('singles', () => {
  it('full house: the one empty cell of a unit takes the missing digit', () => {
    const grid = solved()
    grid[cell('r4c6')] = 0
    const steps = findFullHouse(candidatesOf(grid), grid)
    expect(steps).toHaveLength(1)
    expect(steps[0].placements).toEqual([{ cell: cell('r4c6'), digit: 4 }])
    expect(steps[0].text).toContain('only one empty cell left, r4c6')
  })

  it('naked single: cells whose row, column and box leave one digit', () => {
    const grid = solved()
    for (const c of cells('r1c1', 'r1c2', 'r2c1', 'r2c2')) grid[c] = 0
    const cands = candidatesOf(grid)
    expect(findFullHouse(cands, grid)).toEqual([])
    const placed = findNakedSingle(cands, grid).map((s) => s.placements[0])
    expect(placed).toEqual(cells('r1c1', 'r1c2', 'r2c1', 'r2c2').map((c) => ({ cell: c, digit: Number(SOLUTION[c]) })))
  })

  it('naked single from candidates alone: one candidate left that a peer still has', () => {
    const cands = new Pencil().set(cell('r2c3'), '6').candidates()
    const steps = findNakedSingle(cands)
    expect(steps.map((s) => s.placements)).toEqual([[{ cell: cell('r2c3'), digit: 6 }]])
    expect(steps[0].text).toContain('r2c3 has only one candidate left, 6')
  })

  it('hidden single: "In box 5, 7 can only go in r5c4"', () => {
    const cands = new Pencil().only(7, box(5), cells('r5c4')).candidates()
    const steps = findHiddenSingle(cands)
    expect(steps).toHaveLength(1)
    expect(steps[0].placements).toEqual([{ cell: cell('r5c4'), digit: 7 }])
    expect(steps[0].text).toBe('In box 5, 7 can only go in r5c4, so it must go there.')
  })
})

describe('locked candidates', () => {
  it('pointing: 4 in box 2 only in row 3 leaves the rest of row 3', () => {
    const cands = new Pencil().only(4, box(2), cells('r3c4', 'r3c5')).candidates()
    const steps = findPointing(cands)
    expect(steps.map(elims)).toEqual([expected(4, ['r3c1', 'r3c2', 'r3c3', 'r3c7', 'r3c8', 'r3c9'])])
  })

  it('claiming: 4 in row 3 only in box 2 leaves the rest of box 2', () => {
    const cands = new Pencil().only(4, row(3), cells('r3c4', 'r3c5')).candidates()
    const steps = findClaiming(cands)
    expect(steps.map(elims)).toEqual([expected(4, ['r1c4', 'r1c5', 'r1c6', 'r2c4', 'r2c5', 'r2c6'])])
    expect(steps[0].text).toBe(
      'In row 3, the only places for 4 are in box 2 (r3c4 and r3c5), so 4 can be removed from the other cells of box 2: r1c4, r1c5, r1c6, r2c4, r2c5 and r2c6.',
    )
  })
})

describe('subsets', () => {
  const rest = (n: number, except: string[]) =>
    row(n)
      .filter((c) => !cells(...except).includes(c))
      .map(nameOf)

  it('naked pair {4,7} in row 1', () => {
    const cands = new Pencil().set(cell('r1c1'), '47').set(cell('r1c5'), '47').candidates()
    const steps = findNakedPair(cands)
    expect(steps.map(elims)).toEqual([[...expected(4, rest(1, ['r1c1', 'r1c5'])), ...expected(7, rest(1, ['r1c1', 'r1c5']))].sort()])
  })

  it('naked triple {1,2},{2,3},{1,3} in row 5', () => {
    const p = new Pencil().set(cell('r5c1'), '12').set(cell('r5c5'), '23').set(cell('r5c9'), '13')
    const steps = findNakedTriple(p.candidates())
    const others = rest(5, ['r5c1', 'r5c5', 'r5c9'])
    expect(steps.map(elims)).toEqual([[1, 2, 3].flatMap((d) => expected(d, others)).sort()])
  })

  it('naked quad in row 1', () => {
    const p = new Pencil().set(cell('r1c1'), '12').set(cell('r1c3'), '23').set(cell('r1c5'), '34').set(cell('r1c7'), '14')
    const others = rest(1, ['r1c1', 'r1c3', 'r1c5', 'r1c7'])
    expect(findNakedQuad(p.candidates()).map(elims)).toEqual([[1, 2, 3, 4].flatMap((d) => expected(d, others)).sort()])
  })

  it('hidden pair: 2 and 6 only in r1c4 and r7c4 of column 4', () => {
    const p = new Pencil().only(2, col(4), cells('r1c4', 'r7c4')).only(6, col(4), cells('r1c4', 'r7c4'))
    const steps = findHiddenPair(p.candidates())
    expect(steps.map(elims)).toEqual([[1, 3, 4, 5, 7, 8, 9].flatMap((d) => expected(d, ['r1c4', 'r7c4'])).sort()])
  })

  it('hidden triple: 1, 2, 3 only in r9c2, r9c5, r9c8', () => {
    const three = cells('r9c2', 'r9c5', 'r9c8')
    const p = new Pencil().only(1, row(9), three).only(2, row(9), three).only(3, row(9), three).remove(3, cells('r9c2'))
    const steps = findHiddenTriple(p.candidates())
    expect(steps.map(elims)).toEqual([[4, 5, 6, 7, 8, 9].flatMap((d) => expected(d, ['r9c2', 'r9c5', 'r9c8'])).sort()])
  })

  it('hidden quad: 1-4 only in four cells of box 9', () => {
    const four = cells('r7c7', 'r7c9', 'r9c7', 'r9c9')
    const p = new Pencil()
    for (const d of [1, 2, 3, 4]) p.only(d, box(9), four)
    const steps = findHiddenQuad(p.candidates())
    expect(steps.map(elims)).toEqual([[5, 6, 7, 8, 9].flatMap((d) => expected(d, four.map(nameOf))).sort()])
  })
})

describe('fish', () => {
  it('X-Wing on 5 in rows 2 and 7, columns 3 and 8', () => {
    const p = new Pencil().only(5, row(2), cells('r2c3', 'r2c8')).only(5, row(7), cells('r7c3', 'r7c8'))
    const steps = findXWing(p.candidates())
    const targets = [1, 3, 4, 5, 6, 8, 9].flatMap((r) => [`r${r}c3`, `r${r}c8`])
    expect(steps.map(elims)).toEqual([expected(5, targets)])
    expect(steps[0].text).toContain('In rows 2 and 7, 5 can only go in columns 3 and 8')
  })

  it('Swordfish on 3 in rows 1, 5, 9 over columns 1, 4, 7', () => {
    const p = new Pencil().only(3, row(1), cells('r1c1', 'r1c4')).only(3, row(5), cells('r5c4', 'r5c7')).only(3, row(9), cells('r9c1', 'r9c7'))
    const targets = [2, 3, 4, 6, 7, 8].flatMap((r) => [`r${r}c1`, `r${r}c4`, `r${r}c7`])
    expect(findSwordfish(p.candidates()).map(elims)).toEqual([expected(3, targets)])
  })

  it('Jellyfish on 8 in rows 1, 3, 5, 7 over columns 2, 4, 6, 8', () => {
    const p = new Pencil()
      .only(8, row(1), cells('r1c2', 'r1c4'))
      .only(8, row(3), cells('r3c4', 'r3c6'))
      .only(8, row(5), cells('r5c6', 'r5c8'))
      .only(8, row(7), cells('r7c8', 'r7c2'))
    const targets = [2, 4, 6, 8, 9].flatMap((r) => [`r${r}c2`, `r${r}c4`, `r${r}c6`, `r${r}c8`])
    expect(findJellyfish(p.candidates()).map(elims)).toEqual([expected(8, targets)])
  })
})

describe('single-digit patterns', () => {
  it('Skyscraper on 1: rows 1 and 6 share column 1', () => {
    const p = new Pencil().only(1, row(1), cells('r1c1', 'r1c5')).only(1, row(6), cells('r6c1', 'r6c6'))
    const steps = findSkyscraper(p.candidates())
    expect(steps.map(elims)).toEqual([expected(1, ['r2c6', 'r3c6', 'r4c5', 'r5c5'])])
  })

  it('2-String Kite on 5: row 1 and column 1 meet in box 1', () => {
    const p = new Pencil().only(5, row(1), cells('r1c2', 'r1c7')).only(5, col(1), cells('r3c1', 'r8c1'))
    const steps = findTwoStringKite(p.candidates())
    expect(steps.map(elims)).toEqual([expected(5, ['r8c7'])])
  })
})

describe('wings', () => {
  it('XY-Wing: pivot r5c5 {1,2}, pincers r5c1 {1,3} and r1c5 {2,3}', () => {
    const p = new Pencil().set(cell('r5c5'), '12').set(cell('r5c1'), '13').set(cell('r1c5'), '23')
    const steps = findXYWing(p.candidates())
    expect(steps.map(elims)).toEqual([expected(3, ['r1c1'])])
  })

  it('XYZ-Wing: pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}', () => {
    const p = new Pencil().set(cell('r1c1'), '123').set(cell('r1c5'), '13').set(cell('r2c2'), '23')
    const steps = findXYZWing(p.candidates())
    expect(steps.map(elims)).toEqual([expected(3, ['r1c2', 'r1c3'])])
  })

  it('W-Wing: r1c1 and r5c9 {4,7} joined by the 7s of column 5', () => {
    const p = new Pencil().set(cell('r1c1'), '47').set(cell('r5c9'), '47').only(7, col(5), cells('r1c5', 'r5c5'))
    const steps = findWWing(p.candidates())
    expect(steps.map(elims)).toEqual([expected(4, ['r1c9', 'r5c1'])])
  })
})

function nameOf(c: number): string {
  return `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`
}
