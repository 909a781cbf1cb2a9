import { counted } from '../../shared/counted'
import { gridToDigits } from '../../shared/sudoku/format'
import { TECHNIQUE_LABELS } from '../../shared/sudoku/logic/techniques'
import { ratePuzzle } from '../../shared/sudoku/rating'
import { defineCommand, parseCommand } from '../args'
import { forEachPuzzle, invalidLine, parseEntry } from '../each-puzzle'
import { LineWriter } from '../output'

export const spec = defineCommand({
  name: 'rate',
  usage: 'rate <puzzle | file>... [--json]',
  about: [
    'Rates each puzzle (argument, list file line, or 9-line / CSV file) by the hardest technique a',
    'person needs: easy, medium, hard, expert or extreme, with a score and the techniques used. One',
    'line per puzzle, in order; a line that is not a puzzle is answered "invalid" with its line',
    'number. Exit code 0 when every puzzle could be rated (exactly one solution), else 1.',
  ].join('\n'),
  options: {
    json: { type: 'boolean', help: 'one JSON object per puzzle: puzzle, status, level, score, hardest, techniques; file and line for a file' },
  },
  positionals: { min: 1, max: Infinity, name: 'a puzzle or a file' },
})

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const json = parsed.values.json ?? false
  const out = new LineWriter()
  let allRated = true
  const allRead = await forEachPuzzle(spec.name, parsed.positionals, out, async (entry) => {
    const parsedEntry = parseEntry(entry)
    const { grid, from, place, message } = parsedEntry
    if (!grid) {
      allRated = false
      await out.line(json ? JSON.stringify({ ...from, puzzle: entry.text, status: 'invalid', message }) : invalidLine(parsedEntry))
      return
    }
    const rating = ratePuzzle(grid)
    allRated &&= rating.status === 'solved'
    if (json) {
      await out.line(JSON.stringify({ ...from, puzzle: gridToDigits(grid), ...rating }))
    } else if (rating.status !== 'solved') {
      await out.line(`${rating.status}: ${place ? `${place}: ` : ''}cannot rate a puzzle without exactly one solution`)
    } else {
      const used = rating.techniques.map((t) => `${TECHNIQUE_LABELS[t.technique]} x${t.count}`).join(', ')
      await out.line(
        `${rating.level} (score ${rating.score}; Sudoku Explainer ${rating.explainer.toFixed(1)}; hardest: ${TECHNIQUE_LABELS[rating.hardest!]}; ${counted(rating.steps, 'step')}: ${used})`,
      )
    }
  })
  await out.flush()
  return allRated && allRead ? 0 : 1
}
