/**
 * Reads the one-line state format of HoDoKu (B. Hobiger's Sudoku program, whose technique
 * examples are the literature examples used in these tests):
 * `:<technique>:<digits>:<grid>:<deleted candidates>:<eliminations>:`
 * In the grid `.` is empty, a digit is a given, `+d` a digit placed while solving. Candidate lists
 * are `drc` triples (digit, row, column; 1-based).
 */
import { type Candidates, type Grid, cellAt } from '../../../../src/shared/sudoku/board'
import { readHodokuLibrary } from '../../../../src/shared/sudoku/formats/hodoku-library'
import { boardOf } from '../../../../src/shared/sudoku/state'
import type { Placement } from '../../../../src/shared/sudoku/logic/step'

export interface HodokuState {
  /** The grid with its givens and placed digits. */
  readonly grid: Grid
  /** The givens only: the puzzle whose unique solution checks every step. */
  readonly givens: Grid
  readonly cands: Candidates
  /** What HoDoKu's step removes. */
  readonly eliminations: Placement[]
}

const triples = (field: string | undefined): Placement[] =>
  (field ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => ({ digit: Number(t[0]), cell: cellAt(Number(t[1]) - 1, Number(t[2]) - 1) }))

export function parseHodokuLine(line: string): HodokuState {
  const state = readHodokuLibrary(line)
  const { grid, candidates } = boardOf(state)
  return { grid, givens: state.givens, cands: candidates, eliminations: triples(line.split(':')[5]) }
}
