/**
 * The state options `hint` and `steps` share: the givens, the player's digits and the pencil marks
 * in any combination, each in any format formats/index.ts reads (81 or 729 characters, a HoDoKu
 * library line, a pencil-mark grid, a SudokuWiki board), typed or in a file.
 *
 * Each option adds its part to the state so far: the base (a puzzle or a whole state), then the
 * digits of --entries as the player's, then the marks of --candidates for the cells still open.
 * A part that contradicts another is a bad input, named by its option and cell.
 */
import { readFile, stat } from 'node:fs/promises'
import { ALL_DIGITS_MASK, CELLS, cellName, digitBit } from '../shared/sudoku/board'
import { type StateFormat, readState } from '../shared/sudoku/formats'
import { type PuzzleState, boardOf, checkState, emptyState, filledGrid } from '../shared/sudoku/state'
import { InputError, type OptionSpecs } from './args'
import { shortText } from './output'

export const STATE_OPTIONS = {
  grid: {
    type: 'string',
    value: 'PUZZLE',
    help: 'the givens, 81 characters (. or 0 for empty), or a whole state: a HoDoKu library line, a SudokuWiki board, a pencil-mark grid (or a file)',
  },
  entries: {
    type: 'string',
    value: 'DIGITS',
    help: 'your digits so far: 81 characters (or a file); givens repeated there are fine',
  },
  candidates: {
    type: 'string',
    value: 'MARKS',
    help: 'your pencil marks: 729 characters (9 per cell, the digit or .), a pencil-mark grid or a SudokuWiki board (or a file)',
  },
} as const satisfies OptionSpecs

/** A state file is a few lines; anything bigger is not one. */
const MAX_STATE_FILE = 64 * 1024

/** The option's text: the file it names when it names one, else the value itself. */
export async function optionText(value: string): Promise<string> {
  if (value.length > 4096 || value.includes('\n') || value.includes('\0') || value === '') return value
  try {
    const s = await stat(value)
    if (!s.isFile()) return value
    if (s.size > MAX_STATE_FILE) throw new InputError(`${shortText(value, 200)} is too big for a puzzle state (over ${MAX_STATE_FILE / 1024} KiB)`)
    return await readFile(value, 'utf8')
  } catch (error) {
    if (error instanceof InputError) throw error
    return value
  }
}

/** The state a text holds, its errors named by `where` (an option or a file). */
export function stateFrom(where: string, text: string, fallback: StateFormat = 'digits'): PuzzleState {
  try {
    return checkState(readState(text, fallback).state)
  } catch (error) {
    throw new InputError(where ? `${where}: ${(error as Error).message}` : (error as Error).message)
  }
}

/** The player's digits from `text` added to `base`; a digit over a different given is refused. */
export function withEntries(base: PuzzleState, text: string): PuzzleState {
  const digits = filledGrid(stateFrom('--entries', text))
  const entries = Uint8Array.from(base.entries)
  for (let cell = 0; cell < CELLS; cell++) {
    const given = base.givens[cell]
    if (!digits[cell] || given === digits[cell]) continue
    if (given) throw new InputError(`--entries: ${cellName(cell)} is the given ${given}, not ${digits[cell]}`)
    entries[cell] = digits[cell]
  }
  return { ...base, entries }
}

/**
 * The marks of `text` for the cells `base` leaves open (a cell the text shows filled is an open
 * cell with that one candidate); a filled cell whose digit the text leaves out is refused.
 */
export function withCandidates(base: PuzzleState, text: string): PuzzleState {
  const marks = boardOf(stateFrom('--candidates', text, 'candidates')).candidates
  const grid = filledGrid(base)
  const candidates = new Uint16Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) {
    if (!grid[cell]) candidates[cell] = marks[cell] || ALL_DIGITS_MASK
    else if (!(marks[cell] & digitBit(grid[cell]))) {
      throw new InputError(`--candidates: ${cellName(cell)} holds ${grid[cell]}, but these candidates leave ${grid[cell]} out there`)
    }
  }
  return { ...base, candidates }
}

/**
 * The whole state: `base` (the puzzle, or null), then --entries and --candidates. Without a base
 * the candidates' own filled cells are the givens, the way a candidate grid alone is read.
 */
export async function combineState(base: PuzzleState | null, values: { entries?: string; candidates?: string }): Promise<PuzzleState> {
  const candidates = values.candidates === undefined ? undefined : await optionText(values.candidates)
  let state = base ?? (candidates === undefined ? emptyState() : stateFrom('--candidates', candidates, 'candidates'))
  if (values.entries !== undefined) state = withEntries(state, await optionText(values.entries))
  if (candidates !== undefined && base) state = withCandidates(state, candidates)
  return state
}
