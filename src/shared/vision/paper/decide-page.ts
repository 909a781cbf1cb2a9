/**
 * Step 7: decide the page. From what the models say about each cell (its kind, its digit read as
 * print and as handwriting, the pencil marks in it) to the page as a person left it: the printed
 * puzzle, the digits they wrote, and their mistakes.
 *
 * - The givens must be a proper puzzle: the Sudoku rules repair them (digits/repair.ts), as for a blank
 *   printed puzzle.
 * - An entry is never "repaired" to the solution. A written digit that contradicts the solution is
 *   the person's mistake and is reported as one. The solution may only settle which of two close
 *   readings of an unclear stroke is the likelier, or a reading that repeats a printed digit of the
 *   cell's row, column or box (settlingRatio), and such cells are reported as `informed`. A stroke
 *   read about evenly as such a digit and one other is that other (printRuledOut).
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
   * Read against a known print (DecideOptions.print): the cells outside it that the cell model
   * judges print and whose digit reads as the print's solution has it there, a given the shot the
   * print was taken from missed (watch/paper-memory.ts may add it); [] otherwise.
   */
  readonly looksPrinted: readonly Cell[]
}

/**
 * An unclear written digit is settled by the solution only when the solution's digit is at least
 * this likely relative to the best reading. By-puzzle cross-validation of the written-digit model
 * on the pen train photos: of the entries it misreads, the solution's digit is within 0.2 of the
 * best for 63%, within 0.02 for 77%, within 0.005 for 88%; of clearly written wrong digits (each
 * entry read right, every other digit tried as the solution), 1.8%, 10% and 21% would be settled
 * to the solution and so not reported as mistakes. With misreads at ~6% of entries and mistakes
 * assumed at ~2% (the shared photos hold none), 0.02 gives ~15 wrong reports per 1,000 entries
 * against ~21 at 0.2, while still reporting 90% of mistakes; a settled cell is also marked on the
 * board for review, so a hidden mistake is not silent.
 */
export const INFORMED_RATIO = 0.02

/**
 * How likely the solution's digit must be read, relative to the best reading, to settle a written
 * digit: INFORMED_RATIO, but any odds where the best reading repeats a digit printed in the cell's
 * row, column or box. The print is in plain view, and a person checks it before writing, whereas a
 * misread lands on whichever digit the stroke resembles: 11 of the 15 digits the time-lapse's move
 * log misread on its 35 synthetic sessions repeated a printed digit there, and 2 of those 11 read
 * the solution's digit under INFORMED_RATIO, one at the floor the reader's mixing leaves
 * (WRITTEN_DIGIT_ERROR), so no ratio above that floor settles it. On the pen val photos (never
 * trained on) the rule took the entry digits wrong from 6 to 4, photos read all right from 72 to 73
 * of 80. A person's mistake that repeats a printed digit is then taken for the solution's digit,
 * marked on the board as decided by the solution: with misreads and mistakes at INFORMED_RATIO's
 * rates, and misreads repeating print and left unsettled as often as above (11 of 15, 2 of 11), the
 * rule reports fewer cells wrongly unless some 45% or more of people's mistakes repeat a printed
 * digit of the cell's row, column or box.
 */
export function settlingRatio(givens: Grid, cell: Cell, best: number): number {
  return repeatsPrint(givens, cell, best) ? 0 : INFORMED_RATIO
}

/** Whether `digit` is printed in the cell's row, column or box. */
function repeatsPrint(givens: Grid, cell: Cell, digit: number): boolean {
  return peers[cell].some((peer) => givens[peer] === digit)
}

/**
 * Two readings of a written digit are close when the lesser is at least this likely relative to the
 * best: the measurement behind INFORMED_RATIO found the right digit within 0.2 of the best for 63%
 * of misread entries and for only 1.8% of clearly written wrong digits.
 */
export const CLOSE_RATIO = 0.2

const DIGITS: readonly Digit[] = [1, 2, 3, 4, 5, 6, 7, 8, 9]

/** The digits other than `best` read within CLOSE_RATIO of it (`ratio`: a digit's odds against the best). */
export function closeReadings(best: Digit, ratio: (d: Digit) => number): Digit[] {
  return DIGITS.filter((d) => d !== best && ratio(d) >= CLOSE_RATIO)
}

/**
 * What a written stroke whose best reading, `best`, repeats a digit printed in the cell's row,
 * column or box is taken for, where the reading is split between that digit and one other that
 * repeats no print (the only digit read within CLOSE_RATIO of the best; `ratio`: a digit's odds
 * against the best): that other. A person checks the print before writing (settlingRatio), and a
 * stroke read as two digits is one of them, so the reading names the digit written, right or a
 * mistake (an 8 with its top loop pinched shut, read 2 and 8 about evenly beside a printed 2, in a
 * `--mistakes` session of bench:timelapse-session). Else `best`, for the solution to settle as
 * settlingRatio says: a reading spread over three digits or more names none of them (pencil marks
 * read together, a crease, a digit caught half written). Of the readings of written digits that
 * read another digit close, 81% read just one (bench:timelapse-session's 50 runs; 87% on 12 more
 * sessions of other photos).
 */
export function printRuledOut(givens: Grid, cell: Cell, best: Digit, ratio: (d: Digit) => number): Digit {
  if (!repeatsPrint(givens, cell, best)) return best
  const close = closeReadings(best, ratio)
  return close.length === 1 && !repeatsPrint(givens, cell, close[0]) ? close[0] : best
}

/**
 * Digit cells whose given-or-entry judgement is tried the other way, one at a time, when the givens
 * are no proper puzzle as read: the least sure ones. Each try is one repair (at most a few hundred
 * solver calls), so the whole search stays within tens of milliseconds.
 */
export const KIND_SWAPS_TRIED = 8

export interface DecideOptions {
  /** false: take the kinds and each given's best reading as they are (for benchmarks). */
  readonly rules?: boolean
  /**
   * The total weight of the voters whose weighted product `printed` is (read.ts's ensemble, 2.2 as
   * shipped). Its log-probabilities count each voter's evidence that many times over, so a repaired
   * digit's cost is divided by it before it is weighed against one model's kind judgement: else a
   * printed digit half cut off by a crease, which every voter misreads, is cheaper to explain as
   * handwriting than as a misread (two Wicht photos of one puzzle, held-out classifier).
   */
  readonly printWeight?: number
  /**
   * The printed givens, known from an earlier read of the same page (a time-lapse's first shot).
   * Print does not change while a person solves, so these are the givens as they are, and a digit
   * in any other cell was written, whatever the cell model takes it for: on the synthetic solving
   * sessions (bench:timelapse-session) two in three MNIST pen digits were judged print in some shot.
   */
  readonly print?: Grid
}

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
  // Givens that are no proper puzzle as read, or only with digits changed: perhaps a digit cell was
  // misjudged print or handwriting instead. The cheaper explanation wins (costs in nats: a kind's
  // or a digit's log-probability given up).
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
  // Still no proper puzzle: perhaps the page is all print in a face the cell model takes for
  // handwriting (a bold condensed font read as pen in every cell). Every digit cell as a given is
  // then the likelier page, when it is a proper puzzle as read there: a digit judged written is
  // never changed to make it one, as that would hide a person's mistake.
  if (rules && fixed.solutions !== 1) {
    const allPrint = kinds.map((k) => (k === 'entry' ? 'given' : k))
    const probsAll = givenProbsOf(allPrint)
    const tried = repair({ probs: probsAll })
    if (tried.solutions === 1 && tried.repaired.every((cell) => kinds[cell] !== 'entry')) [kinds, givenProbs, fixed] = [allPrint, probsAll, tried]
  }
  return paperOf(evidence, kinds, givenProbs, fixed, (cell) => evidence[cell].kind[CELL_KINDS.indexOf(kinds[cell])])
}

/**
 * The page against its known print: the print's cells are its givens, sure; every other cell is
 * judged among the kinds left (empty, entry, marks), its odds as the cell model gave them.
 */
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
 * The cells decidePaper may take for printed: judged so, made so by the page's symmetry, or among
 * the least sure digit cells it tries the other way; every digit cell when too few are judged
 * printed for a proper puzzle (decidePaper then tries the page as all print). The printed voters
 * must read all of these: a printed digit the cell model took for handwriting is otherwise tried
 * as a given with only its handwriting reading, which may be another digit.
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
 * The kinds of a page judged from its ink alone (no cell model): a filled cell is a given; an
 * empty one is empty, the less surely the more ink evidence it had (`filledScore` near the cut).
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
