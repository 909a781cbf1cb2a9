/**
 * Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4).
 * For one digit, take n rows whose places for it all fall in the same n columns. Each of those
 * rows needs its digit in one of those columns, which fills the n columns' digit, so no other
 * cell of those columns can hold it. The same with rows and columns swapped.
 */
import { allUnits, bitCount, colOf, rowOf } from '../../board'
import { columnUnit, combinations, eliminate, joinAnd, listCells, placesFor, rowUnit, solvedCells } from '../common'
import type { Step, Technique, TechniqueFinder } from '../step'

const names: Record<number, Technique> = { 2: 'x-wing', 3: 'swordfish', 4: 'jellyfish' }

/** A fish's base lines (rows, or columns) and cover lines (the other kind), and how to name them. */
export function fishAxes(byRows: boolean) {
  return {
    baseUnit: byRows ? rowUnit : columnUnit,
    coverUnit: byRows ? columnUnit : rowUnit,
    /** The cover line a cell lies in, and its base line. */
    crossOf: byRows ? colOf : rowOf,
    baseOf: byRows ? rowOf : colOf,
    lineWord: byRows ? 'rows' : 'columns',
    crossWord: byRows ? 'columns' : 'rows',
  }
}

function findFish(size: 2 | 3 | 4): TechniqueFinder {
  const technique = names[size]
  return (cands) => {
    const solved = solvedCells(cands)
    const steps: Step[] = []
    for (const byRows of [true, false]) {
      const { baseUnit, coverUnit, crossOf, lineWord, crossWord } = fishAxes(byRows)
      for (let digit = 1; digit <= 9; digit++) {
        // Each base line with 2..size places for the digit, its places as a mask of cross lines.
        const lines: { line: number; places: number[]; mask: number }[] = []
        for (let line = 0; line < 9; line++) {
          const places = placesFor(cands, solved, allUnits[baseUnit(line)], digit)
          if (places.length < 2 || places.length > size) continue
          let mask = 0
          for (const c of places) mask |= 1 << crossOf(c)
          lines.push({ line, places, mask })
        }
        if (lines.length < size) continue
        for (const base of combinations(lines, size)) {
          let crossMask = 0
          for (const { mask } of base) crossMask |= mask
          if (bitCount(crossMask) !== size) continue
          const cross = [...Array(9).keys()].filter((i) => crossMask & (1 << i))
          const baseLines = base.map((b) => b.line)
          const targets: number[] = []
          for (const x of cross) {
            for (const c of placesFor(cands, solved, allUnits[coverUnit(x)], digit)) {
              const baseIndex = byRows ? rowOf(c) : colOf(c)
              if (!baseLines.includes(baseIndex)) targets.push(c)
            }
          }
          if (targets.length === 0) continue
          const cells = base.flatMap((b) => b.places).sort((a, b) => a - b)
          const baseNames = joinAnd(baseLines.map((l) => String(l + 1)))
          const crossNames = joinAnd(cross.map((x) => String(x + 1)))
          steps.push({
            technique,
            placements: [],
            eliminations: eliminate(targets, digit),
            cells,
            units: [...baseLines.map(baseUnit), ...cross.map(coverUnit)],
            text:
              `In ${lineWord} ${baseNames}, ${digit} can only go in ${crossWord} ${crossNames} (${listCells(cells)}). ` +
              `Each of these ${size} ${lineWord} needs a ${digit} in one of these ${size} ${crossWord}, so together they take the ${digit} of every one of those ${crossWord}. ` +
              `So ${digit} can be removed from the other cells of ${crossWord} ${crossNames}: ${listCells(targets.sort((a, b) => a - b))}.`,
          })
        }
      }
    }
    return steps
  }
}

export const findXWing = findFish(2)
export const findSwordfish = findFish(3)
export const findJellyfish = findFish(4)
