/**
 * Hidden single: within a unit, a digit has only one cell left where it can go.
 * Boxes are reported first because people find those the easiest to spot.
 */
import { allUnits, cellName, digitBit, unitName } from '../../board'
import { placesFor, solvedCells } from '../common'
import type { Step, TechniqueFinder } from '../step'

/** Boxes, then rows, then columns. */
const unitOrder = [...Array(27).keys()].map((i) => (i + 18) % 27)

export const findHiddenSingle: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  const found = new Set<string>()
  for (const unitIndex of unitOrder) {
    const unit = allUnits[unitIndex]
    for (let digit = 1; digit <= 9; digit++) {
      if (unit.some((cell) => solved[cell] && cands[cell] === digitBit(digit))) continue
      const places = placesFor(cands, solved, unit, digit)
      if (places.length !== 1) continue
      const [cell] = places
      // A cell with this as its only candidate is a naked single too; it is reported here as well,
      // since hidden singles come first (SE rates a hidden single 1.2-1.5, a naked single 2.3).
      const key = `${cell}:${digit}`
      if (found.has(key)) continue
      found.add(key)
      steps.push({
        technique: 'hidden-single',
        placements: [{ cell, digit }],
        eliminations: [],
        cells: [cell],
        units: [unitIndex],
        text: `In ${unitName(unitIndex)}, ${digit} can only go in ${cellName(cell)}, so it must go there.`,
      })
    }
  }
  return steps
}
