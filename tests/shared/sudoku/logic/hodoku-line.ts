/**
 * Reads the one-line state format of HoDoKu (B. Hobiger's Sudoku program, whose technique
 * examples are the literature examples used in these tests):
 * `:<technique>:<digits>:<grid>:<deleted candidates>:<eliminations>:`
 * In the grid `.` is empty, a digit is a given, `+d` a digit placed while solving. Candidate lists
 * are `drc` triples (digit, row, column; 1-based).
 */
import { type Candidates, type Grid, candidatesOf, cellAt, digitBit } from '../../../../src/shared/sudoku/board'
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
  const fields = line.split(':')
  const gridText = fields[3]
  const grid = new Uint8Array(81)
  const givens = new Uint8Array(81)
  let cell = 0
  for (let i = 0; i < gridText.length; i++) {
    const ch = gridText[i]
    if (ch === '+') {
      grid[cell++] = Number(gridText[++i])
    } else {
      if (ch !== '.') grid[cell] = givens[cell] = Number(ch)
      cell++
    }
  }
  if (cell !== 81) throw new Error(`HoDoKu line has ${cell} cells`)
  const cands = candidatesOf(grid)
  for (const { cell: c, digit } of triples(fields[4])) cands[c] &= ~digitBit(digit)
  return { grid, givens, cands, eliminations: triples(fields[5]) }
}
