import { formatPuzzle, gridToDigits, parsePuzzle } from '../../shared/sudoku/format'
import { analyse } from '../../shared/sudoku/validate'
import { parseArgs, positiveInteger } from '../args'
import { readPuzzleTexts } from '../puzzle-input'

export const summary = 'Solve puzzles: solve <81-char puzzle | file> [--json] [--limit N]'

/** Exit code 0 when every puzzle has exactly one solution, 1 otherwise. */
export async function run(args: string[]): Promise<number> {
  const { positionals, flags, options } = parseArgs(args, ['limit'])
  const limit = positiveInteger(options.get('limit'), 'limit', 2)
  if (positionals.length === 0) {
    process.stderr.write(`Usage: sudoku-lens ${summary.slice(summary.indexOf('solve'))}\n`)
    return 2
  }
  let allUnique = true
  for (const arg of positionals) {
    for (const text of readPuzzleTexts(arg)) {
      const line = solveOne(text, limit, flags.has('json'))
      allUnique &&= line.unique
      process.stdout.write(`${line.text}\n`)
    }
  }
  return allUnique ? 0 : 1
}

function solveOne(text: string, limit: number, json: boolean): { text: string; unique: boolean } {
  let grid: Uint8Array
  try {
    grid = parsePuzzle(text)
  } catch (error) {
    const message = (error as Error).message
    const out = { puzzle: text, status: 'invalid', count: 0, solution: null, errors: [{ cells: [], message }], warnings: [] }
    return { text: json ? JSON.stringify(out) : `invalid: ${message}`, unique: false }
  }
  const analysis = analyse(grid, { limit })
  const unique = analysis.status === 'unique'
  if (!json) {
    const body = analysis.solution && unique ? formatPuzzle(analysis.solution, 'line') : analysis.summary
    return { text: `${analysis.status}: ${body}`, unique }
  }
  return {
    unique,
    text: JSON.stringify({
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
