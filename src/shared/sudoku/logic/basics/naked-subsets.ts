/**
 * Naked pairs, triples and quads: k cells of one unit whose candidates, together, are only k
 * digits. Those k digits must fill those k cells, so no other cell of the unit can hold them.
 */
import { allUnits, bitCount, digitBit, digitsOf, unitName } from '../../board'
import { combinations, describeEliminations, listCells, listDigits, solvedCells } from '../common'
import type { Elimination, Step, Technique, TechniqueFinder } from '../step'

const names: Record<number, { technique: Technique; word: string }> = {
  2: { technique: 'naked-pair', word: 'two' },
  3: { technique: 'naked-triple', word: 'three' },
  4: { technique: 'naked-quad', word: 'four' },
}

function findNakedSubsets(size: 2 | 3 | 4): TechniqueFinder {
  const { technique, word } = names[size]
  return (cands) => {
    const solved = solvedCells(cands)
    const steps: Step[] = []
    allUnits.forEach((unit, unitIndex) => {
      const open = unit.filter((c) => !solved[c])
      // With `size` or fewer open cells the subset would be the whole unit: nothing to remove.
      if (open.length <= size) return
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
        steps.push({
          technique,
          placements: [],
          eliminations,
          cells,
          units: [unitIndex],
          text:
            `In ${unitName(unitIndex)}, the ${word} cells ${listCells(cells)} can only hold ${listDigits(digits)} between them, ` +
            `so those digits must go in these cells and can be removed from the rest of ${unitName(unitIndex)}: ` +
            `${describeEliminations(eliminations)}.`,
        })
      }
    })
    return steps
  }
}

export const findNakedPair = findNakedSubsets(2)
export const findNakedTriple = findNakedSubsets(3)
export const findNakedQuad = findNakedSubsets(4)
