import { allSteps } from '../../shared/sudoku/logic/techniques'
import { boardOf } from '../../shared/sudoku/state'
import { UsageError, defineCommand, parseCommand } from '../args'
import { STATE_OPTIONS, combineState, optionText, stateFrom } from '../state-options'

export const spec = defineCommand({
  name: 'steps',
  usage: 'steps [--grid <puzzle | state>] [--entries <81 chars>] [--candidates <729 chars | PM grid>] [--json]',
  about: [
    'Every logical step available in one state of a puzzle, easiest technique first. Give the givens',
    '(--grid), your digits (--entries) and your pencil marks (--candidates) in any combination; each',
    'also takes a file. --grid also takes a whole state: a HoDoKu library line (:0000:x:...), a',
    'SudokuWiki board (162 characters) or a pencil-mark grid. With the digits known, a solved cell is',
    'never mistaken for a cell with one candidate left. Exit code 0, or 1 when a part cannot be read.',
  ].join('\n'),
  options: {
    ...STATE_OPTIONS,
    json: { type: 'boolean', help: 'the steps as a JSON array of { technique, placements, eliminations, text }' },
  },
  positionals: { min: 0, max: 0, name: 'nothing' },
})

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const { values } = parsed
  if (values.grid === undefined && values.entries === undefined && values.candidates === undefined) {
    throw new UsageError(`give the state: --grid, --entries or --candidates, in any combination. Usage: sudoku-lens ${spec.usage}`)
  }
  const base = values.grid === undefined ? null : stateFrom('--grid', await optionText(values.grid))
  const state = await combineState(base, values)
  const { grid, candidates } = boardOf(state)
  const steps = allSteps(candidates, grid, undefined, { givens: state.givens })
  if (values.json) {
    const out = steps.map(({ technique, placements, eliminations, text }) => ({ technique, placements, eliminations, text }))
    process.stdout.write(`${JSON.stringify(out)}\n`)
  } else if (steps.length === 0) {
    process.stdout.write('No step found.\n')
  } else {
    for (const step of steps) process.stdout.write(`${step.technique}: ${step.text}\n`)
  }
  return 0
}
