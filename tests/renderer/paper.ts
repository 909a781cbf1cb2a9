/**
 * Hand-made reads of a page in progress, in the vision worker's ReadOutcome shape, for the
 * component and state tests: the puzzle is the first of the Sudoku Exchange hard bank (public
 * domain), with digits "written in pen" and pencil marks as each test needs them.
 */
import type { CellReading } from '../../src/shared/vision/cell-reading'
import type { ReadOutcome } from '../../src/renderer/src/workers/vision-protocol'

export const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
export const SOLUTION = '389251467576948132142367589821694375934715826765823941258136794493572618617489253'

export interface PaperSpec {
  /** 81 digits: the printed givens (PUZZLE unless given). */
  givens?: string
  /** Written digits by cell. */
  entries?: Record<number, number>
  /** Pencil marks by cell: the digits, or [] for marks that could not be read. */
  marks?: Record<number, number[]>
  /** Confidence by cell (0.99 elsewhere). */
  confidence?: Record<number, number>
  repaired?: number[]
  informed?: number[]
  solutions?: number
}

export function paperOutcome(spec: PaperSpec = {}): ReadOutcome {
  const givens = Array.from(spec.givens ?? PUZZLE, Number)
  const entries = new Array<number>(81).fill(0)
  for (const [cell, digit] of Object.entries(spec.entries ?? {})) entries[Number(cell)] = digit
  const confidence = Array.from({ length: 81 }, (_, cell) => spec.confidence?.[cell] ?? 0.99)
  const cells: CellReading[] = givens.map((given, cell) => {
    if (given) return { kind: 'given', digit: given, marks: [], confidence: confidence[cell] }
    if (entries[cell]) return { kind: 'entry', digit: entries[cell], marks: [], confidence: confidence[cell] }
    const marks = spec.marks?.[cell]
    if (marks) return { kind: 'marks', digit: 0, marks, confidence: confidence[cell] }
    return { kind: 'empty', digit: 0, marks: [], confidence: confidence[cell] }
  })
  return {
    grid: givens,
    cells,
    entries,
    mistakes: entries.flatMap((d, cell) => (d && d !== Number(SOLUTION[cell]) ? [cell] : [])),
    informed: spec.informed ?? [],
    confidence,
    repaired: spec.repaired ?? [],
    solutions: spec.solutions ?? 1,
    corners: [
      { x: 0, y: 0 },
      { x: 900, y: 0 },
      { x: 900, y: 900 },
      { x: 0, y: 900 },
    ],
    fiducials: [],
    width: 900,
    height: 900,
    ms: {},
  }
}
