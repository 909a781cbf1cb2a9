/**
 * The cell model: what each cell of a page holds, from its patch (cells/patch.ts).
 *
 *   const clf = await loadCellClassifier()
 *   const probs = clf.classifyCells(cellPatches(cells.flat, cells.bounds))
 *   probs[i].kind   // Float32Array(4): p(empty), p(given), p(entry), p(marks), CELL_KINDS's order
 *   probs[i].digit  // Float32Array(9): p(1..9) at index d - 1, meaningful for a given or an entry
 *
 * `readingOf(probs)` turns one cell's probabilities into a CellReading (most likely kind and
 * digit, no Sudoku rules); the reader (read.ts) may decide otherwise with the rules, since the
 * probabilities are all there.
 *
 * Trust the kind more than the digit: by-puzzle cross-validation reads the kind of 99.2% of cells
 * right, givens' digits 98.9%, entries' digits only 80.7%. For a page: settle the kinds by print
 * height (paper/print-height.ts: kinds 99.7%) and take a given's or an entry's digit from the
 * written-digit model (written-digits.ts, on cells.ts's normalised image: entries 94.0%, givens
 * 99.8%, and 97.0% of entries times this model's digit head as paper/cell-judge.ts reads them); with the
 * first written-digit model (entries 94.3%) 99.16% of held-out cells right (training/paper/README.md).
 *
 * Network (core/nn.ts; trained and exported by training/paper/, see its README for the data and
 * the by-puzzle validation figures): input the 32x32 patch as ink (1 - grey/255); three 3x3 conv
 * + ReLU + 2x2 max-pool stages, a dense layer, then two softmax heads (kind, digit).
 */
import { CELL_KINDS, type CellReading } from '../cell-reading'
import { PATCH_SIDE } from '../cells/patch'
import type { GrayImage } from '../core/image'
import { type EncodedNet, Net, argmax } from '../core/nn'

export interface CellProbs {
  /** p(empty), p(given), p(entry), p(marks): CELL_KINDS's order. */
  readonly kind: Float32Array
  /** p(1)..p(9) at index d - 1: the digit if the cell holds a given or an entry. */
  readonly digit: Float32Array
}

/** The network input for one patch: ink in 0..1 (paper 0), row-major. */
export function patchInput(patch: GrayImage, out: Float32Array = new Float32Array(PATCH_SIDE * PATCH_SIDE)): Float32Array {
  if (patch.width !== PATCH_SIDE || patch.height !== PATCH_SIDE) {
    throw new Error(`cell model: patches must be ${PATCH_SIDE}x${PATCH_SIDE}, got ${patch.width}x${patch.height}`)
  }
  for (let i = 0; i < out.length; i++) out[i] = 1 - patch.data[i] / 255
  return out
}

export class CellClassifier {
  private readonly net: Net
  private readonly input = new Float32Array(PATCH_SIDE * PATCH_SIDE)
  /** The model's own description: data, date, validation figures. */
  readonly about: string

  constructor(model: EncodedNet) {
    const { input, heads } = model.spec
    if (input.channels !== 1 || input.side !== PATCH_SIDE) throw new Error(`cell model: expects ${PATCH_SIDE}x${PATCH_SIDE} grey input`)
    if (heads.map((h) => h.name).join() !== 'kind,digit') throw new Error('cell model: expects heads kind and digit')
    this.net = new Net(model)
    this.about = model.about
  }

  classify(patch: GrayImage): CellProbs {
    const out = this.net.run(patchInput(patch, this.input))
    return { kind: out.kind.probs, digit: out.digit.probs }
  }

  /** One CellProbs per patch, in order (81 for a page). */
  classifyCells(patches: readonly GrayImage[]): CellProbs[] {
    return patches.map((p) => this.classify(p))
  }
}

/**
 * The most likely reading of one cell: its kind, and for a given or an entry its digit;
 * `confidence` is p(kind), times p(digit) where there is a digit. Marks are left [] (paper/marks.ts
 * reads them).
 */
export function readingOf(probs: CellProbs): CellReading {
  const k = argmax(probs.kind)
  const kind = CELL_KINDS[k]
  if (kind === 'given' || kind === 'entry') {
    const d = argmax(probs.digit)
    return { kind, digit: d + 1, marks: [], confidence: probs.kind[k] * probs.digit[d] }
  }
  return { kind, digit: 0, marks: [], confidence: probs.kind[k] }
}

let shipped: Promise<CellClassifier> | undefined

/**
 * The classifier with the shipped weights (models/cells.ts), imported lazily so that code which
 * never reads cells does not pay for parsing them.
 */
export function loadCellClassifier(): Promise<CellClassifier> {
  shipped ??= import('../models/cells').then((m) => new CellClassifier(m.cellModel))
  return shipped
}

/** Classifies a page's patches with the shipped model. */
export async function classifyCells(patches: readonly GrayImage[]): Promise<CellProbs[]> {
  return (await loadCellClassifier()).classifyCells(patches)
}
