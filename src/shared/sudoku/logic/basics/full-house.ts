/**
 * Full house: a unit with exactly one open cell left; that cell takes the one missing digit.
 * With the grid known, "open" means not yet written in; from candidates alone, not solved.
 */
import { type Grid, allUnits, cellName, digitsOf, unitName } from '../../board'
import { capitalise, solvedCells } from '../common'
import type { Step, TechniqueFinder } from '../step'

export const findFullHouse: TechniqueFinder = (cands, grid?: Grid) => {
  const solved = grid ? Uint8Array.from(grid, (d) => (d ? 1 : 0)) : solvedCells(cands)
  const steps: Step[] = []
  const seen = new Set<number>()
  allUnits.forEach((unit, unitIndex) => {
    const open = unit.filter((cell) => !solved[cell])
    if (open.length !== 1) return
    const [cell] = open
    const digits = digitsOf(cands[cell])
    // With more than one candidate left the grid is inconsistent; leave that to other checks.
    if (digits.length !== 1 || seen.has(cell)) return
    seen.add(cell)
    const digit = digits[0]
    steps.push({
      technique: 'full-house',
      placements: [{ cell, digit }],
      eliminations: [],
      cells: [cell],
      units: [unitIndex],
      text: `${capitalise(unitName(unitIndex))} has only one empty cell left, ${cellName(cell)}, and the only digit missing is ${digit}, so it goes there.`,
    })
  })
  return steps
}
