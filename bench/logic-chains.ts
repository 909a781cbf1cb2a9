/**
 * Timing of the advanced finders (simple colouring, unique rectangles, BUG+1, X-Chain, XY-Chain,
 * AIC, nice loops, grouped X-Chain and AIC, forcing chains and nets) on the states a logical solve meets: each puzzle is solved step by
 * step with every technique, and every finder is timed on every intermediate state (the forcing
 * finders only on the states where they give the step), and so is the hint (the easiest step).
 *
 *   npm run bench:logic-chains [-- --count N]   (N puzzles from each file, default 100)
 */
import { readFileSync } from 'node:fs'
import { candidatesOf } from '../src/shared/sudoku/board'
import { parsePuzzle } from '../src/shared/sudoku/format'
import { logicalSolve } from '../src/shared/sudoku/logical-solve'
import { findAic } from '../src/shared/sudoku/logic/aic'
import { applyStep } from '../src/shared/sudoku/logic/apply'
import { findBugPlusOne } from '../src/shared/sudoku/logic/bug-plus-one'
import { findSimpleColouring } from '../src/shared/sudoku/logic/simple-colouring'
import { findUniqueRectangles } from '../src/shared/sudoku/logic/unique-rectangle'
import { findXChain } from '../src/shared/sudoku/logic/x-chain'
import { findXYChain } from '../src/shared/sudoku/logic/xy-chain'
import { findGroupedXChain } from '../src/shared/sudoku/logic/grouped-x-chain'
import { findGroupedAic } from '../src/shared/sudoku/logic/grouped-aic'
import { findContinuousNiceLoop } from '../src/shared/sudoku/logic/continuous-nice-loop'
import { findDiscontinuousNiceLoop } from '../src/shared/sudoku/logic/discontinuous-nice-loop'
import { findForcingChain } from '../src/shared/sudoku/logic/forcing-chain'
import { findForcingNet } from '../src/shared/sudoku/logic/forcing-net'
import { easiestStep } from '../src/shared/sudoku/logic/techniques'

const PUZZLES = new URL('../../shared/data/puzzles/', import.meta.url)
const FILES = ['puzzles3_magictour_top1465', 'puzzles5_forum_hardest_1905_11+']
const FINDERS = {
  findSimpleColouring,
  findUniqueRectangles,
  findBugPlusOne,
  findXChain,
  findXYChain,
  findAic,
  findContinuousNiceLoop,
  findDiscontinuousNiceLoop,
  findGroupedXChain,
  findGroupedAic,
  findForcingChain,
  findForcingNet,
}
/** The forcing finders are the slow ones: timed only where they are what the hint needs (nothing easier applies). */
const LAST_RESORT = new Set(['findForcingChain', 'findForcingNet'])

const countArg = process.argv.indexOf('--count')
const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 100

function sample(file: string): Uint8Array[] {
  const lines = readFileSync(new URL(file, PUZZLES), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 81 && !l.startsWith('#'))
  return Array.from({ length: count }, (_, i) => parsePuzzle(lines[Math.floor((i * lines.length) / count)].slice(0, 81)))
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

for (const file of FILES) {
  const times = new Map<string, number[]>(Object.keys(FINDERS).map((k) => [k, []]))
  times.set('hint (easiest step)', [])
  let states = 0
  for (const grid of sample(file)) {
    const { steps } = logicalSolve(grid)
    let cands = candidatesOf(grid)
    for (const step of steps) {
      states++
      const h0 = performance.now()
      easiestStep(cands)
      times.get('hint (easiest step)')!.push(performance.now() - h0)
      for (const [name, find] of Object.entries(FINDERS)) {
        if (LAST_RESORT.has(name) && !step.technique.startsWith('forcing')) continue
        const t0 = performance.now()
        find(cands)
        times.get(name)!.push(performance.now() - t0)
      }
      cands = applyStep(cands, step)
    }
  }
  console.log(`\n${file}: ${count} puzzles, ${states} states`)
  console.log('finder                     mean ms  median ms   p90 ms   p99 ms   max ms   states')
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b)
    console.log(
      `${name.padEnd(26)} ${(list.reduce((a, b) => a + b, 0) / list.length).toFixed(3).padStart(7)} ${quantile(sorted, 0.5).toFixed(3).padStart(9)} ${quantile(sorted, 0.9).toFixed(3).padStart(8)} ` +
        `${quantile(sorted, 0.99).toFixed(2).padStart(8)} ${sorted[sorted.length - 1].toFixed(2).padStart(8)} ${String(list.length).padStart(8)}`,
    )
  }
}
