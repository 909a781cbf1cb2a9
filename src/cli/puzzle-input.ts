/**
 * Turns a CLI argument into puzzles: an 81-character puzzle, or a file with one puzzle per line
 * (benchmark files, `puzzle:count:solution`, `puzzle solution`) or one puzzle in 9 lines / CSV.
 */
import { existsSync, readFileSync } from 'node:fs'
import { parsePuzzle } from '../shared/sudoku/format'

/** Each entry is one puzzle's text, unparsed, so one bad line reports its own error. */
export function readPuzzleTexts(arg: string): string[] {
  if (/^[0-9.]{81}$/.test(arg.trim())) return [arg.trim()]
  if (!existsSync(arg)) throw new Error(`"${arg}" is neither an 81-character puzzle nor a file`)
  const lines = readFileSync(arg, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const firstFields = lines.map((line) => line.split(/[:\s]/)[0])
  if (firstFields.length > 0 && firstFields.every((field) => /^[0-9.]{81}$/.test(field))) return firstFields
  parsePuzzle(lines.join('\n'))
  return [lines.join('\n')]
}
