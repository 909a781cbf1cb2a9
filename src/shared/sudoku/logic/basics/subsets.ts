/**
 * What naked and hidden subsets share: the units worth searching, the word for each size, and the
 * shape of their steps.
 */
import { type Candidates, type Cell, allUnits } from '../../board'
import { solvedCells } from '../common'
import type { Elimination, Step, Technique, TechniqueFinder } from '../step'

export type SubsetSize = 2 | 3 | 4

/** The word for a subset's size in a step's text: "the two cells r1c1 and r1c5". */
export const SIZE_WORDS: Record<SubsetSize, string> = { 2: 'two', 3: 'three', 4: 'four' }

/** A subset found in one unit: its cells, the candidates it removes and the step's text. */
export interface SubsetFound {
  readonly cells: Cell[]
  readonly eliminations: Elimination[]
  readonly text: string
}

/**
 * A finder whose steps are the subsets `inUnit` finds in each unit with more than `size` open
 * cells (with fewer, the subset would be the whole unit: nothing to remove).
 */
export function subsetFinder(
  size: SubsetSize,
  technique: Technique,
  inUnit: (cands: Candidates, solved: Uint8Array, unit: readonly Cell[], unitIndex: number, open: Cell[]) => SubsetFound[],
): TechniqueFinder {
  return (cands) => {
    const solved = solvedCells(cands)
    const steps: Step[] = []
    allUnits.forEach((unit, unitIndex) => {
      const open = unit.filter((c) => !solved[c])
      if (open.length <= size) return
      for (const { cells, eliminations, text } of inUnit(cands, solved, unit, unitIndex, open))
        steps.push({ technique, placements: [], eliminations, cells, units: [unitIndex], text })
    })
    return steps
  }
}
