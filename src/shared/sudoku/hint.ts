/**
 * Hints for a player who is stuck, in three levels:
 * - vague: only the technique ("Look for a hidden single.");
 * - concrete: the technique, the digit and where ("... for 7 in box 5.");
 * - full: the whole step, with the cells to highlight and what it places or removes.
 * Before any of that, digits or pencil marks the player got wrong are pointed out, because no
 * technique helps on a grid that already contradicts the solution.
 */
import { type Candidates, type Cell, type Digit, type Grid, CELLS, allUnits, boxOf, candidatesOf, cellName, digitBit, unitName } from './board'
import { joinAnd, listCells, listDigitsOr } from './logic/common'
import type { Step, Technique } from './logic/step'
import { TECHNIQUE_LABELS, easiestStep, techniques as allTechniques, type TechniqueEntry } from './logic/techniques'
import { bruteForceStep } from './logical-solve'
import { isSolved } from './logic/apply'
import { solve } from './solver'

export type HintLevel = 'vague' | 'concrete' | 'full'

export const HINT_LEVELS: readonly HintLevel[] = ['vague', 'concrete', 'full']

export interface HintInput {
  /** The puzzle as given (0 = empty). */
  readonly givens: Grid
  /** The player's digits, 0 = none (givens may be repeated here or left 0). */
  readonly entries?: Grid
  /** The player's pencil marks, when they keep them; otherwise they are worked out from the digits. */
  readonly candidates?: Candidates | null
  /** The puzzle's solution when already known (saves a search). */
  readonly solution?: Grid
  readonly techniques?: readonly TechniqueEntry[]
}

export type Hint =
  | {
      /** The givens have no solution or several: the puzzle itself (often a misread digit) is at fault. */
      readonly kind: 'invalid-puzzle'
      readonly text: string
      readonly cells: Cell[]
    }
  | {
      /** Some of the player's digits or pencil marks contradict the solution. */
      readonly kind: 'mistakes'
      readonly text: string
      /** Cells whose digit is wrong. */
      readonly cells: Cell[]
      /** Empty cells whose pencil marks leave out the right digit. */
      readonly candidateCells: Cell[]
    }
  | { readonly kind: 'solved'; readonly text: string; readonly cells: Cell[] }
  | {
      readonly kind: 'step'
      readonly level: HintLevel
      readonly technique: Technique
      readonly text: string
      /** Cells to highlight: none (vague), the area's cells (concrete), the step's cells (full). */
      readonly cells: Cell[]
      /** The digits concerned (concrete and full). */
      readonly digits: Digit[]
      /** Indices into `allUnits` of the area (concrete and full). */
      readonly units: number[]
      /** The step itself, only at level full (so the UI can apply it). */
      readonly step: Step | null
    }

/** What the player's digits and pencil marks get wrong, measured against the solution. */
export interface Mistakes {
  /** Cells whose digit (the player's, not a given) differs from the solution, row-major. */
  readonly wrong: Cell[]
  /** Empty cells whose pencil marks leave out the right digit. */
  readonly badMarks: Cell[]
  /** The givens and the player's right digits. */
  readonly grid: Grid
  /** What `grid` allows, narrowed by the player's pencil marks. */
  readonly candidates: Candidates
}

/** The givens' solution, or the reason there is none to measure against. */
export function solutionOf(givens: Grid, known?: Grid): { solution: Grid } | { count: number } {
  if (known) return { solution: known }
  const result = solve(givens, { limit: 2 })
  return result.count === 1 ? { solution: result.solution! } : { count: result.count }
}

export function findMistakes(input: HintInput, solution: Grid): Mistakes {
  const { givens } = input
  const grid = Uint8Array.from(givens)
  const wrong: Cell[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    const entry = input.entries?.[cell] ?? 0
    if (!entry || givens[cell]) continue
    if (entry !== solution[cell]) wrong.push(cell)
    else grid[cell] = entry
  }
  // The player's pencil marks count, but never keep a digit that a filled peer rules out.
  const candidates = candidatesOf(grid)
  if (input.candidates) for (let cell = 0; cell < CELLS; cell++) if (!grid[cell]) candidates[cell] &= input.candidates[cell]
  const badMarks: Cell[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    if (!grid[cell] && !wrong.includes(cell) && !(candidates[cell] & digitBit(solution[cell]))) badMarks.push(cell)
  }
  return { wrong, badMarks, grid, candidates }
}

export function hint(input: HintInput, level: HintLevel = 'vague'): Hint {
  const known = solutionOf(input.givens, input.solution)
  if (!('solution' in known)) {
    return {
      kind: 'invalid-puzzle',
      cells: [],
      text:
        known.count === 0
          ? 'This puzzle has no solution as entered, so no hint can be given. Check the given digits against the printed puzzle: one may have been misread.'
          : 'This puzzle has more than one solution as entered, so logic alone cannot finish it. Check the given digits against the printed puzzle: one may be missing.',
    }
  }
  const { solution } = known
  const { wrong, badMarks, grid, candidates: cands } = findMistakes(input, solution)
  if (wrong.length || badMarks.length) {
    const parts: string[] = []
    if (wrong.length) {
      parts.push(wrong.length === 1 ? `The digit in ${cellName(wrong[0])} is wrong.` : `The digits in ${listCells(wrong)} are wrong.`)
    }
    if (badMarks.length) parts.push(neededMarksText(badMarks, solution, level))
    parts.push(`Fix ${wrong.length + badMarks.length === 1 ? 'this' : 'these'} first: any step taken from here could lead you astray.`)
    return { kind: 'mistakes', cells: wrong, candidateCells: badMarks, text: parts.join(' ') }
  }
  if (!grid.includes(0) && isSolved(cands)) return { kind: 'solved', cells: [], text: 'The puzzle is solved. Well done!' }

  const step = hintStep(cands, grid, input.techniques, input.givens) ?? bruteForceStep(cands, solution, grid)
  return describe(step, level)
}

/**
 * The step a hint shows: the easiest technique that applies, with its first instance found (a
 * forcing chain or net is not searched further for a shorter one, so a hint stays quick). Where
 * the hint's propagation budget runs out (NESTED_BUDGET.hint), the net goes on with the solve's
 * budget (chains/forcing-net.ts) before the hint would ever guess.
 */
export function hintStep(cands: Candidates, grid?: Grid, entries: readonly TechniqueEntry[] = allTechniques, givens?: Grid): Step | null {
  return easiestStep(cands, grid, entries, { first: true, givens })
}

/**
 * A pencil mark the player removed but the solution needs: which cells (and, at level full, which
 * digit), since every step taken without it may remove the right digit elsewhere too.
 */
function neededMarksText(cells: readonly Cell[], solution: Grid, level: HintLevel): string {
  if (level === 'full') {
    return cells
      .map((cell) => `You removed the pencil mark ${solution[cell]} from ${cellName(cell)}, but ${cellName(cell)} is ${solution[cell]}: put it back.`)
      .join(' ')
  }
  return cells.length === 1
    ? `In ${cellName(cells[0])} you removed a pencil mark that was needed: the digit that belongs there is no longer among its marks.`
    : `In ${listCells(cells)} you removed pencil marks that were needed: the digit that belongs in each is no longer among its marks.`
}

/** The hint for one step at the given level. */
export function describe(step: Step, level: HintLevel): Hint {
  const label = TECHNIQUE_LABELS[step.technique]
  const digits = [...new Set((step.placements.length ? step.placements : step.eliminations).map((p) => p.digit))].sort()
  const units = step.units.length ? [...step.units] : step.cells.length ? [18 + boxOf(step.cells[0])] : []
  if (level === 'vague') {
    const text =
      step.technique === 'brute-force'
        ? 'None of the techniques this app knows applies here; the next step needs trial and error.'
        : `Look for ${withArticle(displayName(step.technique))}.`
    return { kind: 'step', level, technique: step.technique, text, cells: [], digits: [], units: [], step: null }
  }
  if (level === 'concrete') {
    const area = joinAnd(units.slice(0, 4).map(unitName))
    const text =
      step.technique === 'brute-force'
        ? `No technique this app knows applies; trial and error on ${listDigitsOr(digits)} in ${cellName(step.placements[0].cell)} settles it.`
        : `Look for ${withArticle(displayName(step.technique))} on ${listDigitsOr(digits)} in ${area}.`
    const cells = [...new Set(units.flatMap((u) => allUnits[u]))].sort((a, b) => a - b)
    return { kind: 'step', level, technique: step.technique, text, cells, digits, units, step: null }
  }
  const cells = [...new Set([...step.cells, ...step.placements.map((p) => p.cell), ...step.eliminations.map((e) => e.cell)])]
  return { kind: 'step', level, technique: step.technique, text: `${label}: ${step.text}`, cells, digits, units, step }
}

/** "hidden single", "X-Wing", "2-String Kite": names keep their capitals except plain words. */
function displayName(technique: Technique): string {
  const label = TECHNIQUE_LABELS[technique]
  return /^[A-Z][a-z]/.test(label) && !/-[A-Z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label
}

/** "an" before a vowel sound: a lower-case vowel, or a capital read as a letter name that starts with one (an X-Chain, an ALS-XZ). */
const withArticle = (name: string): string =>
  name.startsWith('locked candidates') ? name : `${/^([AEFHILMNORSX][A-Z-]|X|[aeiou])/.test(name) ? 'an' : 'a'} ${name}`
