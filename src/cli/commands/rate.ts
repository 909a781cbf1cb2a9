import { gridToDigits, parsePuzzle } from '../../shared/sudoku/format'
import { TECHNIQUE_LABELS } from '../../shared/sudoku/logic/techniques'
import { ratePuzzle } from '../../shared/sudoku/rating'
import { parseArgs } from '../args'
import { readPuzzleTexts } from '../puzzle-input'

export const summary = 'Rate difficulty: rate <81-char puzzle | file> [--json]'

/** Exit code 0 when every puzzle could be rated (exactly one solution), 1 otherwise. */
export async function run(args: string[]): Promise<number> {
  const { positionals, flags } = parseArgs(args)
  if (positionals.length === 0) {
    process.stderr.write(`Usage: sudoku-lens ${summary.slice(summary.indexOf('rate <'))}\n`)
    return 2
  }
  let allRated = true
  for (const arg of positionals) {
    for (const text of readPuzzleTexts(arg)) {
      let grid: Uint8Array
      try {
        grid = parsePuzzle(text)
      } catch (error) {
        allRated = false
        const message = (error as Error).message
        process.stdout.write(flags.has('json') ? `${JSON.stringify({ puzzle: text, status: 'invalid', message })}\n` : `invalid: ${message}\n`)
        continue
      }
      const rating = ratePuzzle(grid)
      allRated &&= rating.status === 'solved'
      if (flags.has('json')) {
        process.stdout.write(`${JSON.stringify({ puzzle: gridToDigits(grid), ...rating })}\n`)
      } else if (rating.status !== 'solved') {
        process.stdout.write(`${rating.status}: cannot rate a puzzle without exactly one solution\n`)
      } else {
        const used = rating.techniques.map((t) => `${TECHNIQUE_LABELS[t.technique]} x${t.count}`).join(', ')
        process.stdout.write(
          `${rating.level} (score ${rating.score}; hardest: ${TECHNIQUE_LABELS[rating.hardest!]}; ${rating.steps} steps: ${used})\n`,
        )
      }
    }
  }
  return allRated ? 0 : 1
}
