/**
 * Solver benchmark: times `solve` against `dancing-links` (Knuth's DLX, the fastest npm
 * solver measured here) on the shared puzzle files, both counting up to 2 solutions.
 *
 *   npm run bench:solver [-- --sample N] [-- --quick]
 *
 * Per file: our solver on every puzzle, then a deterministic sample (every k-th puzzle, about
 * N = 3000 of them, all of them for the small files) on which our solver and dancing-links take
 * turns, block by block. The ratio compares the two on that same sample, and the run stops if
 * they disagree on any count. dancing-links' time includes building its
 * exact-cover matrix, which it cannot reuse between puzzles; ours includes its own set-up.
 * Writes its section of bench/README.md. `--quick`: QUICK_PUZZLES puzzles of each file, 50 in the sample.
 */
import { DancingLinks } from 'dancing-links'
import { solve } from '../src/shared/sudoku/solver'
import type { Grid } from '../src/shared/sudoku/board'
import { readPuzzles } from '../datasets/puzzles'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const FILES = [
  { label: 'forum hardest 1106', file: 'puzzles6_forum_hardest_1106' },
  { label: 'forum hardest 1905 11+', file: 'puzzles5_forum_hardest_1905_11+' },
  { label: '17-clue', file: 'puzzles2_17_clue' },
  { label: 'magictour top1465', file: 'puzzles3_magictour_top1465' },
  { label: 'serg benchmark', file: 'puzzles7_serg_benchmark' },
]

const args = process.argv.slice(2)
const sampleIndex = args.indexOf('--sample')
const sampleTarget = sampleIndex >= 0 ? Number(args[sampleIndex + 1]) : QUICK ? 50 : 3000
/** Puzzles of each file in a --quick run, spread through it. */
const QUICK_PUZZLES = 100

/**
 * The two solvers take turns on blocks of this many puzzles: close enough in time that load
 * from other processes falls on both alike, long enough that each runs with its own data in
 * cache (alternating puzzle by puzzle slowed ours by about 15% through dancing-links'
 * allocations and garbage collection).
 */
const BLOCK = 50

const dlx = new DancingLinks<number>()

/**
 * The usual exact-cover encoding: 324 columns (cell, row-digit, column-digit, box-digit), one
 * row per (cell, digit) still allowed by the givens; a given cell gets only its own digit. Rows
 * that a given rules out are left out, which only makes dancing-links' job easier.
 */
function dlxCount(grid: Grid): number {
  const solver = dlx.createSolver({ columns: 324 })
  const used = new Uint16Array(27)
  for (let cell = 0; cell < 81; cell++) {
    const v = grid[cell]
    if (!v) continue
    const r = Math.floor(cell / 9)
    const c = cell % 9
    const bit = 1 << (v - 1)
    used[r] |= bit
    used[9 + c] |= bit
    used[18 + Math.floor(r / 3) * 3 + Math.floor(c / 3)] |= bit
  }
  for (let cell = 0; cell < 81; cell++) {
    const r = Math.floor(cell / 9)
    const c = cell % 9
    const b = Math.floor(r / 3) * 3 + Math.floor(c / 3)
    const blocked = used[r] | used[9 + c] | used[18 + b]
    for (let d = 0; d < 9; d++) {
      if (grid[cell] ? grid[cell] !== d + 1 : blocked & (1 << d)) continue
      solver.addSparseConstraint(cell * 9 + d, [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d])
    }
  }
  return solver.find(2).length
}

function ourCount(grid: Grid): number {
  return solve(grid, { limit: 2 }).count
}

function timeOne(fn: (g: Grid) => number, grid: Grid, out: number[]): number {
  const t = performance.now()
  const n = fn(grid)
  out.push((performance.now() - t) * 1000)
  return n
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

function summary(times: number[]): { median: number; p90: number; mean: number } {
  const sorted = [...times].sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  return { median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), mean }
}

const f1 = (x: number): string => x.toFixed(1)

// Warm up both solvers so that the first file is not timed with unoptimised code.
const warm = readPuzzles(FILES[0].file).slice(0, QUICK ? 50 : 200)
for (let i = 0; i < 3; i++) for (const e of warm) ourCount(e.puzzle)
for (const e of warm.slice(0, 50)) dlxCount(e.puzzle)

const table = [
  '| puzzles | n | ours median | ours p90 | sample n | ours median | ours p90 | dancing-links median | dancing-links p90 | ratio (median) | ratio (mean) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
]
const out = (line: string): void => void (console.log(line), table.push(line))
console.log('µs per puzzle, counting up to 2 solutions')
for (const line of table) console.log(line)

for (const { label, file } of FILES) {
  const all = readPuzzles(file)
  const entries = QUICK ? all.filter((_, i) => i % Math.ceil(all.length / QUICK_PUZZLES) === 0) : all
  const ours: number[] = []
  for (const e of entries) timeOne(ourCount, e.puzzle, ours)

  const step = Math.max(1, Math.floor(entries.length / sampleTarget))
  const sample = entries.filter((_, i) => i % step === 0)
  const oursSample: number[] = []
  const dlxSample: number[] = []
  let mismatches = 0
  for (let start = 0; start < sample.length; start += BLOCK) {
    const block = sample.slice(start, start + BLOCK)
    const counts = block.map((e) => timeOne(ourCount, e.puzzle, oursSample))
    block.forEach((e, i) => {
      if (timeOne(dlxCount, e.puzzle, dlxSample) !== counts[i]) mismatches++
    })
  }
  if (mismatches) throw new Error(`${label}: solvers disagree on ${mismatches} puzzles`)
  const e = summary(ours)
  const o = summary(oursSample)
  const d = summary(dlxSample)
  out(
    `| ${label} | ${entries.length} | ${f1(e.median)} | ${f1(e.p90)} | ${oursSample.length}` +
      ` | ${f1(o.median)} | ${f1(o.p90)} | ${f1(d.median)} | ${f1(d.p90)}` +
      ` | ${f1(d.median / o.median)}x | ${f1(d.mean / o.mean)}x |`,
  )
}

writeReadmeSection(
  'Solver',
  [
    "`npm run bench:solver` (bench/solver.ts): `solve(grid, { limit: 2 })` against `dancing-links` 4.3.10 (Knuth's DLX, " +
      '`find(2)`), both counting up to 2 solutions, on the shared puzzle files. Ours runs on every puzzle of each file (left ' +
      'columns); then on a deterministic sample (every k-th puzzle; all of the small files) the two take turns by blocks of ' +
      `${BLOCK} puzzles, so that load from other processes falls on both alike, and the ratio is dancing-links / ours on that ` +
      'same sample. The run stops if they disagree on any count. dancing-links gets the usual exact-cover matrix (324 columns, ' +
      'the rows a given rules out left out, which favours it slightly) and its time includes building it, as ours includes its ' +
      'own set-up. Wall-clock µs per puzzle. Under load dancing-links loses more to garbage collection than ours, so a loaded ' +
      'run overstates the ratios: compare them only between runs at a similar load.',
    '',
    ...table,
    '',
    "For scale, the shared data's README quotes tdoku (C++ with SIMD, i7-1065G7): 2.7 µs on 17-clue, 7.3 on top1465, 41.7 " +
      'on 1905 11+, 65.0 on 1106. Target: 10x dancing-links on the hardest files.',
    '',
    measuredLine(`npm run bench:solver${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`),
  ].join('\n'),
)
