import { formatPuzzle, gridToDigits } from '../../shared/sudoku/format'
import { analyse } from '../../shared/sudoku/validate'
import { defineCommand, integerOption, parseCommand } from '../args'
import { forEachPuzzle, invalidLine, parseEntry } from '../each-puzzle'
import { LineWriter } from '../output'
import type { PuzzleText } from '../puzzle-input'

/**
 * Counting 100 000 solutions of an empty grid takes about 0.1 s; a limit far above that only
 * makes a near-empty puzzle run for minutes.
 */
const MAX_LIMIT = 100_000

export const spec = defineCommand({
  name: 'solve',
  usage: 'solve <puzzle | file>... [--json] [--limit N]',
  about: [
    'Solves each puzzle: one typed as an argument (81 characters, . or 0 for empty), each line of a',
    'list file, or a file holding one puzzle as 9 lines or CSV rows. Prints one line per puzzle, in',
    'order; a line that is not a puzzle is answered "invalid" with its line number, and the lines',
    'after it are still solved. Exit code 0 when every puzzle has exactly one solution, else 1.',
  ].join('\n'),
  options: {
    json: { type: 'boolean', help: 'one JSON object per puzzle: puzzle, status (unique|multiple|none|invalid), solution, errors; file and line for a file' },
    limit: { type: 'string', value: 'N', help: `count solutions up to N (default 2, at most ${MAX_LIMIT})` },
  },
  positionals: { min: 1, max: Infinity, name: 'a puzzle or a file' },
})

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const limit = integerOption(parsed.values.limit, 'limit', 2, 1, MAX_LIMIT)
  const json = parsed.values.json ?? false
  const out = new LineWriter()
  let allUnique = true
  const allRead = await forEachPuzzle(spec.name, parsed.positionals, out, async (entry) => {
    const { text, unique } = solveOne(entry, limit, json)
    allUnique &&= unique
    await out.line(text)
  })
  await out.flush()
  return allUnique && allRead ? 0 : 1
}

function solveOne(entry: PuzzleText, limit: number, json: boolean): { text: string; unique: boolean } {
  const parsed = parseEntry(entry)
  const { grid, from, place, message } = parsed
  if (!grid) {
    const out = {
      ...from,
      puzzle: entry.text,
      status: 'invalid',
      count: 0,
      solution: null,
      solutions: [],
      errors: [{ cells: [], message }],
      warnings: [],
      message,
    }
    return { text: json ? JSON.stringify(out) : invalidLine(parsed), unique: false }
  }
  const analysis = analyse(grid, { limit })
  const unique = analysis.status === 'unique'
  if (!json) {
    const body = analysis.solution && unique ? formatPuzzle(analysis.solution, 'line') : place ? `${place}: ${analysis.summary}` : analysis.summary
    return { text: `${analysis.status}: ${body}`, unique }
  }
  return {
    unique,
    text: JSON.stringify({
      ...from,
      puzzle: gridToDigits(grid),
      status: analysis.status,
      count: analysis.count,
      solution: analysis.solution ? gridToDigits(analysis.solution) : null,
      solutions: analysis.solutions.map(gridToDigits),
      errors: analysis.errors,
      warnings: analysis.warnings,
      message: analysis.summary,
    }),
  }
}
