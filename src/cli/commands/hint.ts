import { detectFormat } from '../../shared/sudoku/formats'
import { HINT_LEVELS, hint } from '../../shared/sudoku/hint'
import type { PuzzleState } from '../../shared/sudoku/state'
import { InputError, UsageError, choiceOption, defineCommand, parseCommand } from '../args'
import { type PuzzleText, placeOf, puzzleTexts } from '../puzzle-input'
import { STATE_OPTIONS, combineState, optionText, stateFrom } from '../state-options'

export const spec = defineCommand({
  name: 'hint',
  usage:
    'hint <puzzle | state | file> | --grid <puzzle | state> [--level vague|concrete|full] [--entries <81 chars>] [--candidates <729 chars | PM grid>] [--json]',
  about: [
    'A hint for the next logical step of one puzzle (an argument, or a file holding one puzzle). The',
    'argument may also be a whole state: a HoDoKu library line (:0000:x:...), a SudokuWiki board',
    '(162 characters) or a pencil-mark grid. Digits or pencil marks of yours that contradict the',
    'solution are pointed out first. Exit code 0 for a step or a solved grid, 1 when the puzzle or',
    'your digits are wrong or cannot be read.',
  ].join('\n'),
  options: {
    level: { type: 'string', value: 'LEVEL', help: 'vague (the technique), concrete (and where) or full (the whole step); default vague' },
    ...STATE_OPTIONS,
    json: { type: 'boolean', help: 'the hint as JSON' },
  },
  positionals: { min: 0, max: 1, name: 'a puzzle or a file' },
})

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const { values } = parsed
  const level = choiceOption(values.level, 'level', HINT_LEVELS, 'vague')
  const [puzzle] = parsed.positionals
  if ((puzzle === undefined) === (values.grid === undefined)) {
    throw new UsageError(`give the puzzle, as an argument or as --grid (not both). Usage: sudoku-lens ${spec.usage}`)
  }
  const base = puzzle === undefined ? stateFrom('--grid', await optionText(values.grid!)) : await baseState(puzzle)
  const state = await combineState(base, values)
  const result = hint(state, level)
  process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${result.text}\n`)
  return result.kind === 'step' || result.kind === 'solved' ? 0 : 1
}

/** A whole state (typed or in a file) as it is; a puzzle the way every command reads one. */
async function baseState(arg: string): Promise<PuzzleState> {
  // A file too big to be one state is a list of puzzles: puzzleTexts says what is wrong with it.
  const text = await optionText(arg).catch(() => arg)
  if (detectFormat(text) !== 'digits') return stateFrom(text === arg ? 'the state' : arg, text)
  const entry = await onePuzzle(arg)
  if (entry.problem) throw new InputError(`${placeOf(entry)}: ${entry.problem}`)
  return stateFrom(placeOf(entry), entry.text)
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
