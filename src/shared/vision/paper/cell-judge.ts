/**
 * The cell judge of a page being solved (read.ts's CellJudge): which cells hold a given, an entry,
 * marks or nothing, and what the written ones say. The cell model's kinds are settled by the page's
 * print (one size, one black, one font); written digits are read by two models together, marks
 * piece by piece.
 */
import { CELL_KINDS, KIND_INDEX } from '../cell-reading'
import type { Box } from '../cells/extract-cells'
import { type CellClassifier, loadCellClassifier } from './cell-classifier'
import { boxClearOfCrop, cellCrop } from '../cells/crop'
import { cellPatches } from '../cells/patch'
import type { DigitClassifier } from '../digits/classifier'
import { findPieces } from './mark-pieces'
import { type MarkPiece, joinedByPlace, keypadOdds, marksList, readMarkPieces } from './marks'
import { type MarksCandidate, type TurnedToMarks, marksByCandidate, marksByCandidateOrJoined, marksCandidate, penDarknessLimit } from './marks-kind'
import { settleKindsByHeight } from './print-height'
import { settleKindsByInk, strokeDarkness } from './print-ink'
import { settleKindsByShape } from './print-shape'
import { features } from '../digits/templates'
import type { CellJudge, CellJudgement, CutPage } from '../read-types'
import { loadWrittenDigitClassifier } from '../digits/written-digits'
import { argmax, reweigh } from '../core/nn'

/**
 * Weight of the cell model's digit head beside the written-digit model in their product. Set by
 * by-puzzle CV on the pen train photos.
 */
export const CELL_DIGIT_WEIGHT = 1

/**
 * Each model's error rate on written digits, mixed in as a uniform guess so that one sure model
 * cannot veto the other. The digit head learned one hand and misreads 60% of others'
 * (training/paper/synth_pages.py).
 */
export const HEAD_DIGIT_ERROR = 0.6
export const WRITTEN_DIGIT_ERROR = 0.06

/** The judge on these models: the cell model and a written-digit classifier. */
export function paperJudge(cellModel: CellClassifier, written: DigitClassifier): CellJudge {
  return {
    judge(page: CutPage): CellJudgement[] {
      const probs = cellModel.classifyCells(cellPatches(page.flat, page.bounds))
      const clearOfCrop = page.cells.map((c, i) => c.whole !== null && boxClearOfCrop(c.whole, cellCrop(page.bounds[i], page.flat.width, page.flat.height)))
      const byHeight = settleKindsByHeight(
        probs.map((p, i) => inkedKind(p.kind, page.cells[i].filled)),
        page.cells.map((c) => c.box),
        page.cells.map((c) => c.whole),
        clearOfCrop,
      )
      const byInk = settleKindsByInk(
        byHeight,
        page.cells.map((c) => (c.box ? strokeDarkness(page.flat, c.box) : null)),
      )
      const readWritten = writtenReader(page)
      const judgedPrint = (i: number): boolean => argmax(byInk[i]) === KIND_INDEX.given && page.cells[i].filled
      // A digit the cell's crop cuts has lost its shape.
      const kinds = settleKindsByShape(
        byInk,
        page.cells.map((c, i) => (judgedPrint(i) && clearOfCrop[i] ? features(c.image) : null)),
        page.cells.map((_, i) => (judgedPrint(i) ? writtenDigit(readWritten(i), probs[i].digit) : null)),
      )
      return listedByPage(
        page,
        page.cells.map((_, i) => judgeCell(page, i, kinds[i], probs[i].digit, readWritten)),
      )
    },
    judgeCells(page: CutPage, cells: readonly number[]): CellJudgement[] {
      const probs = cellModel.classifyCells(
        cellPatches(
          page.flat,
          cells.map((i) => page.bounds[i]),
        ),
      )
      const readWritten = writtenReader(page)
      return cells.map((i, k) => judgeCell(page, i, inkedKind(probs[k].kind, page.cells[i].filled), probs[k].digit, readWritten).judgement)
    },
  }

  /** The written-digit model's reading of a cell's digit, read once per cell (print-shape.ts needs it first). */
  function writtenReader(page: CutPage): (cell: number) => Float32Array {
    const readings = new Map<number, Float32Array>()
    return (cell) => {
      let probs = readings.get(cell)
      if (!probs) readings.set(cell, (probs = written.classify(page.cells[cell].image).probs))
      return probs
    }
  }

  /** One cell's judgement from its kind, with its marks' pieces; a digit without ink found is read by the digit head alone. */
  function judgeCell(page: CutPage, i: number, kind: Float32Array, head: Float32Array, readWritten: (cell: number) => Float32Array): JudgedCell {
    const cell = page.cells[i]
    const best = argmax(kind)
    if (best === KIND_INDEX.marks) {
      const found = findPieces(page.flat, page.bounds[i])
      const { pieces, reading } = readMarkPieces(page.flat, page.bounds[i], found, written)
      return { judgement: { kind, written: null, marks: reading.marks }, pencil: { pieces, stray: found.stray, readInPlace: true }, joined: null }
    }
    const candidate = marksCandidate(page.flat, page.bounds[i], written)
    const { turned, joined } = candidate
      ? marksByCandidateOrJoined(kind, page.flat, page.bounds[i], candidate, written, cell.filled)
      : { turned: null, joined: null }
    if (turned) return { judgement: { kind: turned.kind, marks: turned.marks, written: null }, pencil: turned, joined: null }
    const digitCell = best === KIND_INDEX.given || best === KIND_INDEX.entry
    const digit = digitCell ? (cell.filled ? writtenDigit(readWritten(i), head) : head) : null
    return { judgement: { kind, written: digit, marks: [] }, pencil: null, joined }
  }

  /**
   * The judgements, with marks leaned to their keypad places where the page's marks show that habit
   * (keypadOdds), which a two-mark cell cannot show alone; digit and empty cells are judged again
   * so leaned.
   */
  function listedByPage(page: CutPage, cells: readonly JudgedCell[]): CellJudgement[] {
    const odds = keypadOdds(cells.flatMap(({ pencil }) => (pencil?.readInPlace ? [pencil.pieces] : [])))
    if (!odds) return cells.map(({ judgement }) => judgement)
    const darkness = (boxes: readonly Box[]): number[] => boxes.map((box) => strokeDarkness(page.flat, box))
    const penBelow = penDarknessLimit(
      darkness(cells.flatMap(({ judgement }, i) => (argmax(judgement.kind) === KIND_INDEX.entry && page.cells[i].box ? [page.cells[i].box] : []))),
      darkness(cells.flatMap(({ pencil }) => pencil?.pieces.map((piece) => piece.box) ?? [])),
    )
    // A pen digit broken into pieces is no marks, however the page's keypad would lean them.
    const inPen = (pieces: readonly MarkPiece[]): boolean => Math.min(...darkness(pieces.map((piece) => piece.box))) < penBelow
    return cells.map(({ judgement, pencil, joined }, i) => {
      const turned = joined && marksByCandidate(judgement.kind, joined, page.cells[i].filled, inPen(joined.pieces) ? 0 : odds)
      const marked = turned ?? pencil
      if (!marked) return judgement
      const pieces = joinedByPlace(page.flat, page.bounds[i], marked.pieces, written)
      const marks = marksList(pieces, marked.stray, odds).marks
      return turned ? { kind: turned.kind, written: null, marks } : { ...judgement, marks }
    })
  }
}

/**
 * A cell's judgement, its marks' pieces (null for a digit or empty cell), and the joined pieces of
 * a digit or empty cell whose ink may be marks.
 */
interface JudgedCell {
  readonly judgement: CellJudgement
  readonly pencil: Pick<TurnedToMarks, 'pieces' | 'stray' | 'readInPlace'> | null
  readonly joined: MarksCandidate | null
}

/**
 * How often cells/extract-cells.ts finds ink (`filled`) in each kind of cell, counted on the
 * labelled pen train and Wicht photos.
 */
const INK_FOUND_RATE = Float32Array.from(CELL_KINDS, (kind) => ({ empty: 1 / 11530, given: 6960 / 6962, entry: 564 / 578, marks: 317 / 378 })[kind])

/**
 * The most the cell model's odds of print against an entry may say: it gives other hands' digits
 * odds of ~10^4, which height, ink and shape could never overturn. Chosen, not fitted.
 */
const PRINT_ODDS_LIMIT = 100

/**
 * The cell model's kinds floored, capped at PRINT_ODDS_LIMIT, and weighed by whether ink was found.
 * Where none was, only p(given) is weighed: the faint ink extract-cells.ts misses, the cell model
 * doubts too.
 */
function inkedKind(kind: Float32Array, filled: boolean): Float32Array {
  const floored = Array.from(kind, (p) => Math.max(1e-4, p))
  floored[KIND_INDEX.entry] = Math.max(floored[KIND_INDEX.entry], floored[KIND_INDEX.given] / PRINT_ODDS_LIMIT)
  return reweigh(floored, (k) => (filled ? INK_FOUND_RATE[k] : k === KIND_INDEX.given ? 1 - INK_FOUND_RATE[k] : 1))
}

/** The judge with the shipped models, loaded lazily (their weights are ~1.2 MB of text). */
export async function loadPaperJudge(): Promise<CellJudge> {
  const [cellModel, written] = await Promise.all([loadCellClassifier(), loadWrittenDigitClassifier()])
  return paperJudge(cellModel, written)
}

/**
 * A written digit's probabilities: written x head^CELL_DIGIT_WEIGHT, each mixed with a uniform
 * guess at its error rate, normalised.
 */
export function writtenDigit(written: ArrayLike<number>, head: ArrayLike<number>): Float32Array {
  const headMixed = mixUniform(head, HEAD_DIGIT_ERROR)
  return reweigh(mixUniform(written, WRITTEN_DIGIT_ERROR), (i) => headMixed[i] ** CELL_DIGIT_WEIGHT)
}

/** (1 - rate) * p + rate / n: a model's probabilities allowing for its being wrong at `rate`. */
function mixUniform(p: ArrayLike<number>, rate: number): Float32Array {
  return Float32Array.from(p, (pi) => (1 - rate) * pi + rate / p.length)
}
