/**
 * Turns a CLI argument into puzzle texts, unparsed, so each one reports its own error:
 * - a puzzle typed on the command line (81 characters, or 9 lines / CSV in one argument);
 * - a list file, one puzzle per line (benchmark files, `puzzle:count:solution`, `puzzle solution`),
 *   read line by line in bounded memory: a bad line is an entry like any other, named by its line
 *   number, and the good lines around it are still answered;
 * - a file holding one puzzle as 9 lines or CSV rows (at most MAX_GRID_LINES lines, each no longer
 *   than a grid row).
 * Blank lines and `#` comments are skipped. An argument that is neither a puzzle nor a readable
 * file is an InputError.
 */
import { stat } from 'node:fs/promises'
import { InputError } from './args'
import { shortText } from './output'
import { readLines, type TextLine } from './read-lines'

export interface PuzzleText {
  /** The puzzle's text as written (one line of a list, or a whole 9-line / CSV grid). */
  readonly text: string
  /** Where it came from, when from a file: the file and its (first) line. */
  readonly file?: string
  readonly line?: number
  /** The last line of a puzzle written over several lines (a 9-line or CSV grid). */
  readonly lastLine?: number
  /** Why this entry is not a puzzle before it is even parsed (a line too long to keep). */
  readonly problem?: string
}

/**
 * The longest line kept: a `puzzle:count:solution` line is under 200 characters; the margin is
 * for notes after the puzzle. Anything longer is reported, not held in memory.
 */
export const MAX_LINE = 4096
/** A grid file has 9 rows, maybe box separator lines and comments; more than this is a list. */
export const MAX_GRID_LINES = 30
/**
 * A grid row has 9 cells once spaces and `|+-=` are removed; rows of up to 20 are still taken as a
 * grid so a 16x16 or 12x12 grid fails as one puzzle of the wrong size rather than line by line.
 */
const MAX_ROW_CELLS = 20

/** "puzzles.txt line 7", "grid.sudoku lines 2-12", or "" for a puzzle typed as an argument. */
export function placeOf(entry: PuzzleText): string {
  if (!entry.file) return ''
  if (entry.lastLine !== undefined && entry.lastLine !== entry.line) return `${entry.file} lines ${entry.line}-${entry.lastLine}`
  return `${entry.file} line ${entry.line}`
}

/** Only characters that puzzle text may hold: such an argument that fails to parse is a wrong puzzle, not a wrong file name. */
const PUZZLE_CHARS = /^[0-9.\s,|+=_*?xX-]+$/

export async function* puzzleTexts(arg: string): AsyncGenerator<PuzzleText> {
  const kind = await pathKind(arg)
  if (kind === 'file') {
    yield* fileEntries(arg)
    return
  }
  if (kind === 'directory') throw new InputError(`${shortText(arg, 200)} is a directory, not a puzzle file`)
  if (PUZZLE_CHARS.test(arg)) {
    yield { text: arg }
    return
  }
  throw new InputError(`${shortText(arg)} is neither an 81-character puzzle nor a file`)
}

async function pathKind(arg: string): Promise<'file' | 'directory' | 'none'> {
  // An 81-character puzzle is never taken for a file name; a megabyte-long argument is not asked about.
  if (/^[0-9.]{81}$/.test(arg.trim()) || arg.length > 4096 || arg.includes('\0') || arg === '') return 'none'
  try {
    const s = await stat(arg)
    return s.isDirectory() ? 'directory' : 'file'
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return 'none'
    throw new InputError(`cannot read ${shortText(arg, 200)}: ${(error as Error).message}`)
  }
}

const rowLike = (text: string): boolean => text.includes(',') || text.replace(/[\s|+=-]/g, '').length <= MAX_ROW_CELLS

/** A list line's puzzle: its first field when that is 81 characters (`puzzle:count:solution`), else the whole line. */
function listEntry(file: string, line: TextLine): PuzzleText {
  const text = line.text.trim()
  if (line.tooLong) return { text: `${text.slice(0, 100)}…`, file, line: line.number, problem: `the line is longer than ${MAX_LINE} characters` }
  const field = text.split(/[:\s]/, 1)[0]
  return { text: field.length === 81 ? field : text, file, line: line.number }
}

/**
 * A file's entries. Lines are held back only while the file may still be one grid (at most
 * MAX_GRID_LINES short lines); the first line that cannot be a grid row makes it a list.
 */
async function* fileEntries(file: string): AsyncGenerator<PuzzleText> {
  let held: TextLine[] | null = []
  try {
    for await (const line of readLines(file, MAX_LINE)) {
      const text = line.text.trim()
      if (text.startsWith('#') || (text === '' && !line.tooLong)) continue
      if (held === null) {
        yield listEntry(file, line)
        continue
      }
      held.push(line)
      if (line.tooLong || !rowLike(text) || held.length > MAX_GRID_LINES) {
        for (const h of held) yield listEntry(file, h)
        held = null
      }
    }
  } catch (error) {
    if (error instanceof InputError) throw error
    throw new InputError(`cannot read ${shortText(file, 200)}: ${(error as Error).message}`)
  }
  if (held === null) return
  if (held.length === 0) throw new InputError(`${shortText(file, 200)} holds no puzzle (it is empty or only comments)`)
  yield { text: held.map((l) => l.text.trim()).join('\n'), file, line: held[0].number, lastLine: held.at(-1)!.number }
}
