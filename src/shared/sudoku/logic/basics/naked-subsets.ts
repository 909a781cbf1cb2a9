/**
 * Naked pairs, triples and quads: k cells of one unit whose candidates, together, are only k
 * digits. Those k digits must fill those k cells, so no other cell of the unit can hold them.
 */
import { bitCount, digitBit, digitsOf, unitName } from '../../board'
import { combinations, describeEliminations, listCells, listDigits } from '../common'
import type { Elimination, TechniqueFinder } from '../step'
import { SIZE_WORDS, type SubsetFound, type SubsetSize, subsetFinder } from './subsets'

const TECHNIQUES = { 2: 'naked-pair', 3: 'naked-triple', 4: 'naked-quad' } as const

function findNakedSubsets(size: SubsetSize): TechniqueFinder {
  const word = SIZE_WORDS[size]
  return subsetFinder(size, TECHNIQUES[size], (cands, _solved, _unit, unitIndex, open) => {
    const found: SubsetFound[] = []
    const small = open.filter((c) => bitCount(cands[c]) >= 2 && bitCount(cands[c]) <= size)
    for (const cells of combinations(small, size)) {
      let union = 0
      for (const c of cells) union |= cands[c]
      if (bitCount(union) !== size) continue
      const digits = digitsOf(union)
      const eliminations: Elimination[] = []
      for (const digit of digits) {
        for (const c of open) {
          if (!cells.includes(c) && cands[c] & digitBit(digit)) eliminations.push({ cell: c, digit })
        }
      }
      if (eliminations.length === 0) continue
      eliminations.sort((a, b) => a.cell - b.cell || a.digit - b.digit)
      found.push({
        cells,
        eliminations,
        text:
          `In ${unitName(unitIndex)}, the ${word} cells ${listCells(cells)} can only hold ${listDigits(digits)} between them, ` +
          `so those digits must go in these cells and can be removed from the rest of ${unitName(unitIndex)}: ` +
          `${describeEliminations(eliminations)}.`,
      })
    }
    return found
  })
}

export const findNakedPair = findNakedSubsets(2)
export const findNakedTriple = findNakedSubsets(3)
export const findNakedQuad = findNakedSubsets(4)
