/**
 * Logical solving and rating, per puzzle: how long they take, how many puzzles logic alone
 * finishes (the rest need at least one brute-force step), and how the ratings spread.
 * Files: the Sudoku Exchange easy / medium / hard banks (public domain) and magictour's top1465.
 *
 *   npm run bench:logic [-- --count N]   (at most N puzzles per file, spread through it; default all)
 *
 * Prints a Markdown table for bench/README.md's "Logic" section.
 */
import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { parsePuzzle } from '../src/shared/sudoku/format'
import { logicalSolve } from '../src/shared/sudoku/logical-solve'
import { type DifficultyLevel, DIFFICULTY_LEVELS, rateSteps } from '../src/shared/sudoku/rating'
import { solve } from '../src/shared/sudoku/solver'

const PUZZLES = new URL('../../shared/data/puzzles/', import.meta.url)
const FILES = [
  'easy_puzzle_and_solution.txt',
  'medium_puzzle_and_solution.txt',
  'hard_puzzle_and_solution.txt',
  'puzzles3_magictour_top1465',
]

const countArg = process.argv.indexOf('--count')
const limit = countArg > 0 ? Number(process.argv[countArg + 1]) : Infinity

function readPuzzles(file: string): Uint8Array[] {
  const lines = readFileSync(new URL(file, PUZZLES), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 81 && !l.startsWith('#'))
  const n = Math.min(limit, lines.length)
  return Array.from({ length: n }, (_, i) => parsePuzzle(lines[Math.floor((i * lines.length) / n)].slice(0, 81)))
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const ms = (x: number): string => x.toFixed(1)

console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString().slice(0, 10)}\n`)
console.log('| file | puzzles | logic only | needed brute force (steps) | solve median / p90 / max ms | rate median ms | levels (easy/medium/hard/expert/extreme) |')
console.log('|---|---|---|---|---|---|---|')
for (const file of FILES) {
  const puzzles = readPuzzles(file)
  const solveTimes: number[] = []
  const rateTimes: number[] = []
  const levels = new Map<DifficultyLevel, number>()
  let bruteForcePuzzles = 0
  let bruteForceSteps = 0
  for (const grid of puzzles) {
    // The solution search is the same for both and timed by bench:solver, so it is left out here.
    const solution = solve(grid, { limit: 2 }).solution!
    let t0 = performance.now()
    const result = logicalSolve(grid, { solution })
    solveTimes.push(performance.now() - t0)
    if (result.status !== 'solved') throw new Error(`not solved: ${Array.from(grid).join('')}`)
    if (result.bruteForceSteps) bruteForcePuzzles++
    bruteForceSteps += result.bruteForceSteps
    t0 = performance.now()
    const rating = rateSteps(logicalSolve(grid, { solution }).steps)
    rateTimes.push(performance.now() - t0)
    levels.set(rating.level!, (levels.get(rating.level!) ?? 0) + 1)
  }
  const s = [...solveTimes].sort((a, b) => a - b)
  const r = [...rateTimes].sort((a, b) => a - b)
  const name = file.replace('_puzzle_and_solution.txt', '').replace('puzzles3_magictour_', '')
  console.log(
    `| ${name} | ${puzzles.length} | ${puzzles.length - bruteForcePuzzles} | ${bruteForcePuzzles} (${bruteForceSteps}) | ` +
      `${ms(quantile(s, 0.5))} / ${ms(quantile(s, 0.9))} / ${ms(s[s.length - 1])} | ${ms(quantile(r, 0.5))} | ` +
      `${DIFFICULTY_LEVELS.map((l) => levels.get(l) ?? 0).join(' / ')} |`,
  )
}
