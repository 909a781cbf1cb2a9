/**
 * HoDoKu's library line, as its "Copy library format" writes it (Sudoku2.getSudoku with
 * ClipboardMode.LIBRARY) and its RegressionTester reads it:
 *
 *   :0000:x:6..+9+5..7...+9.2...:417 427::
 *
 * Fields after the leading colon: the technique code (0000 when the line holds no step), the
 * step's digits (x for none), the 81 cells (a digit is a given, `+digit` the player's, `.` or `0`
 * empty), the candidates the player deleted beyond what the digits rule out, then the step's
 * eliminations and a comment. A candidate is written digit-row-column: `417` is 4 in r1c7.
 */
import { CELLS, candidatesOf, cellAt, cellName, digitBit } from '../board'
import { type PuzzleState, filledGrid } from '../state'

export class HodokuLibraryError extends Error {
  override name = 'HodokuLibraryError'
}

/** A library line starts with a colon and a technique code of digits. */
export const looksLikeHodokuLibrary = (text: string): boolean => /^:\d{4}/.test(text.trim())

export function readHodokuLibrary(text: string): PuzzleState {
  const fields = text.trim().split(':')
  if (fields.length < 5 || fields[0] !== '') {
    throw new HodokuLibraryError('A HoDoKu library line is ":code:digits:puzzle:deleted candidates:..."; this one has too few fields.')
  }
  const { givens, entries } = readCells(fields[3])
  const deleted = fields[4].trim().split(/\s+/).filter(Boolean)
  // Nothing deleted: HoDoKu's automatic candidates, which the digits alone give.
  if (deleted.length === 0) return { givens, entries, candidates: null }
  const candidates = candidatesOf(Uint8Array.from(givens, (g, cell) => g || entries[cell]))
  for (const triple of deleted) {
    if (!/^[1-9]{3}$/.test(triple)) {
      throw new HodokuLibraryError(`Deleted candidate "${triple.slice(0, 20)}": expected digit, row and column, such as 417 for 4 in r1c7.`)
    }
    const cell = cellAt(Number(triple[1]) - 1, Number(triple[2]) - 1)
    if (givens[cell] || entries[cell]) throw new HodokuLibraryError(`Deleted candidate ${triple}: ${cellName(cell)} is already filled.`)
    candidates[cell] &= ~digitBit(Number(triple[0]))
  }
  for (let cell = 0; cell < CELLS; cell++) if (givens[cell] || entries[cell]) candidates[cell] = 0
  return { givens, entries, candidates }
}

function readCells(field: string): { givens: Uint8Array; entries: Uint8Array } {
  const givens = new Uint8Array(CELLS)
  const entries = new Uint8Array(CELLS)
  const tokens = field.trim().match(/\+?./g) ?? []
  if (tokens.length !== CELLS) throw new HodokuLibraryError(`The puzzle field has ${tokens.length} cells; a library line needs 81.`)
  tokens.forEach((token, cell) => {
    if (token === '.' || token === '0') return
    if (!/^\+?[1-9]$/.test(token)) {
      throw new HodokuLibraryError(`The puzzle field, ${cellName(cell)}: expected a digit, +digit, . or 0, found "${token}".`)
    }
    ;(token[0] === '+' ? entries : givens)[cell] = Number(token.at(-1))
  })
  return { givens, entries }
}

export function writeHodokuLibrary(state: PuzzleState): string {
  const grid = filledGrid(state)
  const allowed = candidatesOf(grid)
  let cells = ''
  const deleted: string[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    if (state.givens[cell]) cells += state.givens[cell]
    else if (state.entries[cell]) cells += `+${state.entries[cell]}`
    else cells += '.'
    if (grid[cell] || !state.candidates) continue
    for (let d = 1; d <= 9; d++) {
      if (allowed[cell] & digitBit(d) && !(state.candidates[cell] & digitBit(d))) deleted.push(`${d}${Math.floor(cell / 9) + 1}${(cell % 9) + 1}`)
    }
  }
  return `:0000:x:${cells}:${deleted.join(' ')}::`
}
