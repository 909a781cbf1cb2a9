/**
 * Timing of the advanced finders (finned fish, simple colouring, unique and avoidable rectangles,
 * Sue de Coq, BUG+1, ALS-XZ, X-Chain, XY-Chain, ALS-XY-Wing, AIC, nice loops, grouped X-Chain and
 * AIC, forcing chains and nets) on the states a logical solve meets: each puzzle is solved step by
 * step with every technique, and every finder is timed on every intermediate state (the forcing
 * finders only on the states where they give the step, both as a hint searches them, stopping at
 * the first proof, and as the solve does, looking for the shortest), and so is the hint
 * (`hintStep`: the easiest technique's first step). Each row gives wall-clock times and the p99 of
 * the CPU time the process spent (which a busy machine inflates less).
 *
 *   npm run bench:logic-chains [-- --count N]   (N puzzles from each file, default 100)
 *
 * Writes its section of bench/README.md. `--quick`: one puzzle of each file, the finders timed on
 * every QUICK_STRIDE-th state.
 */
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { PUZZLES_DIR } from '../datasets/paths'
import { type Grid, candidatesOf } from '../src/shared/sudoku/board'
import { parsePuzzle } from '../src/shared/sudoku/format'
import { logicalSolve } from '../src/shared/sudoku/logical-solve'
import { findAic } from '../src/shared/sudoku/logic/chains/aic'
import { applyStep } from '../src/shared/sudoku/logic/apply'
import { almostLockedSets } from '../src/shared/sudoku/logic/als/als'
import { findAlsXyWing } from '../src/shared/sudoku/logic/als/als-xy-wing'
import { findAlsXz } from '../src/shared/sudoku/logic/als/als-xz'
import { findAvoidableRectangles } from '../src/shared/sudoku/logic/uniqueness/avoidable-rectangle'
import { findBugPlusOne } from '../src/shared/sudoku/logic/uniqueness/bug-plus-one'
import { findFinnedFishes } from '../src/shared/sudoku/logic/fish/finned-fish'
import { findSueDeCoq } from '../src/shared/sudoku/logic/als/sue-de-coq'
import { findSimpleColouring } from '../src/shared/sudoku/logic/single-digit/simple-colouring'
import { findUniqueRectangles } from '../src/shared/sudoku/logic/uniqueness/unique-rectangle'
import { findXChain } from '../src/shared/sudoku/logic/chains/x-chain'
import { findXYChain } from '../src/shared/sudoku/logic/chains/xy-chain'
import { findGroupedXChain } from '../src/shared/sudoku/logic/chains/grouped-x-chain'
import { findGroupedAic } from '../src/shared/sudoku/logic/chains/grouped-aic'
import { findContinuousNiceLoop } from '../src/shared/sudoku/logic/chains/continuous-nice-loop'
import { findDiscontinuousNiceLoop } from '../src/shared/sudoku/logic/chains/discontinuous-nice-loop'
import { findForcingChain } from '../src/shared/sudoku/logic/chains/forcing-chain'
import { findForcingNet } from '../src/shared/sudoku/logic/chains/forcing-net'
import { hintStep } from '../src/shared/sudoku/hint'
import type { FindOptions, Step } from '../src/shared/sudoku/logic/step'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const PUZZLES = pathToFileURL(`${PUZZLES_DIR}/`)
const FILES = [
  { file: 'puzzles3_magictour_top1465', label: 'magictour top1465' },
  { file: 'puzzles5_forum_hardest_1905_11+', label: 'forum hardest 1905 (11+)' },
]
const first = { first: true } as const
/**
 * Each finder gets the state's candidates, the digits written so far and the givens. The ALS
 * finders share one search per state (als/als.ts caches it): "almost locked sets" times that search
 * alone, on a copy of the state so the cache misses, and ALS-XZ / ALS-XY-Wing their own work on top.
 */
type Timed = (cands: Uint16Array, written: Grid, options: FindOptions) => Step[] | Step | null
const FINDERS: Record<string, Timed> = {
  'finned fish': findFinnedFishes,
  'simple colouring': findSimpleColouring,
  'unique rectangles 1-6, hidden rectangle': findUniqueRectangles,
  'avoidable rectangles': findAvoidableRectangles,
  'Sue de Coq': findSueDeCoq,
  'BUG+1': findBugPlusOne,
  'almost locked sets': (cands) => (almostLockedSets(Uint16Array.from(cands)), []),
  'ALS-XZ': findAlsXz,
  'X-Chain': findXChain,
  'XY-Chain': findXYChain,
  'ALS-XY-Wing': findAlsXyWing,
  AIC: findAic,
  'continuous nice loop': findContinuousNiceLoop,
  'discontinuous nice loop': findDiscontinuousNiceLoop,
  'grouped X-Chain': findGroupedXChain,
  'grouped AIC': findGroupedAic,
  'forcing chain (hint)': (cands) => findForcingChain(cands, undefined, first),
  'forcing chain (solve)': findForcingChain,
  'forcing net (hint)': (cands) => findForcingNet(cands, undefined, first),
  'forcing net (solve)': findForcingNet,
  'hint (easiest step)': (cands, written, { givens }) => hintStep(cands, written, undefined, givens),
}
/** The forcing finders are the slow ones: timed only where they are what the hint needs (nothing easier applies). */
const LAST_RESORT = (name: string): boolean => name.startsWith('forcing')
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

const countArg = process.argv.indexOf('--count')
const count = countArg > 0 ? Number(process.argv[countArg + 1]) : QUICK ? 1 : 100
/** In a --quick run the finders are timed on every this-many-th state only. */
const QUICK_STRIDE = 10

function sample(file: string): Uint8Array[] {
  const lines = readFileSync(new URL(file, PUZZLES), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 81 && !l.startsWith('#'))
  return Array.from({ length: count }, (_, i) => parsePuzzle(lines[Math.floor((i * lines.length) / count)].slice(0, 81)))
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

const f = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(3))
const tables: string[] = []
for (const { file, label } of FILES) {
  const times = new Map<string, { wall: number[]; cpu: number[] }>(Object.keys(FINDERS).map((k) => [k, { wall: [], cpu: [] }]))
  let states = 0
  let forcingStates = 0
  for (const grid of sample(file)) {
    const { steps } = logicalSolve(grid)
    let cands = candidatesOf(grid)
    const written = Uint8Array.from(grid)
    for (const step of steps) {
      states++
      const forcing = step.technique.startsWith('forcing')
      if (forcing) forcingStates++
      for (const [name, find] of QUICK && states % QUICK_STRIDE ? [] : Object.entries(FINDERS)) {
        if (LAST_RESORT(name) && !forcing) continue
        const c0 = cpuMs()
        const t0 = performance.now()
        find(cands, written, { givens: grid })
        times.get(name)!.wall.push(performance.now() - t0)
        times.get(name)!.cpu.push(cpuMs() - c0)
      }
      cands = applyStep(cands, step)
      for (const { cell, digit } of step.placements) written[cell] = digit
    }
  }
  const table = [
    `${label}, ${count} ${count === 1 ? 'puzzle' : 'puzzles'} spread through the file, ${states.toLocaleString('en')} states (${forcingStates} where a forcing step was needed):`,
    '',
    '| finder | mean ms | median ms | p90 ms | p99 ms | max ms | CPU p99 ms | states timed |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const [name, { wall, cpu }] of times) {
    const row = name.startsWith('hint') ? `**${name}**` : name
    if (!wall.length) {
      table.push(`| ${row} | - | - | - | - | - | - | 0 |`)
      continue
    }
    const sorted = [...wall].sort((a, b) => a - b)
    const cpuSorted = [...cpu].sort((a, b) => a - b)
    const mean = wall.reduce((a, b) => a + b, 0) / wall.length
    table.push(
      `| ${row} | ${f(mean)} | ${f(quantile(sorted, 0.5))} | ${f(quantile(sorted, 0.9))} | ${f(quantile(sorted, 0.99))} | ${f(sorted[sorted.length - 1])} | ${f(quantile(cpuSorted, 0.99))} | ${wall.length} |`,
    )
  }
  console.log(`\n${table.join('\n')}`)
  tables.push(...table, '')
}

writeReadmeSection(
  'Logic (chains)',
  [
    '`npm run bench:logic-chains [-- --count N]` (bench/logic-chains.ts): each puzzle is solved step by step with every technique ' +
      '(`logicalSolve`) and each advanced finder is timed on every state met on the way (one state per step, so most are late, ' +
      'mostly-filled states); the forcing finders only on the states where they give the step (nothing easier applies), both as ' +
      'a hint searches them (stopping at the first proof) and as the solve does (looking for the easiest proof); and the hint ' +
      '(`hintStep`: the easiest technique, its first instance) on every state. "CPU p99" is the p99 of the CPU time the process ' +
      'spent on each call (every thread, the garbage collector included, so it can exceed wall-clock time), which a busy machine ' +
      'inflates far less than wall-clock time.',
    '',
    ...tables,
    'Target: every hint under 100 ms at p99.',
    '',
    measuredLine(`npm run bench:logic-chains${countArg > 0 ? ` -- --count ${count}` : ''}`),
  ].join('\n'),
)
