/**
 * Hidden Rectangle: a corner c holding only a and b, the other three holding a, b and maybe more
 * (when two corners hold only a and b they lie diagonally; otherwise it is a plain unique
 * rectangle). Take the corner d opposite c. If in d's row and in d's column a can go only in the
 * rectangle's corners, then d cannot be b: a would then fill the two other corners, c (which sees
 * them) would be b, and the four corners would hold only a and b, the deadly pattern.
 *
 * ASSUMPTION: the puzzle has exactly one solution (see uniqueness/unique-rectangle.ts).
 */
import { allUnits, cellName, colOf, digitBit, rowOf, unitName } from '../../board'
import { columnUnit, listCells, rowUnit } from '../common'
import { type AbRectangle, aligned, opposite, rectangleStep, swapText } from './rectangles'
import type { Step } from '../step'

export function findHiddenRectangles(rect: AbRectangle): Step[] {
  const { cands, solved, corners, floor, a, b } = rect
  if (floor.length > 2 || (floor.length === 2 && aligned(floor[0], floor[1]))) return []
  const steps: Step[] = []
  for (const c of floor) {
    const d = opposite(corners, c)
    const lines = [rowUnit(rowOf(d)), columnUnit(colOf(d))]
    const others = corners.filter((x) => x !== c && x !== d)
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      if (!lines.every((u) => allUnits[u].every((cell) => solved[cell] || !(cands[cell] & digitBit(x)) || corners.includes(cell)))) continue
      steps.push(
        rectangleStep(
          rect,
          'hidden-rectangle',
          [{ cell: d, digit: y }],
          `Hidden rectangle on ${a} and ${b}: ${cellName(c)} has only ${a} and ${b} left. In ${lines.map(unitName).join(' and ')}, ` +
            `${x} can only go in the rectangle's corners. If ${cellName(d)} were ${y}, ${x} would have to be in ${listCells(others)}, ` +
            `${cellName(c)}, which sees both, would be ${y}, and ${swapText(corners, a, b)}. So ${y} can be removed from ${cellName(d)}.`,
        ),
      )
    }
  }
  return steps
}
