/**
 * Locked candidates.
 * - Pointing: inside a box, a digit's places all lie in one row or column, so the digit can be
 *   removed from that row or column outside the box.
 * - Claiming: inside a row or column, a digit's places all lie in one box, so the digit can be
 *   removed from the rest of that box.
 */
import { allUnits, boxOf, colOf, rowOf, unitName } from '../../board'
import { boxUnit, columnUnit, eliminate, listCells, placesFor, rowUnit, solvedCells } from '../common'
import type { Step, TechniqueFinder } from '../step'

export const findPointing: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (let box = 0; box < 9; box++) {
    const boxIndex = boxUnit(box)
    for (let digit = 1; digit <= 9; digit++) {
      const places = placesFor(cands, solved, allUnits[boxIndex], digit)
      if (places.length < 2) continue
      const lines: number[] = []
      if (places.every((c) => rowOf(c) === rowOf(places[0]))) lines.push(rowUnit(rowOf(places[0])))
      if (places.every((c) => colOf(c) === colOf(places[0]))) lines.push(columnUnit(colOf(places[0])))
      for (const line of lines) {
        const targets = placesFor(cands, solved, allUnits[line], digit).filter((c) => boxOf(c) !== box)
        if (targets.length === 0) continue
        const eliminations = eliminate(targets, digit)
        steps.push({
          technique: 'locked-candidates-pointing',
          placements: [],
          eliminations,
          cells: places,
          units: [boxIndex, line],
          text:
            `In ${unitName(boxIndex)}, the only places for ${digit} are in ${unitName(line)} (${listCells(places)}), ` +
            `so ${digit} can be removed from the other cells of ${unitName(line)}: ${listCells(targets)}.`,
        })
      }
    }
  }
  return steps
}

export const findClaiming: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (let line = 0; line < 18; line++) {
    for (let digit = 1; digit <= 9; digit++) {
      const places = placesFor(cands, solved, allUnits[line], digit)
      if (places.length < 2) continue
      const box = boxOf(places[0])
      if (!places.every((c) => boxOf(c) === box)) continue
      const boxIndex = boxUnit(box)
      const targets = placesFor(cands, solved, allUnits[boxIndex], digit).filter((c) => !allUnits[line].includes(c))
      if (targets.length === 0) continue
      const eliminations = eliminate(targets, digit)
      steps.push({
        technique: 'locked-candidates-claiming',
        placements: [],
        eliminations,
        cells: places,
        units: [line, boxIndex],
        text:
          `In ${unitName(line)}, the only places for ${digit} are in ${unitName(boxIndex)} (${listCells(places)}), ` +
          `so ${digit} can be removed from the other cells of ${unitName(boxIndex)}: ${listCells(targets)}.`,
      })
    }
  }
  return steps
}
