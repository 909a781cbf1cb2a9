/**
 * The pencil-mark grid HoDoKu copies ("Copy PM grid", Sudoku2.getSudoku with ClipboardMode.PM_GRID)
 * and SudokuWiki and forum posts print: one line per row, `|` between boxes, each cell its digit
 * or its candidates, and `.---.` / `:---+` / `'---'` border lines:
 *
 *   .----------------.----------------.----------------.
 *   | 6   18    9    | 3    7    2    | 5    148  148  |
 *
 * A cell shows one digit whether it is filled or has one candidate left; as for 729-character
 * candidates, it counts as filled when no peer still has that digit (plain.ts). A `.` is a cell
 * with no candidates left. HoDoKu's step markers (`*`, `#`, `@`, `-` before a candidate, ALS
 * letters) are read past.
 *
 * A grid in these borders with no cell of two or more digits is HoDoKu's "Copy formatted" puzzle
 * (ClipboardMode.VALUES_ONLY_FORMATTED): there each digit is a given and `.` an empty cell.
 */
import { CELLS, type Candidates, bitCount, cellAt, cellName, digitBit, digitsOf } from '../board'
import { type PuzzleState, boardOf, filledGrid } from '../state'
import { stateFromCandidates } from './plain'

export class PmGridError extends Error {
  override name = 'PmGridError'
}

const STEP_MARKERS = /[*#@A-H-]/g

/**
 * Some line of 9 cells, one of them with two or more candidates (a spaced puzzle row has single
 * digits), or HoDoKu's top border `.---.---.---.` (no other puzzle text draws it).
 */
export function looksLikePmGrid(text: string): boolean {
  return text.split(/\r?\n/).some((line) => {
    const tokens = cellTokens(line)
    return (tokens.length === 9 && tokens.some((t) => /^[1-9]{2,9}$/.test(t.replace(STEP_MARKERS, '')))) || HODOKU_TOP.test(line.trim())
  })
}

const HODOKU_TOP = /^\.-+\.-+\.-+\.$/

const cellTokens = (line: string): string[] => line.replace(/\|/g, ' ').trim().split(/\s+/)

/** A row of cells: a line with a digit, or nine cells of `.` (a border line is one token). */
const isRow = (line: string): boolean => /[1-9]/.test(line) || (cellTokens(line).length === 9 && cellTokens(line).every((t) => t === '.'))

export function readPmGrid(text: string): PuzzleState {
  const rows = text.split(/\r?\n/).filter(isRow)
  if (rows.length !== 9) throw new PmGridError(`A pencil-mark grid has 9 rows of cells, but this text has ${rows.length}.`)
  const cands: Candidates = new Uint16Array(CELLS)
  rows.forEach((line, row) => {
    const tokens = cellTokens(line)
    if (tokens.length !== 9) throw new PmGridError(`Row ${row + 1} of the pencil-mark grid has ${tokens.length} cells; 9 expected.`)
    tokens.forEach((token, col) => {
      const cell = cellAt(row, col)
      const digits = token.replace(STEP_MARKERS, '')
      if (digits === '.') return
      if (!/^[1-9]+$/.test(digits)) {
        throw new PmGridError(`${cellName(cell)} of the pencil-mark grid: expected its digit or candidates (1-9), found "${token.slice(0, 20)}".`)
      }
      for (const ch of digits) cands[cell] |= digitBit(Number(ch))
    })
  })
  if (cands.some((mask) => bitCount(mask) > 1)) return stateFromCandidates(cands)
  // No cell has candidates: the puzzle alone, its digits the givens.
  return { givens: Uint8Array.from(cands, (mask) => (mask ? digitsOf(mask)[0] : 0)), entries: new Uint8Array(CELLS), candidates: null }
}

/** HoDoKu's layout: each column as wide as its widest cell plus two. */
export function writePmGrid(state: PuzzleState): string {
  const grid = filledGrid(state)
  const { candidates } = boardOf(state)
  const cells = Array.from({ length: CELLS }, (_, cell) => (grid[cell] ? String(grid[cell]) : digitsOf(candidates[cell]).join('') || '.'))
  const widths = Array.from({ length: 9 }, (_, col) => Math.max(...Array.from({ length: 9 }, (_, row) => cells[cellAt(row, col)].length)) + 2)
  const boxWidth = (box: number): number => widths[box * 3] + widths[box * 3 + 1] + widths[box * 3 + 2]
  const border = (edge: string, middle: string): string => `${edge}${[0, 1, 2].map((b) => '-'.repeat(boxWidth(b))).join(middle)}${edge}`
  const lines: string[] = []
  for (let row = 0; row < 9; row++) {
    if (row === 0) lines.push(border('.', '.'))
    else if (row % 3 === 0) lines.push(border(':', '+'))
    const line = Array.from({ length: 9 }, (_, col) => `${col % 3 === 0 ? '| ' : ' '}${cells[cellAt(row, col)].padEnd(widths[col] - 1)}`)
    lines.push(`${line.join('')}|`)
  }
  lines.push(border("'", "'"))
  return `${lines.join('\n')}\n`
}
