import { parseCandidates } from '../../shared/sudoku/candidates-format'
import { parsePuzzle } from '../../shared/sudoku/format'
import { HINT_LEVELS, hint } from '../../shared/sudoku/hint'
import { InputError, choiceOption, defineCommand, parseCommand } from '../args'
import { type PuzzleText, placeOf, puzzleTexts } from '../puzzle-input'

export const spec = defineCommand({
  name: 'hint',
  usage: 'hint <puzzle | file> [--level vague|concrete|full] [--entries <81 chars>] [--candidates <729 chars>] [--json]',
  about: [
    'A hint for the next logical step of one puzzle (an argument, or a file holding one puzzle).',
    'Digits or pencil marks of yours that contradict the solution are pointed out first. Exit code 0',
    'for a step or a solved grid, 1 when the puzzle or your digits are wrong or cannot be read.',
  ].join('\n'),
  options: {
    level: { type: 'string', value: 'LEVEL', help: 'vague (the technique), concrete (and where) or full (the whole step); default vague' },
    entries: { type: 'string', value: 'DIGITS', help: 'your digits so far, 81 characters' },
    candidates: { type: 'string', value: 'MARKS', help: 'your pencil marks, 729 characters (9 per cell, the digit or .)' },
    json: { type: 'boolean', help: 'the hint as JSON' },
  },
  positionals: { min: 1, max: 1, name: 'a puzzle or a file' },
})

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const { values } = parsed
  const level = choiceOption(values.level, 'level', HINT_LEVELS, 'vague')
  const givens = parseEntry(await onePuzzle(parsed.positionals[0]))
  const entries = values.entries === undefined ? undefined : readOption('--entries', () => parsePuzzle(values.entries!))
  const candidates = values.candidates === undefined ? undefined : readOption('--candidates', () => parseCandidates(values.candidates!))
  const result = hint({ givens, entries, candidates }, level)
  process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${result.text}\n`)
  return result.kind === 'step' || result.kind === 'solved' ? 0 : 1
}

/** The argument's one puzzle; a file with more than one is refused (hint answers one puzzle). */
async function onePuzzle(arg: string): Promise<PuzzleText> {
  let first: PuzzleText | undefined
  for await (const entry of puzzleTexts(arg)) {
    if (first) throw new InputError(`hint takes one puzzle, but ${placeOf(entry)} holds another; give that puzzle alone`)
    first = entry
  }
  return first!
}

function parseEntry(entry: PuzzleText): Uint8Array {
  const place = placeOf(entry)
  if (entry.problem) throw new InputError(`${place}: ${entry.problem}`)
  return readOption(place, () => parsePuzzle(entry.text))
}

/** A puzzle or candidates text that does not parse is a bad input (exit 1), named by where it was given. */
function readOption<T>(where: string, parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    throw new InputError(where ? `${where}: ${(error as Error).message}` : (error as Error).message)
  }
}
