/**
 * Slow, literal reference finders for the basic techniques, written from each technique's
 * definition with plain loops over every unit, cell and digit and nothing from the engine but the
 * board's tables. The technique-case test asks the engine to find every instance these find.
 *
 * Each returns the set of what its instances do, one key per instance: "+d@cell" for a digit
 * placed, "-d@cell" joined by spaces for the candidates removed (sorted). Every finder takes
 * the candidates and the digits written in: a cell is open while nothing is written in it.
 */
import { type Candidates, type Cell, type Grid, allUnits, boxOf, colOf, columns, peers, rowOf, rows } from '../../../../src/shared/sudoku/board'
import type { Technique } from '../../../../src/shared/sudoku/logic/step'

type Finder = (cands: Candidates, written: Grid) => Set<string>

const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9]
const CELLS = [...Array(81).keys()]
const has = (cands: Candidates, cell: Cell, d: number): boolean => (cands[cell] & (1 << (d - 1))) !== 0
const digitsIn = (cands: Candidates, cell: Cell): number[] => DIGITS.filter((d) => has(cands, cell, d))
const sees = (a: Cell, b: Cell): boolean => peers[a].includes(b)

function choose<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]]
  return items.flatMap((first, i) => choose(items.slice(i + 1), k - 1).map((rest) => [first, ...rest]))
}

function removalKey(removals: { cell: Cell; d: number }[]): string {
  return removals
    .map(({ cell, d }) => `-${d}@${cell}`)
    .sort()
    .join(' ')
}

/** Adds the instance removing `d` from `targets` (open cells holding it), if it removes anything. */
function addRemoval(found: Set<string>, cands: Candidates, written: Grid, targets: Cell[], d: number): void {
  const removals = targets.filter((c) => !written[c] && has(cands, c, d)).map((cell) => ({ cell, d }))
  if (removals.length) found.add(removalKey(removals))
}

const fullHouse: Finder = (cands, written) => {
  const found = new Set<string>()
  for (const unit of allUnits) {
    const open = unit.filter((c) => !written[c])
    if (open.length !== 1) continue
    const missing = DIGITS.find((d) => !unit.some((c) => written[c] === d))!
    found.add(`+${missing}@${open[0]}`)
  }
  return found
}

const nakedSingle: Finder = (cands, written) =>
  new Set(CELLS.filter((c) => !written[c] && digitsIn(cands, c).length === 1).map((c) => `+${digitsIn(cands, c)[0]}@${c}`))

const hiddenSingle: Finder = (cands, written) => {
  const found = new Set<string>()
  for (const unit of allUnits)
    for (const d of DIGITS) {
      if (unit.some((c) => written[c] === d)) continue
      const places = unit.filter((c) => !written[c] && has(cands, c, d))
      if (places.length === 1) found.add(`+${d}@${places[0]}`)
    }
  return found
}

/** Inside `unit`, digit d's open places all lie in `other` (a unit crossing it): remove d from the rest of `other`. */
function lockedCandidates(inside: (unitIndex: number) => boolean, across: (unitIndex: number) => boolean): Finder {
  return (cands, written) => {
    const found = new Set<string>()
    allUnits.forEach((unit, u) => {
      if (!inside(u)) return
      for (const d of DIGITS) {
        const places = unit.filter((c) => !written[c] && has(cands, c, d))
        if (places.length < 2) continue
        allUnits.forEach((other, o) => {
          if (across(o) && places.every((c) => other.includes(c)))
            addRemoval(
              found,
              cands,
              written,
              other.filter((c) => !unit.includes(c)),
              d,
            )
        })
      }
    })
    return found
  }
}
const isLine = (u: number): boolean => u < 18
const isBox = (u: number): boolean => u >= 18

function nakedSubset(n: number): Finder {
  return (cands, written) => {
    const found = new Set<string>()
    for (const unit of allUnits) {
      const open = unit.filter((c) => !written[c])
      for (const cells of choose(open, n)) {
        const digits = DIGITS.filter((d) => cells.some((c) => has(cands, c, d)))
        if (digits.length !== n) continue
        const removals = open.filter((c) => !cells.includes(c)).flatMap((cell) => digits.filter((d) => has(cands, cell, d)).map((d) => ({ cell, d })))
        if (removals.length) found.add(removalKey(removals))
      }
    }
    return found
  }
}

function hiddenSubset(n: number): Finder {
  return (cands, written) => {
    const found = new Set<string>()
    for (const unit of allUnits) {
      const unplaced = DIGITS.filter((d) => !unit.some((c) => written[c] === d))
      for (const digits of choose(unplaced, n)) {
        const cells = unit.filter((c) => !written[c] && digits.some((d) => has(cands, c, d)))
        if (cells.length !== n) continue
        const removals = cells.flatMap((cell) =>
          digitsIn(cands, cell)
            .filter((d) => !digits.includes(d))
            .map((d) => ({ cell, d })),
        )
        if (removals.length) found.add(removalKey(removals))
      }
    }
    return found
  }
}

/** n base lines where d is still to place, its places in them covering exactly n cross lines. */
function fish(n: number): Finder {
  return (cands, written) => {
    const found = new Set<string>()
    for (const [bases, covers] of [
      [rows, columns],
      [columns, rows],
    ])
      for (const d of DIGITS) {
        const open = bases.map((line) => line.filter((c) => !written[c] && has(cands, c, d)))
        const lines = [...Array(9).keys()].filter((i) => open[i].length > 0)
        for (const chosen of choose(lines, n)) {
          const baseCells = chosen.flatMap((i) => open[i])
          const coverLines = covers.filter((line) => line.some((c) => baseCells.includes(c)))
          if (coverLines.length !== n) continue
          addRemoval(
            found,
            cands,
            written,
            coverLines.flat().filter((c) => !chosen.some((i) => bases[i].includes(c))),
            d,
          )
        }
      }
    return found
  }
}

/** For digit d, the units (of the given kind) where it has exactly two open places. */
function conjugatePairs(cands: Candidates, written: Grid, d: number, units: readonly (readonly Cell[])[]): Cell[][] {
  return units.map((u) => u.filter((c) => !written[c] && has(cands, c, d))).filter((places) => places.length === 2)
}

const skyscraper: Finder = (cands, written) => {
  const found = new Set<string>()
  for (const [lines, crossOf] of [
    [rows, colOf],
    [columns, rowOf],
  ] as const)
    for (const d of DIGITS)
      for (const [a, b] of choose(conjugatePairs(cands, written, d, lines), 2))
        for (const [baseA, topA] of [a, [...a].reverse()])
          for (const [baseB, topB] of [b, [...b].reverse()]) {
            if (crossOf(baseA) !== crossOf(baseB) || crossOf(topA) === crossOf(topB)) continue
            const pattern = [baseA, topA, baseB, topB]
            addRemoval(
              found,
              cands,
              written,
              CELLS.filter((c) => !pattern.includes(c) && sees(c, topA) && sees(c, topB)),
              d,
            )
          }
  return found
}

const twoStringKite: Finder = (cands, written) => {
  const found = new Set<string>()
  for (const d of DIGITS)
    for (const row of conjugatePairs(cands, written, d, rows))
      for (const col of conjugatePairs(cands, written, d, columns))
        for (const [rowNear, rowFar] of [row, [...row].reverse()])
          for (const [colNear, colFar] of [col, [...col].reverse()]) {
            const pattern = [rowNear, rowFar, colNear, colFar]
            if (new Set(pattern).size !== 4 || boxOf(rowNear) !== boxOf(colNear)) continue
            if (boxOf(rowFar) === boxOf(rowNear) || boxOf(colFar) === boxOf(rowNear)) continue
            addRemoval(
              found,
              cands,
              written,
              CELLS.filter((c) => !pattern.includes(c) && sees(c, rowFar) && sees(c, colFar)),
              d,
            )
          }
  return found
}

const bivalueCells = (cands: Candidates, written: Grid): Cell[] => CELLS.filter((c) => !written[c] && digitsIn(cands, c).length === 2)

const xyWing: Finder = (cands, written) => {
  const found = new Set<string>()
  for (const pivot of bivalueCells(cands, written)) {
    const [x, y] = digitsIn(cands, pivot)
    const wings = bivalueCells(cands, written).filter((c) => sees(c, pivot))
    for (const a of wings)
      for (const b of wings) {
        const [ax, az] = digitsIn(cands, a)
        const z = ax === x ? az : az === x ? ax : 0
        if (!z || z === y) continue
        const bDigits = digitsIn(cands, b)
        if (!(bDigits.includes(y) && bDigits.includes(z))) continue
        addRemoval(
          found,
          cands,
          written,
          CELLS.filter((c) => ![pivot, a, b].includes(c) && sees(c, a) && sees(c, b)),
          z,
        )
      }
  }
  return found
}

const xyzWing: Finder = (cands, written) => {
  const found = new Set<string>()
  for (const pivot of CELLS.filter((c) => !written[c] && digitsIn(cands, c).length === 3)) {
    const wings = bivalueCells(cands, written).filter((c) => sees(c, pivot) && digitsIn(cands, c).every((d) => has(cands, pivot, d)))
    for (const [a, b] of choose(wings, 2)) {
      const common = digitsIn(cands, a).filter((d) => has(cands, b, d))
      if (common.length !== 1) continue
      const wingCells = [pivot, a, b]
      addRemoval(
        found,
        cands,
        written,
        CELLS.filter((c) => !wingCells.includes(c) && wingCells.every((w) => sees(c, w))),
        common[0],
      )
    }
  }
  return found
}

const wWing: Finder = (cands, written) => {
  const found = new Set<string>()
  for (const [p, q] of choose(bivalueCells(cands, written), 2)) {
    if (cands[p] !== cands[q] || sees(p, q)) continue
    for (const [x, y] of [digitsIn(cands, p), digitsIn(cands, p).reverse()]) {
      const joined = conjugatePairs(cands, written, x, allUnits).some(
        ([e, f]) => ![p, q].includes(e) && ![p, q].includes(f) && ((sees(e, p) && sees(f, q)) || (sees(f, p) && sees(e, q))),
      )
      if (joined)
        addRemoval(
          found,
          cands,
          written,
          CELLS.filter((c) => c !== p && c !== q && sees(c, p) && sees(c, q)),
          y,
        )
    }
  }
  return found
}

export const REFERENCE_FINDERS: Partial<Record<Technique, Finder>> = {
  'full-house': fullHouse,
  'naked-single': nakedSingle,
  'hidden-single': hiddenSingle,
  'locked-candidates-pointing': lockedCandidates(isBox, isLine),
  'locked-candidates-claiming': lockedCandidates(isLine, isBox),
  'naked-pair': nakedSubset(2),
  'naked-triple': nakedSubset(3),
  'naked-quad': nakedSubset(4),
  'hidden-pair': hiddenSubset(2),
  'hidden-triple': hiddenSubset(3),
  'hidden-quad': hiddenSubset(4),
  'x-wing': fish(2),
  swordfish: fish(3),
  jellyfish: fish(4),
  skyscraper,
  'two-string-kite': twoStringKite,
  'xy-wing': xyWing,
  'xyz-wing': xyzWing,
  'w-wing': wWing,
}

/** The same keys for the engine's steps. */
export function stepKeys(
  steps: readonly { placements: readonly { cell: Cell; digit: number }[]; eliminations: readonly { cell: Cell; digit: number }[] }[],
): Set<string> {
  const keys = new Set<string>()
  for (const step of steps) {
    for (const { cell, digit } of step.placements) keys.add(`+${digit}@${cell}`)
    if (step.eliminations.length) keys.add(removalKey(step.eliminations.map(({ cell, digit }) => ({ cell, d: digit }))))
  }
  return keys
}
