/**
 * The loop shared by the commands that take puzzles or puzzle files (solve, rate): every puzzle of
 * every argument in order; an argument that cannot be read at all (no such file, a directory, not a
 * puzzle) is one line on stderr and the other arguments are still answered.
 */
import type { Grid } from '../shared/sudoku/board'
import { parsePuzzle } from '../shared/sudoku/format'
import { InputError } from './args'
import { type LineWriter, oneLine } from './output'
import { type PuzzleText, placeOf, puzzleTexts } from './puzzle-input'

/** A puzzle of the loop, parsed, or the message saying why it is not one. */
export interface ParsedEntry {
  readonly grid: Grid | null
  /** Where it came from, for a JSON answer: the file and line, or nothing for a typed puzzle. */
  readonly from: { readonly file?: string; readonly line?: number }
  /** "puzzles.txt line 7", or "" for a puzzle typed as an argument. */
  readonly place: string
  /** Why it is not a puzzle (when `grid` is null). */
  readonly message: string
}

export function parseEntry(entry: PuzzleText): ParsedEntry {
  const from = entry.file ? { file: entry.file, line: entry.line } : {}
  const place = placeOf(entry)
  try {
    if (entry.problem) throw new Error(entry.problem)
    return { grid: parsePuzzle(entry.text), from, place, message: '' }
  } catch (error) {
    return { grid: null, from, place, message: (error as Error).message }
  }
}

/** The plain-text answer for an entry that is not a puzzle. */
export function invalidLine({ place, message }: ParsedEntry): string {
  return `invalid: ${oneLine(place ? `${place}: ${message}` : message)}`
}

/** Returns false when an argument could not be read. */
export async function forEachPuzzle(command: string, args: readonly string[], out: LineWriter, answer: (entry: PuzzleText) => Promise<void>): Promise<boolean> {
  let allRead = true
  for (const arg of args) {
    try {
      for await (const entry of puzzleTexts(arg)) await answer(entry)
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      allRead = false
      await out.flush()
      process.stderr.write(`sudoku-lens ${command}: ${oneLine(error.message)}\n`)
    }
  }
  return allRead
}
