/**
 * Sue de Coq: two or three open cells C where a box meets a row or column, holding digits V, at
 * least two more than C has cells. Add cells L from the rest of the line and cells B from the rest
 * of the box, so that no digit of L is a digit of B, and all of C, L and B together hold exactly as
 * many digits as they have cells. A digit of L lies only in the line (in C or L), one of B only in
 * the box, the rest of V only in C: so none can be placed twice, and with as many digits as cells
 * every one is placed once in the pattern. The rest of the line loses V and L's digits except B's,
 * the rest of the box V and B's digits except L's.
 */
import { type Candidates, type Cell, allUnits, bitCount, boxOf, digitsOf, unitName } from '../../board'
import { boxUnit, columnUnit, combinations, describeEliminations, listCells, listDigits, rowUnit, solvedCells } from '../common'
import type { Elimination, Step } from '../step'

/** Cells taken from the rest of the line or of the box: up to 4, since 4 + 4 + 3 = 11 already passes 9 digits. */
const MAX_SIDE_CELLS = 4

interface Side {
  readonly cells: readonly Cell[]
  readonly digits: number
}

export function findSueDeCoq(cands: Candidates): Step[] {
  const solved = solvedCells(cands)
  const open = (cell: Cell): boolean => !solved[cell] && bitCount(cands[cell]) > 1
  const steps: Step[] = []
  for (let box = 0; box < 9; box++)
    for (const line of lineUnitsThrough(box)) {
      const boxCells = allUnits[boxUnit(box)]
      const crossing = allUnits[line].filter((c) => boxOf(c) === box && open(c))
      const lineRest = allUnits[line].filter((c) => boxOf(c) !== box && open(c))
      const boxRest = boxCells.filter((c) => !allUnits[line].includes(c) && open(c))
      const lineSides = sides(cands, lineRest)
      const boxSides = sides(cands, boxRest)
      for (const size of [2, 3])
        for (const core of combinations(crossing, size)) {
          const v = core.reduce((m, c) => m | cands[c], 0)
          if (bitCount(v) < size + 2) continue
          for (const l of lineSides) {
            if (!(l.digits & v)) continue
            for (const b of boxSides) {
              if (!(b.digits & v) || l.digits & b.digits) continue
              const all = v | l.digits | b.digits
              if (bitCount(all) !== size + l.cells.length + b.cells.length) continue
              const members = [...core, ...l.cells, ...b.cells]
              const eliminations = [
                ...remove(cands, [...lineRest, ...crossing], members, (v | l.digits) & ~b.digits),
                ...remove(cands, [...boxRest, ...crossing], members, (v | b.digits) & ~l.digits),
              ]
              const unique = [...new Map(eliminations.map((e) => [e.cell * 10 + e.digit, e])).values()]
              unique.sort((e, f) => e.cell - f.cell || e.digit - f.digit)
              if (unique.length === 0) continue
              steps.push(sueDeCoqStep(cands, line, box, core, l, b, unique))
            }
          }
        }
    }
  return steps
}

/** The row and column units crossing the box in three cells each. */
function lineUnitsThrough(box: number): number[] {
  const [r0, c0] = [Math.floor(box / 3) * 3, (box % 3) * 3]
  return [0, 1, 2].flatMap((i) => [rowUnit(r0 + i), columnUnit(c0 + i)])
}

/** Every choice of 1 to MAX_SIDE_CELLS cells and the digits they hold. */
function sides(cands: Candidates, cells: readonly Cell[]): Side[] {
  const out: Side[] = []
  for (let n = 1; n <= Math.min(MAX_SIDE_CELLS, cells.length); n++)
    for (const chosen of combinations(cells, n)) out.push({ cells: chosen, digits: chosen.reduce((m, c) => m | cands[c], 0) })
  return out
}

function remove(cands: Candidates, cells: readonly Cell[], members: readonly Cell[], digits: number): Elimination[] {
  return cells.filter((c) => !members.includes(c)).flatMap((cell) => digitsOf(cands[cell] & digits).map((digit) => ({ cell, digit })))
}

function sueDeCoqStep(cands: Candidates, line: number, box: number, core: Cell[], l: Side, b: Side, eliminations: Elimination[]): Step {
  const members = [...core, ...l.cells, ...b.cells]
  const v = core.reduce((m, c) => m | cands[c], 0)
  return {
    technique: 'sue-de-coq',
    placements: [],
    eliminations,
    cells: [...members].sort((p, q) => p - q),
    units: [line, boxUnit(box)],
    text:
      `Sue de Coq: ${listCells(core)}, where ${unitName(line)} meets box ${box + 1}, hold ${listDigits(digitsOf(v))}. ` +
      `With ${listCells(l.cells)} from ${unitName(line)} (${listDigits(digitsOf(l.digits))}) and ${listCells(b.cells)} from box ${box + 1} ` +
      `(${listDigits(digitsOf(b.digits))}), which share no digit, these ${members.length} cells hold exactly ${members.length} digits, ` +
      `none of which can be placed twice among them: the line's side keeps to ${unitName(line)}, the box's to box ${box + 1}. ` +
      `So each is placed in the pattern, and the rest of ${unitName(line)} and box ${box + 1} cannot hold them: ${describeEliminations(eliminations)}.`,
    marks: members.flatMap((cell) => digitsOf(cands[cell]).map((digit) => ({ cell, digit }))),
  }
}
