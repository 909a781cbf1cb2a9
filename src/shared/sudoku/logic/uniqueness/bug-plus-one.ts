/**
 * BUG+1 (Bivalue Universal Grave plus one).
 *
 * A "BUG" is a state where every unsolved cell has exactly two candidates and every digit has
 * exactly two places in each unit where it is still open. Such a state never has exactly one
 * solution (it has none or at least two). When all unsolved cells but one are bivalue and that
 * cell has three candidates, the digit of that cell which appears three times in its row, column
 * and box must be its value: any other choice would leave a BUG.
 *
 * ASSUMPTION: the puzzle has exactly one solution (check with solve, limit 2, first).
 */
import { type Candidates, type Cell, type Digit, CELLS, allUnits, bitCount, cellName, digitBit, digitsOf, peers } from '../../board'
import type { Step } from '../step'

export function findBugPlusOne(cands: Candidates): Step[] {
  let extra: Cell = -1
  for (let cell = 0; cell < CELLS; cell++) {
    const n = bitCount(cands[cell])
    if (n === 0) return []
    if (n === 1) {
      // A solved digit still pencilled in a peer means pending singles: the count below would lie.
      for (const p of peers[cell]) if (bitCount(cands[p]) > 1 && cands[p] & cands[cell]) return []
      continue
    }
    if (n === 2) continue
    if (n > 3 || extra >= 0) return []
    extra = cell
  }
  if (extra < 0) return []

  // The digit must be the one that breaks "two places per unit" in all three units of the cell.
  const found = digitsOf(cands[extra]).filter((digit) => {
    const without = Uint16Array.from(cands)
    without[extra] &= ~digitBit(digit)
    // With the other two digits kept, the grid must be an exact BUG: 0 or 2 places everywhere.
    const count = (unit: readonly Cell[], d: Digit): number => unit.filter((c) => bitCount(cands[c]) > 1 && without[c] & digitBit(d)).length
    return allUnits.every((unit) => digitsOf(0x1ff).every((d) => [0, 2].includes(count(unit, d))))
  })
  if (found.length !== 1) return []
  const digit = found[0]
  return [
    {
      technique: 'bug-plus-one',
      placements: [{ cell: extra, digit }],
      eliminations: [],
      cells: [extra],
      units: [],
      text:
        `Every unsolved cell has two candidates except ${cellName(extra)}, which has three ` +
        `(${digitsOf(cands[extra]).join(', ')}). ${digit} has three places in its row, its column and its box;` +
        ` if ${cellName(extra)} were not ${digit}, every digit would have exactly ` +
        `two places in every row, column and box, a pattern that never has a single solution. ` +
        `So ${cellName(extra)} is ${digit}.`,
    },
  ]
}
