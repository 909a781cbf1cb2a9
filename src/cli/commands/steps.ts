import { type Candidates, type Grid, candidatesOf } from '../../shared/sudoku/board'
import { parseCandidates } from '../../shared/sudoku/candidates-format'
import { parsePuzzle } from '../../shared/sudoku/format'
import { allSteps } from '../../shared/sudoku/logic/techniques'
import { InputError, UsageError, defineCommand, parseCommand } from '../args'

export const spec = defineCommand({
  name: 'steps',
  usage: 'steps --grid <81 chars> | --candidates <729 chars> [--json]',
  about: [
    'Every logical step available in one state of a puzzle, easiest technique first: from the digits',
    '(--grid) or from pencil marks (--candidates, 9 characters per cell: the digit or .).',
    'Exit code 0, or 1 when the grid or candidates cannot be read.',
  ].join('\n'),
  options: {
    grid: { type: 'string', value: 'DIGITS', help: 'the digits, 81 characters (. or 0 for empty)' },
    candidates: { type: 'string', value: 'MARKS', help: 'the pencil marks, 729 characters' },
    json: { type: 'boolean', help: 'the steps as a JSON array of { technique, placements, eliminations, text }' },
  },
  positionals: { min: 0, max: 0, name: 'nothing' },
})

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const { values } = parsed
  if ((values.grid === undefined) === (values.candidates === undefined)) {
    throw new UsageError(`give exactly one of --grid <81 chars> or --candidates <729 chars>. Usage: sudoku-lens ${spec.usage}`)
  }
  let cands: Candidates
  let grid: Grid | undefined
  try {
    if (values.grid !== undefined) {
      grid = parsePuzzle(values.grid)
      cands = candidatesOf(grid)
    } else cands = parseCandidates(values.candidates!)
  } catch (error) {
    throw new InputError(`${values.grid !== undefined ? '--grid' : '--candidates'}: ${(error as Error).message}`)
  }
  const steps = allSteps(cands, grid)
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
