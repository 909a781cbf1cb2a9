/**
 * Hidden pairs, triples and quads: k digits that, within one unit, can only go in the same k
 * cells. Those cells must hold those digits, so every other candidate in them can be removed.
 */
import { allUnits, bitCount, digitBit, unitName } from '../../board'
import { combinations, describeEliminations, listCells, listDigits, solvedCells } from '../common'
import type { Elimination, Step, Technique, TechniqueFinder } from '../step'

const names: Record<number, { technique: Technique; word: string }> = {
  2: { technique: 'hidden-pair', word: 'two' },
  3: { technique: 'hidden-triple', word: 'three' },
  4: { technique: 'hidden-quad', word: 'four' },
}

function findHiddenSubsets(size: 2 | 3 | 4): TechniqueFinder {
  const { technique, word } = names[size]
  return (cands) => {
    const solved = solvedCells(cands)
    const steps: Step[] = []
    allUnits.forEach((unit, unitIndex) => {
      const open = unit.filter((c) => !solved[c])
      if (open.length <= size) return
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
      if (digits.length < size) return
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
        steps.push({
          technique,
          placements: [],
          eliminations,
          cells,
          units: [unitIndex],
          text:
            `In ${unitName(unitIndex)}, ${listDigits(chosen)} can only go in the ${word} cells ${listCells(cells)}, ` +
            `so those cells must hold ${listDigits(chosen)} and their other candidates can be removed: ` +
            `${describeEliminations(eliminations)}.`,
        })
      }
    })
    return steps
  }
}

export const findHiddenPair = findHiddenSubsets(2)
export const findHiddenTriple = findHiddenSubsets(3)
export const findHiddenQuad = findHiddenSubsets(4)
