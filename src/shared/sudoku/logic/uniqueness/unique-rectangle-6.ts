/**
 * Unique Rectangle type 6: the floor is two diagonal corners holding only a and b, the roof the
 * other two. If in both rows of the rectangle (or both columns) a can go only in its corners, a in
 * one roof corner forces a into the other roof corner too (an X-Wing), which leaves b for both
 * floor corners: the deadly pattern. So a goes from both roof corners.
 */
import { allUnits, cellName, colOf, digitBit, rowOf, unitName } from '../../board'
import { columnUnit, listCells, rowUnit } from '../common'
import { type AbRectangle, rectangleStep, swapText } from './rectangles'
import type { Step } from '../step'

export function type6Steps(rect: AbRectangle): Step[] {
  const { cands, solved, corners, floor, roof, a, b } = rect
  const steps: Step[] = []
  const lineSets = [
    [rowUnit(rowOf(corners[0])), rowUnit(rowOf(corners[3]))],
    [columnUnit(colOf(corners[0])), columnUnit(colOf(corners[3]))],
  ]
  for (const [x, y] of [
    [a, b],
    [b, a],
  ])
    for (const lines of lineSets) {
      const onlyCorners = lines.every((u) => allUnits[u].every((c) => solved[c] || !(cands[c] & digitBit(x)) || corners.includes(c)))
      if (!onlyCorners) continue
      const [p, q] = roof
      steps.push(
        rectangleStep(
          rect,
          'unique-rectangle-6',
          [p, q].map((cell) => ({ cell, digit: x })),
          `Unique rectangle on ${a} and ${b}: ${listCells(floor)} have only ${a} and ${b} left. In ${lines.map(unitName).join(' and ')}, ` +
            `${x} can only go in the four corners. If ${cellName(p)} or ${cellName(q)} were ${x}, the other would be ${x} too, ` +
            `${listCells(floor)} would both be ${y}, and ${swapText(corners, a, b)}. So ${x} can be removed from both.`,
        ),
      )
      break
    }
  return steps
}
