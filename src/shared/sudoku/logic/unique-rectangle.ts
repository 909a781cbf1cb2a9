/**
 * Unique Rectangle, types 1 to 4.
 *
 * Four cells at the corners of a rectangle that spans exactly two rows, two columns and two boxes
 * must never end up holding only the two digits a and b: the two digits could then be swapped
 * round the rectangle and the puzzle would have two solutions (the "deadly pattern"). Each type
 * uses that to rule something out.
 *
 * ASSUMPTION: the puzzle has exactly one solution. On a puzzle with several solutions these steps
 * can remove true candidates, so callers must check uniqueness (solve with limit 2) first.
 *
 * Givens: the swap argument fails if a corner is a given (the swap would change a clue). A given
 * has a single candidate and every corner here must still hold both a and b, so no corner is ever
 * a given and the finder needs no separate givens mask.
 */
import {
  type Candidates,
  type Cell,
  type Digit,
  allUnits,
  bitCount,
  boxOf,
  cellAt,
  cellName,
  colOf,
  digitBit,
  digitsOf,
  peers,
  rowOf,
  unitName,
  unitsOfCell,
} from '../board'
import { describeEliminations } from './common'
import type { Elimination, Step, Technique } from './step'

const list = (cells: readonly Cell[]): string =>
  cells.length <= 1 ? cells.map(cellName).join('') : `${cells.slice(0, -1).map(cellName).join(', ')} and ${cellName(cells[cells.length - 1])}`
const digitList = (mask: number, word = 'and'): string => {
  const ds = digitsOf(mask)
  return ds.length <= 1 ? ds.join('') : `${ds.slice(0, -1).join(', ')} ${word} ${ds[ds.length - 1]}`
}

/** Units (indices into allUnits) that contain both cells. */
function sharedUnits(a: Cell, b: Cell): number[] {
  return unitsOfCell[a].filter((u) => unitsOfCell[b].includes(u))
}

export function findUniqueRectangles(cands: Candidates): Step[] {
  const steps: Step[] = []
  const seen = new Set<string>()
  const push = (step: Step): void => {
    if (step.eliminations.length === 0) return
    const key = step.technique + ':' + step.eliminations.map((e) => e.cell * 9 + e.digit).join(',')
    if (seen.has(key)) return
    seen.add(key)
    steps.push(step)
  }
  for (let r1 = 0; r1 < 9; r1++)
    for (let r2 = r1 + 1; r2 < 9; r2++)
      for (let c1 = 0; c1 < 9; c1++)
        for (let c2 = c1 + 1; c2 < 9; c2++) {
          const sameBand = Math.floor(r1 / 3) === Math.floor(r2 / 3)
          const sameStack = Math.floor(c1 / 3) === Math.floor(c2 / 3)
          if (sameBand === sameStack) continue // one box or four boxes: no deadly pattern
          const corners = [cellAt(r1, c1), cellAt(r1, c2), cellAt(r2, c1), cellAt(r2, c2)]
          // Every type needs at least two corners holding only the two digits.
          const pairs = corners.map((c) => cands[c]).filter((m) => bitCount(m) === 2)
          for (const ab of new Set(pairs)) {
            if (pairs.filter((m) => m === ab).length < 2 || corners.some((c) => (cands[c] & ab) !== ab)) continue
            const [a, b] = digitsOf(ab)
            for (const step of rectangleSteps(cands, corners, a, b)) push(step)
          }
        }
  return steps
}

function rectangleSteps(cands: Candidates, corners: readonly Cell[], a: Digit, b: Digit): Step[] {
  const ab = digitBit(a) | digitBit(b)
  const floor = corners.filter((c) => cands[c] === ab)
  const roof = corners.filter((c) => cands[c] !== ab)
  const units = [...new Set(corners.flatMap((c) => [rowOf(c), 9 + colOf(c), 18 + boxOf(c)]))].filter(
    (u) => allUnits[u].filter((c) => corners.includes(c)).length >= 2,
  )
  const base = { placements: [], cells: corners, units }
  const swap = `the four cells ${list(corners)} (in two boxes) could swap ${a} and ${b}, and the puzzle would have two solutions`
  const steps: Step[] = []
  const step = (technique: Technique, eliminations: Elimination[], text: string): void => {
    steps.push({ technique, ...base, eliminations, text: `Unique rectangle on ${a} and ${b}: ${text}` })
  }

  if (floor.length === 3) {
    const [x] = roof
    step(
      'unique-rectangle-1',
      [a, b].map((digit) => ({ cell: x, digit })),
      `${list(floor)} have only ${a} and ${b} left. If ${cellName(x)} were ${a} or ${b} too, ${swap}. ` +
        `A proper puzzle has one solution, so ${a} and ${b} can be removed from ${cellName(x)}.`,
    )
    return steps
  }
  if (floor.length !== 2) return steps
  const [p, q] = roof
  if (rowOf(p) !== rowOf(q) && colOf(p) !== colOf(q)) return steps // diagonal floor: other types
  const extras = (cands[p] | cands[q]) & ~ab
  const floorText = `${list(floor)} have only ${a} and ${b} left, and ${cellName(p)} and ${cellName(q)} have more.`

  // Type 2: both roof cells are {a, b, x}; one of them must be x.
  if (cands[p] === cands[q] && bitCount(extras) === 1) {
    const x = digitsOf(extras)[0]
    const targets = peers[p].filter((c) => peers[q].includes(c) && cands[c] & extras && bitCount(cands[c]) > 1)
    if (targets.length)
      step(
        'unique-rectangle-2',
        targets.map((cell) => ({ cell, digit: x })),
        `${floorText} If neither of them were ${x}, ${swap}. So one of them is ${x}, and ${x} can be removed ` +
          `from ${list(targets)}, which ${targets.length > 1 ? 'see' : 'sees'} both.`,
      )
  }

  for (const u of sharedUnits(p, q)) {
    const others = allUnits[u].filter((c) => c !== p && c !== q && bitCount(cands[c]) > 1)

    // Type 3: one of the roof cells holds one of the extras, so they act as one cell with the
    // extras as candidates; with k other cells that makes a naked subset of k + 1 digits.
    forEachSubset(others, 3, (subset) => {
      const digits = subset.reduce((m, c) => m | cands[c], extras)
      if (bitCount(digits) !== subset.length + 1) return
      const eliminations: Elimination[] = []
      for (const c of others)
        if (!subset.includes(c)) for (const d of digitsOf(cands[c] & digits)) eliminations.push({ cell: c, digit: d })
      if (eliminations.length === 0) return
      step(
        'unique-rectangle-3',
        eliminations,
        `${floorText} If neither of them held ${digitList(extras, 'or')}, ${swap}. So one of them does: treat ` +
          `the pair as one cell holding ${digitList(extras, 'or')}. Together with ${list(subset)} that makes ${subset.length + 1} ` +
          `cells in ${unitName(u)} for the ${subset.length + 1} digits ${digitList(digits)}, so these digits ` +
          `can be removed from the other cells of ${unitName(u)}: ${describeEliminations(eliminations)}.`,
      )
    })

    // Type 4: if a can only go in the roof cells within this unit, one of them is a, and the
    // other must not be b.
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      if (allUnits[u].some((c) => c !== p && c !== q && cands[c] & digitBit(x))) continue
      step(
        'unique-rectangle-4',
        [p, q].map((cell) => ({ cell, digit: y })),
        `${floorText} In ${unitName(u)}, ${x} can only go in ${cellName(p)} or ${cellName(q)}, so one of them ` +
          `is ${x}. If the other were ${y}, ${swap}. So ${y} can be removed from both.`,
      )
    }
  }
  return steps
}

/** Calls `fn` with every non-empty subset of `items` of at most `max` elements. */
function forEachSubset<T>(items: readonly T[], max: number, fn: (subset: T[]) => void): void {
  const pick: T[] = []
  const go = (from: number): void => {
    if (pick.length) fn([...pick])
    if (pick.length === max) return
    for (let i = from; i < items.length; i++) {
      pick.push(items[i])
      go(i + 1)
      pick.pop()
    }
  }
  go(0)
}
