/**
 * The one "detect and parse" entry point for a pasted or typed state, used by the CLI and the app,
 * and the writers for "Copy state". Each format lives in its own file; this one only tells them
 * apart, by shapes no other format has:
 * - HoDoKu library line: starts with `:` and a 4-digit code;
 * - SudokuWiki packed board: 162 characters of 0-9 a-v (or a link with `bd=`);
 * - pencil-mark grid: several lines, some cell with two or more candidates, or HoDoKu's borders;
 * - 729 characters of digits and dots: candidates, 9 per cell;
 * - anything else is read as a puzzle: 81 characters, 9 lines or CSV rows.
 *
 * Not every format carries a whole state; whatFormatDrops says in a sentence what a copy in one
 * would not give back when pasted.
 */
import { CELLS, type Cell, bitCount, cellName } from '../board'
import { joinAnd } from '../logic/common'
import { type PuzzleState, boardOf } from '../state'
import { looksLikeHodokuLibrary, readHodokuLibrary, writeHodokuLibrary } from './hodoku-library'
import { readCandidates729, readDigits, writeCandidates729, writeDigits } from './plain'
import { looksLikePmGrid, readPmGrid, writePmGrid } from './pm-grid'
import { looksLikeSudokuWiki, readSudokuWiki, writeSudokuWiki } from './sudokuwiki'

export type StateFormat = 'hodoku-library' | 'sudokuwiki' | 'pm-grid' | 'candidates' | 'digits'

interface FormatEntry {
  /** The format's name, as the copy menu lists it. */
  readonly label: string
  /** The name in a sentence: "Copied the board as ...". */
  readonly copyName: string
  readonly read: (text: string) => PuzzleState
  readonly write: (state: PuzzleState) => string
}

export const STATE_FORMATS: Readonly<Record<StateFormat, FormatEntry>> = {
  'hodoku-library': { label: 'HoDoKu library line', copyName: 'a HoDoKu library line', read: readHodokuLibrary, write: writeHodokuLibrary },
  sudokuwiki: {
    label: 'SudokuWiki board (162 characters)',
    copyName: 'a SudokuWiki board (162 characters)',
    read: readSudokuWiki,
    write: writeSudokuWiki,
  },
  'pm-grid': { label: 'Pencil-mark grid', copyName: 'a pencil-mark grid', read: readPmGrid, write: writePmGrid },
  candidates: { label: 'Candidates (729 characters)', copyName: 'candidates (729 characters)', read: readCandidates729, write: writeCandidates729 },
  digits: { label: 'Digits (81 characters)', copyName: 'digits (81 characters)', read: readDigits, write: writeDigits },
}

const CANDIDATES_729 = new RegExp(`^[0-9.]{${CELLS * 9}}$`)

/** The text's format; `fallback` when it has none of the distinctive shapes (for pencil marks, 'candidates'). */
export function detectFormat(text: string, fallback: StateFormat = 'digits'): StateFormat {
  if (looksLikeHodokuLibrary(text)) return 'hodoku-library'
  if (looksLikeSudokuWiki(text)) return 'sudokuwiki'
  if (looksLikePmGrid(text)) return 'pm-grid'
  if (CANDIDATES_729.test(text.replace(/\s+/g, ''))) return 'candidates'
  return fallback
}

/** The state a text holds, in whichever format it is; throws an Error with a one-line reason. */
export function readState(text: string, fallback: StateFormat = 'digits'): { state: PuzzleState; format: StateFormat } {
  const format = detectFormat(text, fallback)
  return { state: STATE_FORMATS[format].read(text), format }
}

export const writeState = (state: PuzzleState, format: StateFormat): string => STATE_FORMATS[format].write(state)

/**
 * What a copy of `state` in `format` would not give back when pasted, as one sentence ("Pasted
 * back, your 12 digits become givens and your pencil marks are left out."), or null when it gives
 * back the same givens, player's digits and candidates (compared as boardOf has them). Found by
 * reading the copy back, so it holds for whatever the readers do.
 */
export function whatFormatDrops(state: PuzzleState, format: StateFormat): string | null {
  let back: PuzzleState
  try {
    back = readState(writeState(state, format)).state
  } catch (error) {
    return `This copy cannot be pasted back here: ${(error as Error).message}`
  }
  const before = boardOf(state)
  const after = boardOf(back)
  const kinds = { entriesAsGivens: [] as Cell[], singlesAsDigits: [] as Cell[], digitsAsMarks: [] as Cell[], marks: [] as Cell[], other: [] as Cell[] }
  for (let cell = 0; cell < CELLS; cell++) {
    const [was, is] = [before.grid[cell], after.grid[cell]]
    if (was && is === was) {
      if (Boolean(state.givens[cell]) !== Boolean(back.givens[cell])) (state.givens[cell] ? kinds.other : kinds.entriesAsGivens).push(cell)
    } else if (!was && !is) {
      if (before.candidates[cell] !== after.candidates[cell]) kinds.marks.push(cell)
    } else if (!was) (bitCount(before.candidates[cell]) === 1 ? kinds.singlesAsDigits : kinds.other).push(cell)
    else (is ? kinds.other : kinds.digitsAsMarks).push(cell)
  }
  const entries = state.entries.filter((d, cell) => d && !state.givens[cell]).length
  const clauses = [
    kinds.entriesAsGivens.length &&
      (kinds.entriesAsGivens.length === entries && entries > 1
        ? `your ${entries} digits become givens`
        : `your ${plural(kinds.entriesAsGivens, 'digit')} in ${cellList(kinds.entriesAsGivens)} ${become(kinds.entriesAsGivens, 'a given', 'givens')}`),
    kinds.singlesAsDigits.length &&
      `the lone ${plural(kinds.singlesAsDigits, 'pencil mark')} in ${cellList(kinds.singlesAsDigits)} ${become(kinds.singlesAsDigits, 'a placed digit', 'placed digits')}`,
    kinds.digitsAsMarks.length &&
      `the ${plural(kinds.digitsAsMarks, 'digit')} in ${cellList(kinds.digitsAsMarks)} ${become(kinds.digitsAsMarks, 'a pencil mark', 'pencil marks')}`,
    kinds.marks.length && (back.candidates ? `the pencil marks in ${cellList(kinds.marks)} change` : 'your pencil marks are left out'),
    kinds.other.length && `${cellList(kinds.other)} ${kinds.other.length === 1 ? 'changes' : 'change'}`,
  ].filter((clause): clause is string => Boolean(clause))
  return clauses.length ? `Pasted back, ${joinAnd(clauses)}.` : null
}

const plural = (cells: readonly Cell[], noun: string): string => (cells.length === 1 ? noun : `${noun}s`)

const become = (cells: readonly Cell[], one: string, many: string): string => (cells.length === 1 ? `becomes ${one}` : `become ${many}`)

/** "r1c2", "r1c2 and r3c4", up to three names then "and 9 more". */
function cellList(cells: readonly Cell[]): string {
  const names = cells.slice(0, 3).map(cellName)
  if (cells.length > 3) names.push(`${cells.length - 3} more`)
  return joinAnd(names)
}
