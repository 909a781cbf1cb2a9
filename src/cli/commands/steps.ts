import { type Candidates, type Grid, candidatesOf } from '../../shared/sudoku/board'
import { parseCandidates } from '../../shared/sudoku/candidates-format'
import { parsePuzzle } from '../../shared/sudoku/format'
import { allSteps } from '../../shared/sudoku/logic/techniques'
import { UsageError, parseArgs } from '../args'

export const summary = 'Every step available now: steps --grid <81 chars> | --candidates <729 chars> [--json]'

export async function run(args: string[]): Promise<number> {
  const { options, flags } = parseArgs(args, ['grid', 'candidates'])
  let cands: Candidates
  let grid: Grid | undefined
  if (options.has('grid') === options.has('candidates')) {
    throw new UsageError('give exactly one of --grid <81 chars> or --candidates <729 chars>')
  }
  if (options.has('grid')) {
    grid = parsePuzzle(options.get('grid')!)
    cands = candidatesOf(grid)
  } else cands = parseCandidates(options.get('candidates')!)
  const steps = allSteps(cands, grid)
  if (flags.has('json')) {
    const out = steps.map(({ technique, placements, eliminations, text }) => ({ technique, placements, eliminations, text }))
    process.stdout.write(`${JSON.stringify(out)}\n`)
  } else if (steps.length === 0) {
    process.stdout.write('No step found.\n')
  } else {
    for (const step of steps) process.stdout.write(`${step.technique}: ${step.text}\n`)
  }
  return 0
}
