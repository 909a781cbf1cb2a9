/**
 * Unique Rectangle type 3: the floor is two corners side by side holding only a and b, and the two
 * roof corners p and q share a row, column or box. Both roof corners cannot end up a or b (deadly
 * pattern), so one of them holds one of their extra digits X. In a unit holding both:
 *
 * - naked subset: p and q act as one cell holding only X. With k other cells whose candidates and
 *   X make k + 1 digits, those digits fill the k cells and one roof corner, so no other cell of
 *   the unit can hold them. When p, q and the k cells of a row or column also lie in one box, the
 *   same digits leave the rest of that box too (HoDoKu's "locked" case).
 * - hidden subset: k digits S, none in X, that can only go in k - 1 other cells and p or q. One
 *   roof corner holds an X digit, so S fills the k - 1 cells and the other roof corner: those
 *   cells lose every candidate outside S, and p and q every candidate outside S and X. With one
 *   digit (k = 1) this is type 4, found there.
 *
 * Sizes: up to MAX_OTHER_CELLS cells beside the roof pair, so pairs to quints; bigger sets in a
 * unit of nine are the complement of a smaller subset of the other kind.
 */
import { type Cell, type Digit, allUnits, bitCount, boxOf, cellName, colOf, digitBit, digitsOf, rowOf, unitName } from '../../board'
import { boxUnit, combinations, describeEliminations, listCells, listDigits, listDigitsOr } from '../common'
import { type AbRectangle, openCellsOf, rectangleStep, sharedUnits, swapText } from './rectangles'
import type { Elimination, Step } from '../step'

/** Cells beside the roof pair in a subset: 4 reaches a naked quint, as far as HoDoKu's exemplars go. */
const MAX_OTHER_CELLS = 4

export function type3Steps(rect: AbRectangle): Step[] {
  const { cands, roof, a, b } = rect
  const [p, q] = roof
  const extras = (cands[p] | cands[q]) & ~(digitBit(a) | digitBit(b))
  return sharedUnits(p, q).flatMap((u) => [...nakedSteps(rect, u, extras), ...hiddenSteps(rect, u, extras)])
}

function intro(rect: AbRectangle, extras: number): string {
  const { roof, floor, a, b, corners } = rect
  const x = listDigitsOr(digitsOf(extras))
  return (
    `Unique rectangle on ${a} and ${b}: ${listCells(floor)} have only ${a} and ${b} left, and ${listCells(roof)} have more. ` +
    `If neither of them held ${x}, ${swapText(corners, a, b)}. So one of them is ${x}`
  )
}

function nakedSteps(rect: AbRectangle, u: number, extras: number): Step[] {
  const { cands, roof } = rect
  const isBox = u >= 18
  const others = openCellsOf(cands, u, roof)
  const steps: Step[] = []
  for (let k = 1; k <= Math.min(MAX_OTHER_CELLS, others.length - 1); k++)
    for (const subset of combinations(others, k)) {
      const digits = subset.reduce((m, c) => m | cands[c], extras)
      if (bitCount(digits) !== k + 1) continue
      const members = [...roof, ...subset]
      // A set that lies in one row or column is found from that line, with its box included.
      if (isBox && (members.every((c) => rowOf(c) === rowOf(members[0])) || members.every((c) => colOf(c) === colOf(members[0])))) continue
      const box = boxOf(members[0])
      const units = !isBox && members.every((c) => boxOf(c) === box) ? [u, boxUnit(box)] : [u]
      const eliminations: Elimination[] = []
      for (const c of new Set(units.flatMap((unit) => openCellsOf(cands, unit, members))))
        for (const digit of digitsOf(cands[c] & digits)) eliminations.push({ cell: c, digit })
      if (eliminations.length === 0) continue
      eliminations.sort((e, f) => e.cell - f.cell || e.digit - f.digit)
      const where = units.map(unitName).join(' and ')
      steps.push(
        rectangleStep(
          rect,
          'unique-rectangle-3',
          eliminations,
          `${intro(rect, extras)}: treat the pair as one cell holding ${listDigitsOr(digitsOf(extras))}. Together with ${listCells(subset)} ` +
            `that makes ${k + 1} cells of ${where} for the ${k + 1} digits ${listDigits(digitsOf(digits))}, so these digits can be removed ` +
            `from the other cells of ${where}: ${describeEliminations(eliminations)}.`,
          marksOf(rect, subset, digits),
        ),
      )
    }
  return steps
}

function hiddenSteps(rect: AbRectangle, u: number, extras: number): Step[] {
  const { cands, roof } = rect
  const [p, q] = roof
  // Pending naked singles count as places: only cells already solved are left out.
  const open = allUnits[u].filter((c) => !rect.solved[c])
  const digitsHere = open.reduce((m, c) => m | cands[c], 0) & ~extras
  const steps: Step[] = []
  for (let k = 2; k <= MAX_OTHER_CELLS + 1; k++)
    for (const s of combinations(digitsOf(digitsHere), k)) {
      const sMask = s.reduce((m, d) => m | digitBit(d), 0)
      const places = open.filter((c) => cands[c] & sMask)
      const subset = places.filter((c) => c !== p && c !== q)
      if (subset.length !== k - 1) continue
      const eliminations: Elimination[] = []
      for (const c of subset) for (const digit of digitsOf(cands[c] & ~sMask)) eliminations.push({ cell: c, digit })
      for (const c of roof) for (const digit of digitsOf(cands[c] & ~sMask & ~extras)) eliminations.push({ cell: c, digit })
      if (eliminations.length === 0) continue
      eliminations.sort((e, f) => e.cell - f.cell || e.digit - f.digit)
      steps.push(
        rectangleStep(
          rect,
          'unique-rectangle-3',
          eliminations,
          `${intro(rect, extras)}, which leaves one of them for ${listDigits(s)}. In ${unitName(u)}, ${listDigits(s)} can only go in ` +
            `${listCells(subset)}, ${cellName(p)} or ${cellName(q)}: ${k} digits for ${listCells(subset)} and the other roof cell. ` +
            `So ${listCells(subset)} hold only ${listDigits(s)}, and ${cellName(p)} and ${cellName(q)} only these or ${listDigitsOr(digitsOf(extras))}: ` +
            `${describeEliminations(eliminations)} can be removed.`,
          marksOf(rect, subset, sMask),
        ),
      )
    }
  return steps
}

/** The subset's digits in its cells, ringed besides the rectangle's. */
function marksOf(rect: AbRectangle, cells: readonly Cell[], digits: number): { cell: Cell; digit: Digit }[] {
  return cells.flatMap((cell) => digitsOf(rect.cands[cell] & digits).map((digit) => ({ cell, digit })))
}
