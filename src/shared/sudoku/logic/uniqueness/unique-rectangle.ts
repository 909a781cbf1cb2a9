/**
 * Unique Rectangle, types 1 to 6, and the Hidden Rectangle: one finder, since all of them start
 * from the same rectangles (uniqueness/rectangles.ts) whose four corners still hold two digits a and b.
 * Each type uses the deadly pattern to rule something out; the corners holding only a and b are
 * the "floor", the others the "roof".
 *
 * ASSUMPTION: the puzzle has exactly one solution. On a puzzle with several solutions these steps
 * can remove true candidates, so callers must check uniqueness (solve with limit 2) first.
 *
 * Givens: the swap argument fails if a corner is a given (the swap would change a clue). A given
 * has a single candidate and every corner here must still hold both a and b, so no corner is ever
 * a given and the finder needs no separate givens mask.
 */
import { type Candidates, allUnits, bitCount, cellName, digitBit, digitsOf, unitName } from '../../board'
import { cellsSeeingAll, listCells, solvedCells } from '../common'
import { findHiddenRectangles } from './hidden-rectangle'
import { type AbRectangle, type Corners, RECTANGLES, aligned, rectangleStep, sharedUnits, swapText } from './rectangles'
import type { Step } from '../step'
import { type3Steps } from './unique-rectangle-3'
import { type6Steps } from './unique-rectangle-6'

export function findUniqueRectangles(cands: Candidates): Step[] {
  const steps: Step[] = []
  const seen = new Set<string>()
  const solved = solvedCells(cands)
  for (const corners of RECTANGLES) {
    // Every type needs a corner holding only the two digits: that corner names them.
    const pairs = new Set(corners.map((c) => cands[c]).filter((m) => bitCount(m) === 2))
    for (const ab of pairs) {
      if (corners.some((c) => (cands[c] & ab) !== ab)) continue
      for (const step of rectangleSteps(cands, solved, corners, ab)) {
        if (step.eliminations.length === 0) continue
        const key = step.technique + ':' + step.eliminations.map((e) => e.cell * 9 + e.digit).join(',')
        if (seen.has(key)) continue
        seen.add(key)
        steps.push(step)
      }
    }
  }
  return steps
}

function rectangleSteps(cands: Candidates, solved: Uint8Array, corners: Corners, ab: number): Step[] {
  const [a, b] = digitsOf(ab)
  const rect: AbRectangle = { cands, solved, corners, a, b, floor: corners.filter((c) => cands[c] === ab), roof: corners.filter((c) => cands[c] !== ab) }
  const { floor, roof } = rect
  if (floor.length === 3) return [type1(rect)]
  const steps = [...sameExtraSteps(rect), ...findHiddenRectangles(rect)]
  if (floor.length !== 2) return steps
  const [p, q] = roof
  if (!aligned(p, q)) return [...steps, ...type6Steps(rect)]
  return [...steps, ...type3Steps(rect), ...type4Steps(rect)]
}

const floorText = ({ floor, roof, a, b }: AbRectangle): string => `${listCells(floor)} have only ${a} and ${b} left, and ${listCells(roof)} have more.`

/** Type 1: three corners hold only a and b, so the fourth cannot be either. */
function type1(rect: AbRectangle): Step {
  const { floor, roof, a, b, corners } = rect
  const [x] = roof
  return rectangleStep(
    rect,
    'unique-rectangle-1',
    [a, b].map((digit) => ({ cell: x, digit })),
    `Unique rectangle on ${a} and ${b}: ${listCells(floor)} have only ${a} and ${b} left. If ${cellName(x)} were ${a} or ${b} too, ` +
      `${swapText(corners, a, b)}. A proper puzzle has one solution, so ${a} and ${b} can be removed from ${cellName(x)}.`,
  )
}

/**
 * Types 2 and 5: every roof corner holds a, b and the same one extra digit x, so one of them is x,
 * and x goes from every cell that sees them all. Type 2 when the roof is two corners side by side,
 * type 5 when it is two diagonal corners or three.
 */
function sameExtraSteps(rect: AbRectangle): Step[] {
  const { cands, solved, roof, a, b, corners } = rect
  const mask = cands[roof[0]]
  if (bitCount(mask) !== 3 || roof.some((c) => cands[c] !== mask)) return []
  const [x] = digitsOf(mask & ~(digitBit(a) | digitBit(b)))
  const targets = cellsSeeingAll(cands, solved, roof, x, corners)
  if (targets.length === 0) return []
  const technique = roof.length === 2 && aligned(roof[0], roof[1]) ? 'unique-rectangle-2' : 'unique-rectangle-5'
  return [
    rectangleStep(
      rect,
      technique,
      targets.map((cell) => ({ cell, digit: x })),
      `Unique rectangle on ${a} and ${b}: ${floorText(rect)} If none of them were ${x}, ${swapText(corners, a, b)}. So one of ` +
        `${listCells(roof)} is ${x}, and ${x} can be removed from ${listCells(targets)}, which ${targets.length > 1 ? 'see' : 'sees'} ${roof.length > 2 ? 'all of them' : 'both'}.`,
      roof.map((cell) => ({ cell, digit: x })),
    ),
  ]
}

/** Type 4: if a can only go in the two roof cells within a unit, one of them is a, and the other must not be b. */
function type4Steps(rect: AbRectangle): Step[] {
  const { cands, roof, a, b, corners } = rect
  const [p, q] = roof
  const steps: Step[] = []
  for (const u of sharedUnits(p, q))
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      if (allUnits[u].some((c) => c !== p && c !== q && cands[c] & digitBit(x))) continue
      steps.push(
        rectangleStep(
          rect,
          'unique-rectangle-4',
          [p, q].map((cell) => ({ cell, digit: y })),
          `Unique rectangle on ${a} and ${b}: ${floorText(rect)} In ${unitName(u)}, ${x} can only go in ${cellName(p)} or ${cellName(q)}, so one of them ` +
            `is ${x}. If the other were ${y}, ${swapText(corners, a, b)}. So ${y} can be removed from both.`,
        ),
      )
    }
  return steps
}
