/**
 * Real candidate states for soundness tests of the advanced finders: puzzles from the shared
 * collections, carried forward by a small local propagation (singles and locked candidates, kept
 * here so these tests do not depend on the finders under test elsewhere) and by the steps the
 * advanced finders themselves find once checked against the solution.
 */
import { readFileSync } from 'node:fs'
import { type Candidates, type Grid, allUnits, bitCount, boxOf, candidatesOf, colOf, digitBit, peers, rowOf } from '../../../../src/shared/sudoku/board'
import { parsePuzzle } from '../../../../src/shared/sudoku/format'
import { solve } from '../../../../src/shared/sudoku/solver'
import { gridOf } from '../../../../src/shared/sudoku/logic/apply'
import type { Step, TechniqueFinder } from '../../../../src/shared/sudoku/logic/step'
import { PUZZLES_DIR } from '../../../../datasets/puzzles'
import { seededRandom } from '../../../../devkit/random'

const PUZZLES = PUZZLES_DIR

/** `count` puzzles spread evenly through a shared puzzle file. */
export function samplePuzzles(file: string, count: number): Grid[] {
  const lines = readFileSync(`${PUZZLES}/${file}`, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 81 && !l.startsWith('#'))
  const step = lines.length / count
  return Array.from({ length: count }, (_, i) => parsePuzzle(lines[Math.floor(i * step)].slice(0, 81)))
}

export function solutionOf(grid: Grid): Grid {
  const { count, solution } = solve(grid, { limit: 2 })
  if (count !== 1 || !solution) throw new Error('test puzzles must have a unique solution')
  return solution
}

/** Singles and locked candidates to a fixed point. Returns false on a contradiction. */
export function propagate(cands: Candidates): boolean {
  for (let changed = true; changed;) {
    changed = false
    const remove = (cell: number, bit: number): void => {
      if (cands[cell] & bit) {
        cands[cell] &= ~bit
        changed = true
      }
    }
    for (let cell = 0; cell < 81; cell++) {
      if (cands[cell] === 0) return false
      if (bitCount(cands[cell]) === 1) for (const p of peers[cell]) remove(p, cands[cell])
    }
    for (const unit of allUnits)
      for (let d = 1; d <= 9; d++) {
        const bit = digitBit(d)
        const places = unit.filter((c) => cands[c] & bit)
        if (places.length === 0) return false
        if (places.length === 1 && cands[places[0]] !== bit) {
          cands[places[0]] = bit
          changed = true
        }
        // Locked candidates: all places in one row, column or box remove the digit from the rest of it.
        for (const key of [rowOf, colOf, boxOf]) {
          if (!places.every((c) => key(c) === key(places[0]))) continue
          for (const other of allUnits)
            if (other !== unit && places.every((c) => other.includes(c)) && key(other[0]) === key(places[0]))
              for (const c of other) if (!places.includes(c)) remove(c, bit)
        }
      }
  }
  return true
}

/** Errors of a step against the solution: wrong placements, removals of the right digit. */
export function contradictions(step: Step, solution: Grid): string[] {
  const errors: string[] = []
  for (const { cell, digit } of step.placements)
    if (solution[cell] !== digit) errors.push(`${step.technique} places ${digit} in cell ${cell} (solution ${solution[cell]})`)
  for (const { cell, digit } of step.eliminations)
    if (solution[cell] === digit) errors.push(`${step.technique} removes the solution ${digit} from cell ${cell}`)
  return errors
}

export function applyChecked(cands: Candidates, step: Step): void {
  for (const { cell, digit } of step.placements) cands[cell] = digitBit(digit)
  for (const { cell, digit } of step.eliminations) cands[cell] &= ~digitBit(digit)
}

/**
 * Walks a puzzle from its givens to the solution and calls `visit` on every intermediate state.
 * `next` picks a step to carry on with (already checked by the caller); when it has none, one
 * wrong candidate chosen at random is removed, which keeps the state true to the solution but
 * reaches states the techniques alone would not.
 */
export function walkStates(
  grid: Grid,
  solution: Grid,
  random: () => number,
  next: (cands: Candidates) => Step | null,
  visit: (cands: Candidates) => void,
  maxStates = 60,
): void {
  const cands = candidatesOf(grid)
  for (let n = 0; n < maxStates; n++) {
    if (!propagate(cands)) throw new Error('propagation found a contradiction: a step removed a true candidate')
    if (cands.every((m) => bitCount(m) === 1)) return
    visit(Uint16Array.from(cands))
    const step = next(Uint16Array.from(cands))
    if (step) {
      applyChecked(cands, step)
      continue
    }
    const wrong: [number, number][] = []
    for (let cell = 0; cell < 81; cell++) for (let d = 1; d <= 9; d++) if (cands[cell] & digitBit(d) && solution[cell] !== d) wrong.push([cell, d])
    const [cell, d] = wrong[Math.floor(random() * wrong.length)]
    cands[cell] &= ~digitBit(d)
  }
}

/** "7@r4c2" keys of everything a list of steps removes, for set comparisons in tests. */
export function removedKeys(steps: readonly Step[]): Set<string> {
  return new Set(steps.flatMap((s) => s.eliminations.map((e) => `${e.digit}@${e.cell}`)))
}

export const keysOf = (items: readonly { cell: number; digit: number }[]): string[] => items.map((e) => `${e.digit}@${e.cell}`)

export interface FinderWalk {
  /** Each wrong placement or removal, with the step's text. */
  readonly errors: string[]
  /** Steps found per technique. */
  readonly found: Map<string, number>
  readonly states: number
}

/**
 * Walks `count` puzzles of `file` (walkStates), runs every finder on every state, and carries on
 * with the first sound step found, so the walk meets the states those steps lead to. `inspect`
 * sees every step (for a test's own checks).
 */
export function walkWithFinders(
  file: string,
  count: number,
  seed: number,
  finders: readonly TechniqueFinder[],
  inspect: (step: Step) => void = () => {},
  maxStates?: number,
): FinderWalk {
  const errors: string[] = []
  const found = new Map<string, number>()
  let states = 0
  const random = seededRandom(seed)
  for (const [i, grid] of samplePuzzles(file, count).entries()) {
    const solution = solutionOf(grid)
    let latest: Step[] = [] // the steps of the state just visited, easiest finder first
    walkStates(
      grid,
      solution,
      random,
      () => latest.find((step) => contradictions(step, solution).length === 0) ?? null,
      (cands) => {
        states++
        // Every cell down to one candidate holds its digit (the walk stays true to the solution),
        // so it counts as written in; the puzzle's clues are the givens.
        latest = finders.flatMap((find) => find(cands, gridOf(cands), { givens: grid }))
        for (const step of latest) {
          found.set(step.technique, (found.get(step.technique) ?? 0) + 1)
          for (const error of contradictions(step, solution)) errors.push(`puzzle ${i}: ${error}: ${step.text}`)
          inspect(step)
        }
      },
      maxStates,
    )
  }
  return { errors, found, states }
}

/**
 * walkWithFinders with the shape of every step checked too: a rectangle that is not four corners
 * in two boxes, a step that changes nothing, a text too short to explain.
 */
export function checkFinders(finders: readonly TechniqueFinder[], file: string, count: number, seed: number): FinderWalk {
  const shapeErrors: string[] = []
  const walk = walkWithFinders(file, count, seed, finders, (step) => {
    const rectangle = /^(unique|hidden|avoidable)-rectangle/.test(step.technique)
    if (rectangle && (step.cells.length !== 4 || new Set(step.cells.map(boxOf)).size !== 2)) shapeErrors.push(`not a rectangle: ${step.text}`)
    if (step.eliminations.length + step.placements.length === 0) shapeErrors.push(`changes nothing: ${step.text}`)
    if (step.text.length <= 20) shapeErrors.push(`too short: ${step.text}`)
  })
  return { ...walk, errors: [...walk.errors, ...shapeErrors] }
}
