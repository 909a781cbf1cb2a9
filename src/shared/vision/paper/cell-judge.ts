/**
 * The cell judge of a page a person is solving (read.ts's CellJudge): which cells hold a printed
 * given, a written entry, pencil marks or nothing, and what the written ones say.
 *
 * 1. The cell model (paper/cell-classifier.ts) gives each cell's kind from its patch (cells/patch.ts),
 *    its odds of print against an entry held to PRINT_ODDS_LIMIT (it knows one person's hand).
 * 2. The page's print settles givens against entries: print is one size on a page, handwriting
 *    is not (paper/print-height.ts); print is one black, pen and pencil are lighter (paper/print-ink.ts); print
 *    is one font, and each printed digit has a twin among the page's prints of its value (paper/print-shape.ts).
 * 3. A written digit is read by the written-digit model (written-digits.ts) from cells.ts's
 *    normalised digit image, together with the cell model's digit head (a product of the two);
 *    where cells.ts found no digit blob, by the cell model's digit head alone.
 * 4. Pencil marks are read piece by piece (paper/marks.ts), [] when any piece is unsure; a cell judged
 *    a digit whose ink is two or more small marks in their places, read surely, is marks (paper/marks-kind.ts);
 *    on a page whose marks show them written as a keypad, its pieces leaned to their places.
 *
 * The printed givens' digits are read afterwards by the printed voters (read.ts), only in the
 * cells judged printed.
 */
import { CELL_KINDS } from '../cell-reading'
import type { Box } from '../cells/extract-cells'
import { type CellClassifier, loadCellClassifier } from './cell-classifier'
import { boxClearOfCrop, cellCrop } from '../cells/crop'
import { cellPatches } from '../cells/patch'
import type { DigitClassifier } from '../digits/classifier'
import { type MarkPiece, findPieces, joinedByPlace, keypadOdds, marksList, readMarkPieces } from './marks'
import { type MarksCandidate, type TurnedToMarks, marksByCandidate, marksByCandidateOrJoined, marksCandidate, penDarknessLimit } from './marks-kind'
import { settleKindsByHeight } from './print-height'
import { settleKindsByInk, strokeDarkness } from './print-ink'
import { settleKindsByShape } from './print-shape'
import { features } from '../digits/templates'
import type { CellJudge, CellJudgement, CutPage } from '../read-types'
import { loadWrittenDigitClassifier } from '../digits/written-digits'
import { argmax, reweigh } from '../core/nn'

const GIVEN = CELL_KINDS.indexOf('given')
const ENTRY = CELL_KINDS.indexOf('entry')
const MARKS = CELL_KINDS.indexOf('marks')

/**
 * Weight of the cell model's digit head beside the written-digit model's in a written digit's
 * reading (a weighted product). By-puzzle cross-validation on the pen train photos (out-of-fold
 * predictions of both models, training/paper/): entries read right 94.3% by the first
 * written-digit model alone, 95.2% at weight 0.2, 95.3% at 0.5, 95.6% at 1; with the shipped one
 * (warped training images, MNIST) 94.6% at 0 (the head alone where cells.ts found no blob), 95.3%
 * at 0.2, 96.6% at 0.5, 97.0% at 1, 96.7% at 1.5, 96.2% at 2.
 */
export const CELL_DIGIT_WEIGHT = 1

/**
 * How often each model misreads a written digit, so that before the product each model's
 * probabilities are mixed with a uniform guess at its error rate: the product then follows
 * whichever model is sure, and one sure model cannot veto the other's reading.
 *
 * The cell model's digit head learned handwriting from the pen photos alone, one person's: it
 * misreads 19.3% of that person's entries held out by puzzle, but 60.2% of the 8,037 entries of
 * the synthetic pages (training/paper/, synth_pages.py: MNIST writers and handwriting fonts),
 * whose writers it never saw. Whoever uses the app is such a writer, so it is weighed at the rate
 * for unseen writers. At 0.193 it outvoted a written-digit model sure of the right digit for 6 of
 * 300 held-out MNIST digits (bench:handwriting: 96.7% read right, 98.3% at 0.6), and the pen val
 * photos lose 2 of 74 photos read without an error for it (bench:paper; training/paper/README.md, "Other writers").
 * The written-digit model, trained on many writers (MNIST's training set, fonts, the pen photos), is
 * weighed at 6.0%, its error on the pen photos' entries held out by puzzle before 2026-11-26. The
 * model of 2026-11-26 misreads 2.6% of them (training/paper/README.md) and 1.3% of held-out
 * MNIST writers; weighed at 2.6% it read those MNIST digits the same and the pen val photos one
 * photo worse (71/80), so the more cautious rate stays. The model of 2026-11-27, trained on all of
 * MNIST's training set, misreads 1.3% of 1,199 digits by MNIST's test-set writers, alone.
 */
export const HEAD_DIGIT_ERROR = 0.6
export const WRITTEN_DIGIT_ERROR = 0.06

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
      const judgedPrint = (i: number): boolean => argmax(byInk[i]) === GIVEN && page.cells[i].filled
      // A digit the cell's crop cuts has lost its shape (paper/print-shape.ts compares only whole ones).
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

  /** The written-digit model's reading of a cell's digit image; each cell is read once (paper/print-shape.ts needs it first). */
  function writtenReader(page: CutPage): (cell: number) => Float32Array {
    const readings = new Map<number, Float32Array>()
    return (cell) => {
      let probs = readings.get(cell)
      if (!probs) readings.set(cell, (probs = written.classify(page.cells[cell].image).probs))
      return probs
    }
  }

  /** One cell's judgement from its kind: marks by their pieces, a digit read as handwriting; and the marks' pieces. */
  function judgeCell(page: CutPage, i: number, kind: Float32Array, head: Float32Array, readWritten: (cell: number) => Float32Array): JudgedCell {
    const cell = page.cells[i]
    const best = argmax(kind)
    if (best === MARKS) {
      const found = findPieces(page.flat, page.bounds[i])
      const { pieces, reading } = readMarkPieces(page.flat, page.bounds[i], found, written)
      return { judgement: { kind, written: null, marks: reading.marks }, pencil: { pieces, stray: found.stray, readInPlace: true }, joined: null }
    }
    const candidate = marksCandidate(page.flat, page.bounds[i], written)
    const { turned, joined } = candidate
      ? marksByCandidateOrJoined(kind, page.flat, page.bounds[i], candidate, written, cell.filled)
      : { turned: null, joined: null }
    if (turned) return { judgement: { kind: turned.kind, marks: turned.marks, written: null }, pencil: turned, joined: null }
    const digitCell = best === GIVEN || best === ENTRY
    const digit = digitCell ? (cell.filled ? writtenDigit(readWritten(i), head) : head) : null
    return { judgement: { kind, written: digit, marks: [] }, pencil: null, joined }
  }

  /**
   * The judgements, with each cell's marks listed again leaning to their keypad places where the
   * page's marks show the person writes them so (paper/marks.ts's keypadOdds; pieces in one place joined,
   * joinedByPlace): a cell of two marks shows too little of it alone, but is written as the page's
   * others are. A cell judged a digit or empty is judged again by its pieces so joined and leaned (paper/marks-kind.ts).
   */
  function listedByPage(page: CutPage, cells: readonly JudgedCell[]): CellJudgement[] {
    const odds = keypadOdds(cells.flatMap(({ pencil }) => (pencil?.readInPlace ? [pencil.pieces] : [])))
    if (!odds) return cells.map(({ judgement }) => judgement)
    const darkness = (boxes: readonly Box[]): number[] => boxes.map((box) => strokeDarkness(page.flat, box))
    const penBelow = penDarknessLimit(
      darkness(cells.flatMap(({ judgement }, i) => (argmax(judgement.kind) === ENTRY && page.cells[i].box ? [page.cells[i].box] : []))),
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
 * A cell's judgement, and the pieces of its pencil marks with the stray ink beside them (null for a
 * digit or an empty cell); for a digit or an empty cell whose ink might yet be marks, its pieces,
 * those that share a place joined (paper/marks-kind.ts's marksByCandidateOrJoined), for the page's
 * second look.
 */
interface JudgedCell {
  readonly judgement: CellJudgement
  readonly pencil: Pick<TurnedToMarks, 'pieces' | 'stray' | 'readInPlace'> | null
  readonly joined: MarksCandidate | null
}

/**
 * How often cells.ts finds a digit's ink (`filled`: its first look, or its second for print faded
 * by glare) in a cell of each kind, in CELL_KINDS order, counted on the pen train photos at their
 * labelled corners (datasets/kubiesa-kinds.txt) and Wicht's 160 printed photos, plus one of each:
 * empty 0 of 11,528 cells filled, given 6,959 of 6,960, entry 563 of 576, marks 316 of 376.
 */
const INK_FOUND_RATE = Float32Array.from(CELL_KINDS, (kind) => ({ empty: 1 / 11530, given: 6960 / 6962, entry: 564 / 578, marks: 317 / 378 })[kind])

/**
 * The most the cell model's odds of print against a written entry may say, before height, ink and
 * shape weigh them. It learned handwriting from one person's (the pen train photos) and takes other
 * writers' digits for print, mostly at its floor of p(entry) (163 of 180 on sessions 101-106, odds
 * of 10^4), so its verdict cannot stand at those odds against a shape that is no print's (weighed
 * 0.003, paper/print-shape.ts) and a height that is not print's. Limited to 100, bench:handwriting judges
 * 9 of seeds 1-10's 300 written digits print where it judged 32 (29 of seeds 11-40's 900 where 114);
 * bench:read and the pen val photos read every printed given as before (the train photos' folds:
 * two givens of a photo already wrong taken for entries). Chosen, not fitted (the one value tried);
 * a 5% mix of given and entry (odds of at most 19) cost the pen val photos 4 givens
 * (training/paper/README.md).
 */
const PRINT_ODDS_LIMIT = 100

/**
 * The cell model's kind probabilities, floored and with its odds of print against an entry held
 * to PRINT_ODDS_LIMIT, weighed by whether cells.ts found ink there (a likelihood, renormalised).
 * Over Wicht's photos the cell model alone called two glare-washed printed 7s empty, and a smudge
 * showing through from the page's back a given; cells.ts's ink settles both.
 * Where it found none, only p(given) is weighed: its look was made for print and misses print
 * once in thousands, but the handwriting and pencil it misses are the faint strokes the cell
 * model is unsure of too, so for those its silence is no independent evidence (weighing entries
 * as well blanked 7 of 576 written digits on the pen train photos, by-puzzle folds).
 */
function inkedKind(kind: Float32Array, filled: boolean): Float32Array {
  const floored = Array.from(kind, (p) => Math.max(1e-4, p))
  floored[ENTRY] = Math.max(floored[ENTRY], floored[GIVEN] / PRINT_ODDS_LIMIT)
  return reweigh(floored, (k) => (filled ? INK_FOUND_RATE[k] : k === GIVEN ? 1 - INK_FOUND_RATE[k] : 1))
}

/** The judge with the shipped models, loaded lazily (their weights are ~1.2 MB of text). */
export async function loadPaperJudge(): Promise<CellJudge> {
  const [cellModel, written] = await Promise.all([loadCellClassifier(), loadWrittenDigitClassifier()])
  return paperJudge(cellModel, written)
}

/**
 * A written digit's probabilities from the written-digit model's `written` and the cell model's
 * digit head's `head`: the product written * head^CELL_DIGIT_WEIGHT of each mixed with a uniform
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
