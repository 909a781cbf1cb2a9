/**
 * Hidden pairs, triples and quads: k digits that, within one unit, can only go in the same k
 * cells. Those cells must hold those digits, so every other candidate in them can be removed.
 */
import { allUnits, digitBit, unitName } from '../board'
import { combinations, describeEliminations, listCells, listDigits, placesFor, solvedCells, uniqueCells } from './common'
import type { Elimination, Step, Technique, TechniqueFinder } from './step'

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
      // Digits still to place in this unit with 2..size places (one place is a hidden single).
      const places = new Map<number, number[]>()
      for (let digit = 1; digit <= 9; digit++) {
        const p = placesFor(cands, solved, unit, digit)
        if (p.length >= 2 && p.length <= size) places.set(digit, p)
      }
      for (const digits of combinations([...places.keys()], size)) {
        const cells = uniqueCells(digits.flatMap((d) => places.get(d)!))
        if (cells.length !== size) continue
        let keep = 0
        for (const d of digits) keep |= digitBit(d)
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
            `In ${unitName(unitIndex)}, ${listDigits(digits)} can only go in the ${word} cells ${listCells(cells)}, ` +
            `so those cells must hold ${listDigits(digits)} and their other candidates can be removed: ` +
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
