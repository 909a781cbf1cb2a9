/**
 * Naked single: an unsolved cell with only one candidate left must hold that digit.
 */
import { CELLS, cellName, digitsOf, unitsOfCell } from '../board'
import { solvedCells } from './common'
import type { Step, TechniqueFinder } from './step'

export const findNakedSingle: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    if (solved[cell]) continue
    const digits = digitsOf(cands[cell])
    if (digits.length !== 1) continue
    const digit = digits[0]
    steps.push({
      technique: 'naked-single',
      placements: [{ cell, digit }],
      eliminations: [],
      cells: [cell],
      units: [...unitsOfCell[cell]],
      text: `${cellName(cell)} has only one candidate left, ${digit}: every other digit is already in its row, column or box, so it must be ${digit}.`,
    })
  }
  return steps
}
