/**
 * Writes tests/fixtures/technique-cases.txt: for every technique the hint engine knows, a few real
 * solving states in which that technique is the FIRST step that applies (nothing easier does).
 * The technique tests check the engine on them against each puzzle's unique solution and against
 * slow reference finders of their own, so the cases belong to this project rather than being
 * copied from another program's test data.
 *
 * The states come from walking puzzles with the engine's own easiest-step order: first the
 * Sudoku Exchange bank (public domain), then, for the techniques those puzzles never need, the
 * magictour top1465 list, the forum's hardest list and the 17-clue collection (puzzle grids,
 * credited in THIRD-PARTY.md).
 *
 * Run: npx tsx scripts/make-technique-cases.ts   (reads the puzzle files of datasets/paths.ts; SUDOKU_LENS_DATA overrides)
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { candidatesOf } from '../src/shared/sudoku/board'
import { formatCandidates } from '../src/shared/sudoku/candidates-format'
import { applyStep } from '../src/shared/sudoku/logic/apply'
import type { Technique } from '../src/shared/sudoku/logic/step'
import { TECHNIQUE_ORDER, easiestStep, techniqueRank, techniques } from '../src/shared/sudoku/logic/techniques'
import { solve } from '../src/shared/sudoku/solver'
import { readPuzzles } from '../datasets/puzzles'

/** Enough cases per technique for variety (rows and columns, several digits) while the tests stay quick. */
const CASES_PER_TECHNIQUE = 6
/** Puzzles walked from each list at most: the lists after the first only fill what is missing. */
const SOURCES = [
  { file: 'easy_puzzle_and_solution.txt', walk: 500 },
  { file: 'medium_puzzle_and_solution.txt', walk: 500 },
  { file: 'hard_puzzle_and_solution.txt', walk: 500 },
  { file: 'puzzles3_magictour_top1465', walk: 1465 },
  { file: 'puzzles6_forum_hardest_1106', walk: 375 },
  { file: 'puzzles2_17_clue', walk: 10000 },
]
/** Each step writes a digit or removes a candidate, so 810 steps is more than any walk takes (as in logical-solve.ts). */
const STEPS_PER_PUZZLE = 810

const OUT = join(import.meta.dirname, '../tests/fixtures/technique-cases.txt')
const wanted = TECHNIQUE_ORDER.filter((t) => t !== 'brute-force')
const cases = new Map<Technique, string[]>(wanted.map((t) => [t, []]))
const missing = (t: Technique): boolean => (cases.get(t)?.length ?? 0) < CASES_PER_TECHNIQUE
const digits = (grid: Uint8Array): string => Array.from(grid, (d) => (d ? String(d) : '.')).join('')

for (const { file, walk } of SOURCES) {
  if (!wanted.some(missing)) break
  for (const { line, puzzle } of readPuzzles(file).slice(0, walk)) {
    if (!wanted.some(missing)) break
    if (solve(puzzle, { limit: 2 }).count !== 1) continue
    // Only the finders up to the hardest technique still missing: a state needing more is no use,
    // and the forcing finders, slow on hard states, stop running once they have their cases.
    const hardest = Math.max(...wanted.filter(missing).map(techniqueRank))
    const entries = techniques.filter((e) => techniqueRank(e.technique) <= hardest)
    let cands = candidatesOf(puzzle)
    const written = Uint8Array.from(puzzle)
    // One case per technique per puzzle, so the cases spread over many puzzles.
    const taken = new Set<Technique>()
    for (let n = 0; n < STEPS_PER_PUZZLE && written.includes(0); n++) {
      const step = easiestStep(cands, written, entries, { givens: puzzle })
      if (!step || techniqueRank(step.technique) > hardest) break
      if (!taken.has(step.technique) && missing(step.technique)) {
        taken.add(step.technique)
        console.log(`${step.technique} from ${file}:${line}`)
        cases.get(step.technique)!.push(`${step.technique} ${file}:${line} ${digits(puzzle)} ${digits(written)} ${formatCandidates(cands)}`)
      }
      cands = applyStep(cands, step)
      for (const { cell, digit } of step.placements) written[cell] = digit
    }
  }
}

const header = `# Solving states in which one technique is the first step that applies (nothing easier does),
# written by scripts/make-technique-cases.ts; do not edit by hand, run the script again.
# Each line: <technique> <source file>:<line> <puzzle> <digits written> <candidates (9 per cell)>
# The states are this project's own, reached by its engine from these puzzle grids:
# - easy/medium/hard_puzzle_and_solution.txt: the Sudoku Exchange puzzle bank, public domain;
# - puzzles3_magictour_top1465: G. Stertenbrink's top1465 list (magictour.free.fr);
# - puzzles6_forum_hardest_1106: the hardest list of forum.enjoysudoku.com (2011);
# - puzzles2_17_clue: G. Royle's collection of 17-clue puzzles (with later additions from the same forum).
`
const lines = wanted.flatMap((t) => cases.get(t)!)
writeFileSync(OUT, `${header}${lines.join('\n')}\n`)
for (const t of wanted) console.log(`${t}: ${cases.get(t)!.length}`)
