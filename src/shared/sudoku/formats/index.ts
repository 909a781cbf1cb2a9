/**
 * The one "detect and parse" entry point for a pasted or typed state, used by the CLI and the app,
 * and the writers for "Copy state". Each format lives in its own file; this one only tells them
 * apart, by shapes no other format has:
 * - HoDoKu library line: starts with `:` and a 4-digit code;
 * - SudokuWiki packed board: 162 characters of 0-9 a-v (or a link with `bd=`);
 * - pencil-mark grid: several lines, some cell with two or more candidates;
 * - 729 characters of digits and dots: candidates, 9 per cell;
 * - anything else is read as a puzzle: 81 characters, 9 lines or CSV rows.
 */
import { CELLS } from '../board'
import type { PuzzleState } from '../state'
import { looksLikeHodokuLibrary, readHodokuLibrary, writeHodokuLibrary } from './hodoku-library'
import { readCandidates729, readDigits, writeCandidates729, writeDigits } from './plain'
import { looksLikePmGrid, readPmGrid, writePmGrid } from './pm-grid'
import { looksLikeSudokuWiki, readSudokuWiki, writeSudokuWiki } from './sudokuwiki'

export type StateFormat = 'hodoku-library' | 'sudokuwiki' | 'pm-grid' | 'candidates' | 'digits'

interface FormatEntry {
  readonly label: string
  readonly read: (text: string) => PuzzleState
  readonly write: (state: PuzzleState) => string
}

export const STATE_FORMATS: Readonly<Record<StateFormat, FormatEntry>> = {
  'hodoku-library': { label: 'HoDoKu library line', read: readHodokuLibrary, write: writeHodokuLibrary },
  sudokuwiki: { label: 'SudokuWiki board (162 characters)', read: readSudokuWiki, write: writeSudokuWiki },
  'pm-grid': { label: 'Pencil-mark grid', read: readPmGrid, write: writePmGrid },
  candidates: { label: 'Candidates (729 characters)', read: readCandidates729, write: writeCandidates729 },
  digits: { label: 'Digits (81 characters)', read: readDigits, write: writeDigits },
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
