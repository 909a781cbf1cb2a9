/**
 * Timing of the advanced finders (finned fish, simple colouring, unique and avoidable rectangles,
 * Sue de Coq, BUG+1, ALS-XZ, X-Chain, XY-Chain, ALS-XY-Wing, AIC, forcing chains and nets) on the
 * states a logical solve meets: each puzzle is solved step by
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
import { almostLockedSets } from '../src/shared/sudoku/logic/als'
import { findAlsXyWing } from '../src/shared/sudoku/logic/als-xy-wing'
import { findAlsXz } from '../src/shared/sudoku/logic/als-xz'
import { findAvoidableRectangles } from '../src/shared/sudoku/logic/avoidable-rectangle'
import { findBugPlusOne } from '../src/shared/sudoku/logic/bug-plus-one'
import { findFinnedFishes } from '../src/shared/sudoku/logic/finned-fish'
import { findSueDeCoq } from '../src/shared/sudoku/logic/sue-de-coq'
import { findSimpleColouring } from '../src/shared/sudoku/logic/simple-colouring'
import { findUniqueRectangles } from '../src/shared/sudoku/logic/unique-rectangle'
import { findXChain } from '../src/shared/sudoku/logic/x-chain'
import { findXYChain } from '../src/shared/sudoku/logic/xy-chain'
import { findForcingChain } from '../src/shared/sudoku/logic/forcing-chain'
import { findForcingNet } from '../src/shared/sudoku/logic/forcing-net'
import type { TechniqueFinder } from '../src/shared/sudoku/logic/step'
import { easiestStep } from '../src/shared/sudoku/logic/techniques'

const PUZZLES = new URL('../../shared/data/puzzles/', import.meta.url)
const FILES = ['puzzles3_magictour_top1465', 'puzzles5_forum_hardest_1905_11+']
/**
 * The ALS finders share one search per state (als.ts caches it): "almost locked sets" times that
 * search alone, on a copy of the state so the cache misses, and ALS-XZ / ALS-XY-Wing then time
 * their own work on top of it.
 */
const FINDERS: Record<string, TechniqueFinder> = {
  findFinnedFishes,
  findSimpleColouring,
  findUniqueRectangles,
  findAvoidableRectangles,
  findSueDeCoq,
  findBugPlusOne,
  'almost locked sets': (cands) => (almostLockedSets(Uint16Array.from(cands)), []),
  findAlsXz,
  findXChain,
  findXYChain,
  findAlsXyWing,
  findAic,
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
    const written = Uint8Array.from(grid)
    for (const step of steps) {
      states++
      const h0 = performance.now()
      easiestStep(cands, written, undefined, grid)
      times.get('hint (easiest step)')!.push(performance.now() - h0)
      for (const [name, find] of Object.entries(FINDERS)) {
        if (LAST_RESORT.has(name) && !step.technique.startsWith('forcing')) continue
        const t0 = performance.now()
        find(cands, written, grid)
        times.get(name)!.push(performance.now() - t0)
      }
      cands = applyStep(cands, step)
      for (const { cell, digit } of step.placements) written[cell] = digit
    }
  }
  console.log(`\n${file}: ${count} puzzles, ${states} states`)
  console.log('finder                   mean ms  median ms   p90 ms   p99 ms   max ms   states')
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b)
    console.log(
      `${name.padEnd(24)} ${(list.reduce((a, b) => a + b, 0) / list.length).toFixed(3).padStart(7)} ${quantile(sorted, 0.5).toFixed(3).padStart(9)} ${quantile(sorted, 0.9).toFixed(3).padStart(8)} ` +
        `${quantile(sorted, 0.99).toFixed(2).padStart(8)} ${sorted[sorted.length - 1].toFixed(2).padStart(8)} ${String(list.length).padStart(8)}`,
    )
  }
}
