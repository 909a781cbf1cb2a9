/**
 * Puzzle text in the forms people paste and save:
 * - one line of 81 characters, `.` or `0` empty (the benchmark-file style);
 * - 9 lines of 9 (the `.sudoku` file style), spaces and box separators (`|`, `-`, `+`) ignored;
 * - 9 comma-separated rows of 9 fields, blank fields empty.
 */
import { CELLS, type Grid } from './board'

export class PuzzleFormatError extends Error {
  override name = 'PuzzleFormatError'
}

export type PuzzleTextStyle = 'line' | 'lines' | 'csv'

const EMPTY_CHARS = new Set(['.', '0', '_', '*', '?', 'x', 'X'])

/** Reads a puzzle from any of the supported forms; throws PuzzleFormatError with a reason. */
export function parsePuzzle(text: string): Grid {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  if (lines.length === 0) throw new PuzzleFormatError('No puzzle found: the text is empty.')
  if (lines.some((line) => line.includes(','))) return parseCsv(lines)
  const chars = lines
    .join('')
    .replace(/[\s|+\-=]/g, '')
    .split('')
  if (chars.length !== CELLS) {
    throw new PuzzleFormatError(`A puzzle has 81 cells, but this text has ${chars.length}. Use digits 1-9 and . or 0 for empty cells.`)
  }
  return Uint8Array.from(chars, (ch, cell) => parseCellChar(ch, cell))
}

/** One cell's text: a single character (a CSV field such as "10" compares between "1" and "9" as a string). */
function parseCellChar(ch: string, cell: number): number {
  if (EMPTY_CHARS.has(ch)) return 0
  if (ch.length === 1 && ch >= '1' && ch <= '9') return Number(ch)
  throw new PuzzleFormatError(`Unexpected character "${ch}" for cell ${cell + 1}: use digits 1-9, or . or 0 for empty.`)
}

function parseCsv(lines: string[]): Grid {
  if (lines.length !== 9) throw new PuzzleFormatError(`A CSV puzzle has 9 rows, but this text has ${lines.length}.`)
  const grid = new Uint8Array(CELLS)
  lines.forEach((line, row) => {
    const fields = line.split(',').map((field) => field.trim())
    if (fields.length !== 9) {
      throw new PuzzleFormatError(`Row ${row + 1} has ${fields.length} fields; each CSV row needs 9.`)
    }
    fields.forEach((field, col) => {
      grid[row * 9 + col] = field === '' ? 0 : parseCellChar(field, row * 9 + col)
    })
  })
  return grid
}

/** Writes a grid in one of the supported forms (`line` uses `.` for empty cells). */
export function formatPuzzle(grid: Grid, style: PuzzleTextStyle = 'line'): string {
  const rowsOf = (empty: string, sep: string): string[] =>
    Array.from({ length: 9 }, (_, r) => Array.from(grid.subarray(r * 9, r * 9 + 9), (d) => (d ? String(d) : empty)).join(sep))
  switch (style) {
    case 'line':
      return rowsOf('.', '').join('')
    case 'lines':
      return `${rowsOf('.', '').join('\n')}\n`
    case 'csv':
      return `${rowsOf('', ',').join('\n')}\n`
  }
}

/** 81 characters with `0` for empty, the form the CLI's JSON uses. */
export function gridToDigits(grid: Grid): string {
  return Array.from(grid, String).join('')
}
