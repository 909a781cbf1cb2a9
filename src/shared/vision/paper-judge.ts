/**
 * The cell judge of a page a person is solving (read.ts's CellJudge): which cells hold a printed
 * given, a written entry, pencil marks or nothing, and what the written ones say.
 *
 * 1. The cell model (cell-classifier.ts) gives each cell's kind from its patch (cell-patch.ts).
 * 2. The page's print height settles givens against entries (print-height.ts): print is one
 *    size on a page, handwriting is not.
 * 3. A written digit is read by the written-digit model (written-digits.ts) from cells.ts's
 *    normalised digit image, together with the cell model's digit head (a product of the two);
 *    where cells.ts found no digit blob, by the cell model's digit head alone.
 * 4. Pencil marks are read piece by piece (marks.ts), [] when any piece is unsure.
 *
 * The printed givens' digits are read afterwards by the printed voters (read.ts), only in the
 * cells judged printed.
 */
import { CELL_KINDS } from './cell-reading'
import { type CellClassifier, loadCellClassifier } from './cell-classifier'
import { cellPatches } from './cell-patch'
import type { DigitClassifier } from './classifier'
import { readMarks } from './marks'
import { settleKindsByHeight } from './print-height'
import type { CellJudge, CellJudgement, CutPage } from './read'
import { loadWrittenDigitClassifier } from './written-digits'

const GIVEN = CELL_KINDS.indexOf('given')
const ENTRY = CELL_KINDS.indexOf('entry')
const MARKS = CELL_KINDS.indexOf('marks')

/**
 * Weight of the cell model's digit head beside the written-digit model's in a written digit's
 * reading (a weighted product). By-puzzle cross-validation on the pen train photos (out-of-fold
 * predictions of both models, scripts/train-paper/): entries read right 94.3% by the first
 * written-digit model alone, 95.2% at weight 0.2, 95.3% at 0.5, 95.6% at 1; with the shipped one
 * (warped training images, MNIST) 94.6% at 0 (the head alone where cells.ts found no blob), 95.3%
 * at 0.2, 96.6% at 0.5, 97.0% at 1, 96.7% at 1.5, 96.2% at 2.
 */
export const CELL_DIGIT_WEIGHT = 1

export function paperJudge(cellModel: CellClassifier, written: DigitClassifier): CellJudge {
  return {
    judge(page: CutPage): CellJudgement[] {
      const probs = cellModel.classifyCells(cellPatches(page.flat, page.bounds))
      const kinds = settleKindsByHeight(
        probs.map((p) => p.kind),
        page.cells.map((c) => c.box),
      )
      return page.cells.map((cell, i) => {
        const kind = kinds[i]
        const best = argmax(kind)
        const digitCell = best === GIVEN || best === ENTRY
        return {
          kind,
          written: digitCell ? (cell.filled ? product(written.classify(cell.image).probs, probs[i].digit, CELL_DIGIT_WEIGHT) : probs[i].digit) : null,
          marks: best === MARKS ? readMarks(page.flat, page.bounds[i], written).marks : [],
        }
      })
    },
  }
}

/** The judge with the shipped models, loaded lazily (they are ~400 KB of weights). */
export async function loadPaperJudge(): Promise<CellJudge> {
  const [cellModel, written] = await Promise.all([loadCellClassifier(), loadWrittenDigitClassifier()])
  return paperJudge(cellModel, written)
}

/** p * q^weight, normalised (each floored so that neither vetoes a digit alone). */
function product(p: ArrayLike<number>, q: ArrayLike<number>, weight: number): Float32Array {
  const out = Float32Array.from(p, (pi, i) => Math.max(1e-4, pi) * Math.max(1e-4, q[i]) ** weight)
  const sum = out.reduce((a, b) => a + b, 0)
  return out.map((v) => v / sum)
}

function argmax(p: ArrayLike<number>): number {
  let best = 0
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i
  return best
}
