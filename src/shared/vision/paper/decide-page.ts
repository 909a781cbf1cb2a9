/**
 * Decides the page from each cell's evidence: the printed puzzle, the person's digits and their
 * mistakes. The givens are repaired by the rules (digits/repair.ts); entries never are, as a digit
 * against the solution is a mistake to report. The solution only settles an unclear stroke, and
 * such cells are `informed`.
 */
import { CELLS, type Cell, type Digit, type Grid, peers } from '../../sudoku/board'
import { solve } from '../../sudoku/solver'
import { CELL_KINDS, type CellKind, type CellReading, type PaperReading, mistakesOf } from '../cell-reading'
import { givenLogOdds, mendSymmetry, unsureDigitCells } from './printed-cells'
import { bestDigits, repair } from '../digits/repair'
import { argmax } from '../core/nn'

export interface CellEvidence {
  /** Probabilities of the kinds, in CELL_KINDS order. */
  readonly kind: ArrayLike<number>
  /** The digit's probabilities (index d - 1) read as print; null where print was not read. */
  readonly printed: ArrayLike<number> | null
  /** The digit's probabilities read as handwriting; null where handwriting was not read. */
  readonly written: ArrayLike<number> | null
  /** The candidate digits read in a cell of pencil marks ([] when unread). */
  readonly marks: readonly number[]
}

export interface DecidedPaper extends PaperReading {
  /** Solutions of the givens, counted up to 2. */
  readonly solutions: number
  /**
   * Against a known print: cells outside it judged print whose digit is the solution's, a given the
   * first shot missed; [] otherwise.
   */
  readonly looksPrinted: readonly Cell[]
}

/**
 * The solution's digit must be at least this likely relative to the best reading to settle a
 * written digit. Set by by-puzzle CV on the pen train photos: it settles 77% of misreads and 10% of
 * clear mistakes.
 */
export const INFORMED_RATIO = 0.02

/**
 * The ratio that settles a written digit: INFORMED_RATIO, or any where its best reading repeats a
 * printed peer, as a person checks the print before writing while misreads often repeat it (11 of
 * 15, synthetic sessions).
 */
export function settlingRatio(givens: Grid, cell: Cell, best: number): number {
  return repeatsPrint(givens, cell, best) ? 0 : INFORMED_RATIO
}

/** Whether `digit` is printed in the cell's row, column or box. */
function repeatsPrint(givens: Grid, cell: Cell, digit: number): boolean {
  return peers[cell].some((peer) => givens[peer] === digit)
}

/**
 * Two readings are close when the lesser is at least this likely relative to the best (63% of
 * misread entries, 1.8% of clear mistakes).
 */
export const CLOSE_RATIO = 0.2

const DIGITS: readonly Digit[] = [1, 2, 3, 4, 5, 6, 7, 8, 9]

/** The digits other than `best` read within CLOSE_RATIO of it (`ratio`: a digit's odds against the best). */
export function closeReadings(best: Digit, ratio: (d: Digit) => number): Digit[] {
  return DIGITS.filter((d) => d !== best && ratio(d) >= CLOSE_RATIO)
}

/**
 * What a stroke whose best reading repeats a printed peer is taken for: the only other close
 * reading, where that repeats no print; else `best`, for the solution to settle (three close
 * readings name none).
 */
export function printRuledOut(givens: Grid, cell: Cell, best: Digit, ratio: (d: Digit) => number): Digit {
  if (!repeatsPrint(givens, cell, best)) return best
  const close = closeReadings(best, ratio)
  return close.length === 1 && !repeatsPrint(givens, cell, close[0]) ? close[0] : best
}

/** Least sure digit cells tried as the other kind when the givens are no proper puzzle; each try is one repair. */
export const KIND_SWAPS_TRIED = 8

export interface DecideOptions {
  /** false: take the kinds and each given's best reading as they are (for benchmarks). */
  readonly rules?: boolean
  /**
   * Total weight of the voters behind `printed` (read.ts, 2.2): a repair's cost is divided by it,
   * else a given that every voter misreads costs more as print than as handwriting.
   */
  readonly printWeight?: number
  /** The givens known from an earlier read (a time-lapse's first shot): print does not change, so any other digit was written. */
  readonly print?: Grid
}

/** The page from its cells' evidence. */
export function decidePaper(evidence: readonly CellEvidence[], options: DecideOptions = {}): DecidedPaper {
  if (options.print) return decideAgainstPrint(evidence, options.print)
  const rules = options.rules ?? true
  const repairCost = (probs: readonly (ArrayLike<number> | null)[], fixed: { grid: Grid; repaired: readonly Cell[] }): number =>
    digitsGivenUp(probs, fixed) / (options.printWeight ?? 1)
  const probs = evidence.map((e) => e.kind)
  let kinds = rules ? mendedKinds(probs) : probs.map(kindOf)
  // The printed digits, repaired to a proper puzzle; a cell judged printed but read by no voter
  // falls back on its handwriting reading.
  const givenProbsOf = (k: readonly CellKind[]) => evidence.map((e, cell) => (k[cell] === 'given' ? (e.printed ?? e.written) : null))
  let givenProbs = givenProbsOf(kinds)
  let fixed = rules ? repair({ probs: givenProbs }) : asRead(givenProbs)
  // Givens that are no proper puzzle as read, or only with digits changed: perhaps a digit cell's
  // kind was misjudged. The cheaper explanation wins (costs in nats of log-probability given up).
  let cost = fixed.solutions === 1 ? repairCost(givenProbs, fixed) : Infinity
  for (const cell of !rules || cost === 0 ? [] : unsureDigitCells(kinds, probs, KIND_SWAPS_TRIED)) {
    const swapCost = Math.abs(givenLogOdds(probs[cell]))
    if (swapCost >= cost) break
    const swapped = kinds.map((k, i) => (i === cell ? (k === 'given' ? 'entry' : 'given') : k))
    const probsSwapped = givenProbsOf(swapped)
    const tried = repair({ probs: probsSwapped })
    if (tried.solutions !== 1 || swapCost + repairCost(probsSwapped, tried) >= cost) continue
    ;[kinds, givenProbs, fixed, cost] = [swapped, probsSwapped, tried, swapCost + repairCost(probsSwapped, tried)]
  }
  // Still no proper puzzle: perhaps all is print in a face the cell model takes for handwriting. Try
  // every digit cell as a given, without changing a digit judged written (that would hide a mistake).
  if (rules && fixed.solutions !== 1) {
    const allPrint = kinds.map((k) => (k === 'entry' ? 'given' : k))
    const probsAll = givenProbsOf(allPrint)
    const tried = repair({ probs: probsAll })
    if (tried.solutions === 1 && tried.repaired.every((cell) => kinds[cell] !== 'entry')) [kinds, givenProbs, fixed] = [allPrint, probsAll, tried]
  }
  return paperOf(evidence, kinds, givenProbs, fixed, (cell) => evidence[cell].kind[CELL_KINDS.indexOf(kinds[cell])])
}

/** The page against its known print: the print's cells are sure givens; the others are judged among the kinds left. */
function decideAgainstPrint(evidence: readonly CellEvidence[], print: Grid): DecidedPaper {
  const notPrint = evidence.map((e) => withoutPrint(e.kind))
  const kinds = notPrint.map((p, cell) => (print[cell] ? 'given' : kindOf(p)))
  const givenProbs = kinds.map((_, cell) => (print[cell] ? sureDigit(print[cell]) : null))
  const fixed = { grid: Uint8Array.from(print), repaired: [], solutions: solve(print, { limit: 2 }).count }
  const paper = paperOf(evidence, kinds, givenProbs, fixed, (cell) => (print[cell] ? 1 : notPrint[cell][CELL_KINDS.indexOf(kinds[cell])]))
  const { solution } = paper
  const looksPrinted = solution
    ? evidence.flatMap(({ kind, written }, cell) =>
        !print[cell] && kindOf(kind) === 'given' && written && argmax(written) + 1 === solution[cell] ? [cell] : [],
      )
    : []
  return { ...paper, looksPrinted }
}

/** A cell's kind probabilities once print is ruled out; a cell judged surely print holds a digit, so written. */
function withoutPrint(kind: ArrayLike<number>): Float32Array {
  const left = Float32Array.from(kind, (p, k) => (CELL_KINDS[k] === 'given' ? 0 : p))
  const sum = left.reduce((a, b) => a + b, 0)
  return sum > 0 ? left.map((p) => p / sum) : kindProbs('entry')
}

/** The written digits and each cell's reading, once the kinds and the givens are decided. */
function paperOf(
  evidence: readonly CellEvidence[],
  kinds: readonly CellKind[],
  givenProbs: readonly (ArrayLike<number> | null)[],
  fixed: { grid: Grid; repaired: readonly Cell[]; solutions: number },
  kindP: (cell: Cell) => number,
): DecidedPaper {
  const givens = fixed.grid
  const solution = fixed.solutions === 1 ? solve(givens, { limit: 1 }).solution : null

  const entries = new Uint8Array(CELLS)
  const informed: Cell[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    const probs = evidence[cell].written
    if (kinds[cell] !== 'entry' || !probs) continue
    const top = argmax(probs) + 1
    const best = printRuledOut(givens, cell, top, (d) => probs[d - 1] / probs[top - 1])
    const right = solution?.[cell] ?? 0
    if (right && right !== best && probs[right - 1] >= settlingRatio(givens, cell, best) * probs[best - 1]) {
      entries[cell] = right
      informed.push(cell)
    } else entries[cell] = best
  }

  const cells: CellReading[] = evidence.map((e, cell) => {
    const kind = kinds[cell]
    const digit = kind === 'given' ? givens[cell] : kind === 'entry' ? entries[cell] : 0
    const digitProbs = kind === 'given' ? givenProbs[cell] : kind === 'entry' ? e.written : null
    const digitP = digit && digitProbs ? digitProbs[digit - 1] : 1
    const reading: CellReading = { kind, digit, marks: kind === 'marks' ? [...e.marks] : [], confidence: round3(kindP(cell) * digitP) }
    return digit && e.written ? { ...reading, written: Array.from(e.written) } : reading
  })
  return {
    cells,
    givens,
    entries,
    solution,
    mistakes: mistakesOf(entries, solution),
    repaired: fixed.repaired,
    informed,
    solutions: fixed.solutions,
    looksPrinted: [],
  }
}

/**
 * The cells decidePaper may take for printed (judged, mended or unsure; all digit cells when too
 * few): the printed voters must read them.
 */
export function mayBeGiven(probs: readonly ArrayLike<number>[]): boolean[] {
  const kinds = mendedKinds(probs)
  if (kinds.filter((k) => k === 'given').length < MIN_CLUES) return kinds.map((k) => k === 'given' || k === 'entry')
  const unsure = new Set(unsureDigitCells(kinds, probs, KIND_SWAPS_TRIED))
  return kinds.map((kind, cell) => kind === 'given' || kindOf(probs[cell]) === 'given' || unsure.has(cell))
}

/** No Sudoku with fewer givens has one solution (McGuire, Tugemann, Civario 2012). */
const MIN_CLUES = 17

const kindOf = (p: ArrayLike<number>): CellKind => CELL_KINDS[argmax(p)]

const mendedKinds = (probs: readonly ArrayLike<number>[]): CellKind[] => mendSymmetry(probs.map(kindOf), probs)

/**
 * The kinds from ink alone (no cell model): filled is a given; else empty, less surely the nearer
 * `filledScore` is to the cut.
 */
export function inkKinds(cells: readonly { filled: boolean; filledScore: number }[]): Float32Array[] {
  return cells.map(({ filled, filledScore }) => {
    if (filled) return kindProbs('given')
    const given = Math.min(1, filledScore / 1.2) / 2
    return Float32Array.from(CELL_KINDS, (k) => (k === 'given' ? given : k === 'empty' ? 1 - given : 0))
  })
}

/** A digit known for sure, as probabilities (index d - 1). */
export function sureDigit(digit: number): Float32Array {
  return Float32Array.from({ length: 9 }, (_, d) => (d === digit - 1 ? 1 : 0))
}

/** A certain kind, as probabilities. */
export function kindProbs(kind: CellKind): Float32Array {
  return Float32Array.from(CELL_KINDS, (k) => (k === kind ? 1 : 0))
}

/** Nats given up by the digits the rules changed (each cell's best reading against its chosen digit). */
function digitsGivenUp(probs: readonly (ArrayLike<number> | null)[], fixed: { grid: Grid; repaired: readonly Cell[] }): number {
  let cost = 0
  for (const cell of fixed.repaired) {
    const p = probs[cell]!
    cost += Math.log(Math.max(1e-4, p[argmax(p)])) - Math.log(Math.max(1e-4, p[fixed.grid[cell] - 1]))
  }
  return cost
}

function asRead(probs: readonly (ArrayLike<number> | null)[]): { grid: Grid; repaired: Cell[]; solutions: number } {
  const grid = bestDigits({ probs })
  return { grid, repaired: [], solutions: solve(grid, { limit: 2 }).count }
}

/** The best digit per cell of the given kind, without rules (for benchmarks). */
export function readAsIs(evidence: readonly CellEvidence[], kind: 'given' | 'entry'): Grid {
  return bestDigits({
    probs: evidence.map((e) => (CELL_KINDS[argmax(e.kind)] === kind ? (kind === 'given' ? (e.printed ?? e.written) : e.written) : null)),
  })
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000
