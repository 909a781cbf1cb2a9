/**
 * Naked single: an open cell with only one candidate left must hold that digit.
 * With the grid known, "open" means not yet written in; from candidates alone, not solved.
 */
import { CELLS, type Grid, cellName, digitsOf, unitsOfCell } from '../../board'
import { solvedCells } from '../common'
import type { Step, TechniqueFinder } from '../step'

export const findNakedSingle: TechniqueFinder = (cands, grid?: Grid) => {
  const solved = grid ? Uint8Array.from(grid, (d) => (d ? 1 : 0)) : solvedCells(cands)
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
