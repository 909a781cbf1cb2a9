/**
 * Hidden pairs, triples and quads: k digits that, within one unit, can only go in the same k
 * cells. Those cells must hold those digits, so every other candidate in them can be removed.
 */
import { bitCount, digitBit, unitName } from '../../board'
import { combinations, describeEliminations, listCells, listDigits } from '../common'
import type { Elimination, TechniqueFinder } from '../step'
import { SIZE_WORDS, type SubsetFound, type SubsetSize, subsetFinder } from './subsets'

const TECHNIQUES = { 2: 'hidden-pair', 3: 'hidden-triple', 4: 'hidden-quad' } as const

function findHiddenSubsets(size: SubsetSize): TechniqueFinder {
  const word = SIZE_WORDS[size]
  return subsetFinder(size, TECHNIQUES[size], (cands, solved, unit, unitIndex) => {
    const found: SubsetFound[] = []
    // Digits still to place in this unit with 2..size places (one place is a hidden single),
    // each with its places as a 9-bit mask of positions within the unit.
    const digits: number[] = []
    const placeMask: number[] = []
    for (let digit = 1; digit <= 9; digit++) {
      const bit = digitBit(digit)
      let mask = 0
      for (let i = 0; i < 9; i++) if (!solved[unit[i]] && cands[unit[i]] & bit) mask |= 1 << i
      const n = bitCount(mask)
      if (n >= 2 && n <= size) {
        digits.push(digit)
        placeMask[digit] = mask
      }
    }
    if (digits.length < size) return found
    for (const chosen of combinations(digits, size)) {
      let union = 0
      for (const d of chosen) union |= placeMask[d]
      if (bitCount(union) !== size) continue
      const cells = unit.filter((_, i) => union & (1 << i))
      let keep = 0
      for (const d of chosen) keep |= digitBit(d)
      const eliminations: Elimination[] = []
      for (const c of cells) {
        for (let d = 1; d <= 9; d++) if (cands[c] & digitBit(d) && !(keep & digitBit(d))) eliminations.push({ cell: c, digit: d })
      }
      if (eliminations.length === 0) continue
      found.push({
        cells,
        eliminations,
        text:
          `In ${unitName(unitIndex)}, ${listDigits(chosen)} can only go in the ${word} cells ${listCells(cells)}, ` +
          `so those cells must hold ${listDigits(chosen)} and their other candidates can be removed: ` +
          `${describeEliminations(eliminations)}.`,
      })
    }
    return found
  })
}

export const findHiddenPair = findHiddenSubsets(2)
export const findHiddenTriple = findHiddenSubsets(3)
export const findHiddenQuad = findHiddenSubsets(4)
