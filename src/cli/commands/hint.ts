import { parseCandidates } from '../../shared/sudoku/candidates-format'
import { parsePuzzle } from '../../shared/sudoku/format'
import { HINT_LEVELS, type HintLevel, hint } from '../../shared/sudoku/hint'
import { UsageError, parseArgs } from '../args'
import { readPuzzleTexts } from '../puzzle-input'

export const summary =
  'A hint for the next step: hint <puzzle> [--level vague|concrete|full] [--entries <81 chars>] [--candidates <729 chars>] [--json]'

/** Exit code 0 for a step hint or a solved grid, 1 when the puzzle or the player's digits are wrong. */
export async function run(args: string[]): Promise<number> {
  const { positionals, flags, options } = parseArgs(args, ['level', 'entries', 'candidates'])
  if (positionals.length !== 1) {
    process.stderr.write(`Usage: sudoku-lens ${summary.slice(summary.indexOf('hint <'))}\n`)
    return 2
  }
  const level = (options.get('level') ?? 'vague') as HintLevel
  if (!HINT_LEVELS.includes(level)) throw new UsageError(`--level must be vague, concrete or full, not "${level}"`)
  const [text, ...more] = readPuzzleTexts(positionals[0])
  if (more.length) throw new UsageError('hint takes one puzzle; the file holds several')
  const givens = parsePuzzle(text)
  const entries = options.has('entries') ? parsePuzzle(options.get('entries')!) : undefined
  const candidates = options.has('candidates') ? parseCandidates(options.get('candidates')!) : undefined
  const result = hint({ givens, entries, candidates }, level)
  if (flags.has('json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else process.stdout.write(`${result.text}\n`)
  return result.kind === 'step' || result.kind === 'solved' ? 0 : 1
}
