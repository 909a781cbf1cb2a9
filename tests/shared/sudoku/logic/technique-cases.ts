/**
 * The project's own technique cases (tests/fixtures/technique-cases.txt, written by
 * scripts/make-technique-cases.ts): real solving states in which one technique is the first step
 * that applies, each with its puzzle so every step can be checked against the unique solution.
 */
import { readFileSync } from 'node:fs'
import type { Candidates, Grid } from '../../../../src/shared/sudoku/board'
import { parseCandidates } from '../../../../src/shared/sudoku/candidates-format'
import { parsePuzzle } from '../../../../src/shared/sudoku/format'
import type { Technique } from '../../../../src/shared/sudoku/logic/step'
import { solve } from '../../../../src/shared/sudoku/solver'

export interface TechniqueCase {
  /** The technique that is the first step to apply in this state. */
  readonly technique: Technique
  /** Puzzle file and line it was reached from, for messages. */
  readonly source: string
  readonly givens: Grid
  /** The digits written in so far (givens included). */
  readonly written: Grid
  readonly cands: Candidates
  readonly solution: Grid
}

const FIXTURE = new URL('../../../fixtures/technique-cases.txt', import.meta.url)

export const techniqueCases: readonly TechniqueCase[] = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [technique, source, givens, written, cands] = line.split(' ')
    const puzzle = parsePuzzle(givens)
    return {
      technique: technique as Technique,
      source,
      givens: puzzle,
      written: parsePuzzle(written),
      cands: parseCandidates(cands),
      solution: solve(puzzle, { limit: 2 }).solution!,
    }
  })

export const casesOf = (technique: Technique): TechniqueCase[] => techniqueCases.filter((c) => c.technique === technique)
