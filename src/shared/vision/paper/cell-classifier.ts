/**
 * The cell model (training/paper/): each cell's kind and digit from its patch (cells/patch.ts). Its
 * kinds are surer than its digits (by-puzzle CV: kinds 99.2%, entries' digits 80.7%), so
 * paper/cell-judge.ts settles both further.
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

/** The cell model on its weights; patches are PATCH_SIDE square, as cells/patch.ts cuts them. */
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

/** The most likely kind and digit of one cell, no Sudoku rules; confidence p(kind) x p(digit); marks [] (paper/marks.ts reads them). */
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

/** The classifier with the shipped weights (models/cells.ts), imported lazily: parsing them is not free. */
export function loadCellClassifier(): Promise<CellClassifier> {
  shipped ??= import('../models/cells').then((m) => new CellClassifier(m.cellModel))
  return shipped
}

/** Classifies a page's patches with the shipped model. */
export async function classifyCells(patches: readonly GrayImage[]): Promise<CellProbs[]> {
  return (await loadCellClassifier()).classifyCells(patches)
}
