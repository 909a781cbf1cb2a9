/**
 * Logical solving and rating, per puzzle: how long the solve takes, how many puzzles logic alone
 * finishes (no brute-force step), and how the ratings spread, as levels and on Sudoku Explainer's
 * scale. Files: the Sudoku Exchange easy / medium / hard banks (public domain), magictour's
 * top1465, and a fixed-seed sample of 300 from the forum's hardest 1905 (SE 11+).
 *
 *   npm run bench:logic [-- --count N] [-- --workers W]
 *
 * --count: at most N puzzles per file, spread through it (default all; for the forum file, the first
 * N of the seeded sample).
 * --workers: puzzles shared out to W processes (default 1); times are per puzzle either way, but
 * only trust them when W is at most the number of idle cores.
 * --quick: one puzzle of each file.
 * Writes its section of bench/README.md ("Logic") when run over every puzzle (no --count).
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { PUZZLES_DIR } from '../datasets/paths'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { parsePuzzle } from '../src/shared/sudoku/format'
import { logicalSolve } from '../src/shared/sudoku/logical-solve'
import { type DifficultyLevel, DIFFICULTY_LEVELS, rateSteps } from '../src/shared/sudoku/rating'
import { solve } from '../src/shared/sudoku/solver'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

// Where the puzzle files are: datasets/paths.ts (SUDOKU_LENS_DATA points elsewhere).
const PUZZLES = pathToFileURL(`${PUZZLES_DIR}/`)
const FILES = [
  'easy_puzzle_and_solution.txt',
  'medium_puzzle_and_solution.txt',
  'hard_puzzle_and_solution.txt',
  'puzzles3_magictour_top1465',
  'puzzles5_forum_hardest_1905_11+',
]
/** The forum file has 48,766 puzzles; the issue asks for a 300-puzzle sample drawn with a fixed seed. */
const FORUM_SAMPLE = 300
const FORUM_SEED = 1905

const option = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const limit = option('--count', QUICK ? 1 : Infinity)
const workers = option('--workers', 1)
const shardArg = process.argv.indexOf('--shard') // --shard k/n: a child process's share, as JSON lines
const shard = shardArg > 0 ? process.argv[shardArg + 1].split('/').map(Number) : null

interface Record {
  readonly file: string
  readonly logicOnly: boolean
  readonly bruteForceSteps: number
  readonly forcingSteps: number
  readonly ms: number
  readonly level: DifficultyLevel
  readonly explainer: number
}

/** A small seeded generator (LCG), so the forum sample is the same on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 2 ** 32)
}

function readPuzzles(file: string): string[] {
  const lines = readFileSync(new URL(file, PUZZLES), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 81 && !l.startsWith('#'))
    .map((l) => l.slice(0, 81))
  if (file.startsWith('puzzles5_')) {
    const random = seeded(FORUM_SEED)
    const picked = new Set<number>()
    while (picked.size < FORUM_SAMPLE) picked.add(Math.floor(random() * lines.length))
    return [...picked]
      .slice(0, limit)
      .sort((a, b) => a - b)
      .map((i) => lines[i])
  }
  const n = Math.min(limit, lines.length)
  return Array.from({ length: n }, (_, i) => lines[Math.floor((i * lines.length) / n)])
}

function measure(file: string, text: string): Record {
  const grid = parsePuzzle(text)
  // The solution search is timed by bench:solver, so it is left out here.
  const solution = solve(grid, { limit: 2 }).solution!
  const t0 = performance.now()
  const result = logicalSolve(grid, { solution })
  const ms = performance.now() - t0
  if (result.status !== 'solved') throw new Error(`not solved: ${text}`)
  const rating = rateSteps(result.steps)
  return {
    file,
    logicOnly: result.bruteForceSteps === 0,
    bruteForceSteps: result.bruteForceSteps,
    forcingSteps: result.steps.filter((s) => s.technique === 'forcing-chain' || s.technique === 'forcing-net').length,
    ms,
    level: rating.level!,
    explainer: rating.explainer,
  }
}

const jobs = FILES.flatMap((file) => readPuzzles(file).map((text) => ({ file, text })))

async function inChildren(n: number): Promise<Record[]> {
  const run = promisify(execFile)
  const self = fileURLToPath(import.meta.url)
  const args = process.argv.slice(2).filter((a, i, all) => a !== '--workers' && all[i - 1] !== '--workers')
  const outputs = await Promise.all(
    Array.from({ length: n }, (_, k) => run(process.execPath, [...process.execArgv, self, ...args, '--shard', `${k}/${n}`], { maxBuffer: 1 << 28 })),
  )
  return outputs.flatMap(({ stdout }) =>
    stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record),
  )
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const ms = (x: number): string => x.toFixed(0)

/** Sudoku Explainer bands for the distribution column. */
const BANDS = [
  [0, 2.0],
  [2.0, 4.0],
  [4.0, 6.0],
  [6.0, 7.0],
  [7.0, 8.5],
  [8.5, 9.5],
  [9.5, 99],
] as const

/** The two tables of the README's section: counts and times per file, then the Sudoku Explainer bands. */
function report(records: Record[]): string[] {
  const lines = [
    '| file | puzzles | finished by logic alone | needed brute force (steps) | puzzles with forcing steps (steps) | solve median / p90 / max ms | levels easy / medium / hard / expert / extreme |',
    '|---|---|---|---|---|---|---|',
  ]
  for (const file of FILES) {
    const rs = records.filter((r) => r.file === file)
    const t = rs.map((r) => r.ms).sort((a, b) => a - b)
    const brute = rs.filter((r) => !r.logicOnly)
    const forcing = rs.filter((r) => r.forcingSteps > 0)
    const sum = (xs: Record[], f: (r: Record) => number): number => xs.reduce((a, r) => a + f(r), 0)
    const levels = DIFFICULTY_LEVELS.map((l) => rs.filter((r) => r.level === l).length)
    lines.push(
      `| ${nameOf(file)} | ${rs.length} | ${rs.length - brute.length} (${((100 * (rs.length - brute.length)) / rs.length).toFixed(1)}%) | ` +
        `${brute.length} (${sum(brute, (r) => r.bruteForceSteps)}) | ${forcing.length} (${sum(forcing, (r) => r.forcingSteps)}) | ` +
        `${ms(quantile(t, 0.5))} / ${ms(quantile(t, 0.9))} / ${ms(t[t.length - 1])} | ${levels.join(' / ')} |`,
    )
  }
  lines.push('', 'Sudoku Explainer figure of each puzzle (its hardest step), puzzles per band:', '')
  lines.push(`| file | ${BANDS.map(([a, b]) => (b > 50 ? `≥ ${a}` : `${a}–${(b - 0.1).toFixed(1)}`)).join(' | ')} | median |`)
  lines.push(`|---|${BANDS.map(() => '---|').join('')}---|`)
  for (const file of FILES) {
    const rs = records.filter((r) => r.file === file)
    const e = rs.map((r) => r.explainer).sort((a, b) => a - b)
    const counts = BANDS.map(([a, b]) => rs.filter((r) => r.explainer >= a && r.explainer < b).length)
    lines.push(`| ${nameOf(file)} | ${counts.join(' | ')} | ${quantile(e, 0.5).toFixed(1)} |`)
  }
  return lines
}

function nameOf(file: string): string {
  if (file.startsWith('puzzles5_')) return `forum hardest 1905 11+ (seeded sample, seed ${FORUM_SEED})`
  if (file.endsWith('_puzzle_and_solution.txt')) return `Sudoku Exchange ${file.replace('_puzzle_and_solution.txt', '')}`
  return file.replace('puzzles3_magictour_', 'magictour ')
}

if (shard) {
  const [k, n] = shard
  for (let i = k; i < jobs.length; i += n) console.log(JSON.stringify(measure(jobs[i].file, jobs[i].text)))
} else {
  const records = workers > 1 ? await inChildren(workers) : jobs.map((j) => measure(j.file, j.text))
  const tables = report(records)
  console.log(tables.join('\n'))
  if (limit === Infinity)
    writeReadmeSection(
      'Logic',
      [
        '`npm run bench:logic [-- --count N] [-- --workers W]` (bench/logic.ts): per puzzle, the logical solve (`logicalSolve`: ' +
          'easiest available step each time, every registered technique, forcing chains and nets last, brute force only if even ' +
          "they find nothing) and its rating: the level and Sudoku Explainer's figure (the hardest step's, logic/explainer-scale.ts). " +
          '"Finished by logic alone" counts puzzles solved without a single brute-force step. The forum file is sampled with a ' +
          `fixed seed (${FORUM_SEED}). The solution search is left out (see Solver). The level is set by the hardest technique ` +
          'used (singles: easy; locked candidates, naked/hidden pairs, naked triple: medium; hidden triple, quads, X-Wing, ' +
          'Swordfish, Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, XY/XYZ/W-Wing: hard; Jellyfish, finned fish, ' +
          'colouring, unique rectangles, BUG+1, X-/XY-Chain: expert; AIC, forcing chains and nets, or brute force: extreme).',
        '',
        ...tables,
        '',
        measuredLine(`npm run bench:logic${workers > 1 ? ` -- --workers ${workers}` : ''}`),
      ].join('\n'),
    )
}
