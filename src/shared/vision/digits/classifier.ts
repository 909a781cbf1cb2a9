/**
 * A small convolutional digit classifier, a voter of the reader's ensemble: probabilities of 1-9
 * (index d - 1) for a filled cell's normalised 80x80 image (cells/normalise.ts); it never decides
 * empty against filled. The central 60x60 averaged to 20x20 ink -> conv 3x3 + ReLU -> max-pool 2 ->
 * conv 3x3 + ReLU -> max-pool 2 -> dense + ReLU -> dense 9 -> softmax. Plain TypeScript, and the
 * trainer (training/digits/) runs this very forward pass, so the two cannot drift apart. Weights:
 * models/digits.ts; bench/digit-folds.ts has models that never saw a given photo's puzzle.
 */
import { decodeHalfs, encodeHalfs } from '../core/half-floats'
import type { GrayImage } from '../core/image'
import { conv3x3Relu, dense, maxPool2, softmax } from '../core/nn'

// The layer functions live in core/nn.ts (shared with every network); re-exported for the trainer.
export { conv3x3Relu, dense, maxPool2, softmax }

export interface DigitNetShape {
  /** Side of the network input after cropping and averaging (20). */
  readonly input: number
  /** Side of the central crop of the 80x80 cell (60), a multiple of `input`. */
  readonly crop: number
  readonly conv1: number
  readonly conv2: number
  readonly hidden: number
}

/** A model as stored: shape plus all weights as base64 little-endian float16, in layer order. */
export interface EncodedDigitModel {
  readonly shape: DigitNetShape
  /** Free text: what it was trained on, when, and its validation figures. */
  readonly about: string
  readonly weights: string
}

/** Weights in layer order; conv kernels are [out][in][3][3], dense matrices are [out][in]. */
export interface DigitNet {
  readonly shape: DigitNetShape
  readonly w1: Float32Array
  readonly b1: Float32Array
  readonly w2: Float32Array
  readonly b2: Float32Array
  readonly w3: Float32Array
  readonly b3: Float32Array
  readonly w4: Float32Array
  readonly b4: Float32Array
}

export const CLASSES = 9
export const CELL_SIDE = 80

/** Sizes of the weight arrays, in storage order. */
export function layerSizes(s: DigitNetShape): number[] {
  const flat = s.conv2 * (s.input / 4) ** 2
  return [s.conv1 * 9, s.conv1, s.conv2 * s.conv1 * 9, s.conv2, s.hidden * flat, s.hidden, CLASSES * s.hidden, CLASSES]
}

/** Splits one flat weight array into the network's layers (views, no copies). */
export function netFromFlat(shape: DigitNetShape, flat: Float32Array): DigitNet {
  const sizes = layerSizes(shape)
  const total = sizes.reduce((a, b) => a + b, 0)
  if (flat.length !== total) throw new Error(`digit model: expected ${total} weights, got ${flat.length}`)
  const parts: Float32Array[] = []
  let at = 0
  for (const n of sizes) parts.push(flat.subarray(at, (at += n)))
  const [w1, b1, w2, b2, w3, b3, w4, b4] = parts
  return { shape, w1, b1, w2, b2, w3, b3, w4, b4 }
}

/** The network of a stored model (float16 halves the file against float32). */
export function decodeDigitModel(model: EncodedDigitModel): DigitNet {
  return netFromFlat(model.shape, decodeHalfs(model.weights))
}

export function encodeDigitModel(net: DigitNet, about: string): EncodedDigitModel {
  return { shape: net.shape, about, weights: encodeHalfs([net.w1, net.b1, net.w2, net.b2, net.w3, net.b3, net.w4, net.b4]) }
}

/** The network input for an 80x80 cell: its central `crop` averaged in blocks, as ink in 0..1; other sizes sampled alike. */
export function cellInput(cell: GrayImage, shape: DigitNetShape, out: Float32Array = new Float32Array(shape.input ** 2)): Float32Array {
  const n = shape.input
  const f = shape.crop / n
  const off = (CELL_SIDE - shape.crop) / 2
  const sx = cell.width / CELL_SIDE,
    sy = cell.height / CELL_SIDE
  const d = cell.data
  const scale = 1 / (f * f * 255)
  if (cell.width === CELL_SIDE && cell.height === CELL_SIDE) {
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        let sum = 0
        for (let dy = 0; dy < f; dy++) {
          const row = (off + f * y + dy) * CELL_SIDE + off + f * x
          for (let dx = 0; dx < f; dx++) sum += d[row + dx]
        }
        out[y * n + x] = 1 - sum * scale
      }
    return out
  }
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      let sum = 0
      for (let dy = 0; dy < f; dy++) {
        const py = Math.min(cell.height - 1, Math.floor((off + f * y + dy + 0.5) * sy))
        for (let dx = 0; dx < f; dx++) {
          const px = Math.min(cell.width - 1, Math.floor((off + f * x + dx + 0.5) * sx))
          sum += d[py * cell.width + px]
        }
      }
      out[y * n + x] = 1 - sum * scale
    }
  return out
}

/** Every intermediate of one forward pass (the trainer needs them for backpropagation). */
export interface Activations {
  readonly x: Float32Array
  readonly a1: Float32Array
  readonly p1: Float32Array
  readonly arg1: Int32Array
  readonly a2: Float32Array
  readonly p2: Float32Array
  readonly arg2: Int32Array
  readonly h: Float32Array
  readonly logits: Float32Array
  readonly probs: Float32Array
  readonly pad1: Float32Array
  readonly pad2: Float32Array
}

export function newActivations(s: DigitNetShape): Activations {
  const n = s.input,
    h = n / 2,
    q = n / 4
  return {
    x: new Float32Array(n * n),
    a1: new Float32Array(s.conv1 * n * n),
    p1: new Float32Array(s.conv1 * h * h),
    arg1: new Int32Array(s.conv1 * h * h),
    a2: new Float32Array(s.conv2 * h * h),
    p2: new Float32Array(s.conv2 * q * q),
    arg2: new Int32Array(s.conv2 * q * q),
    h: new Float32Array(s.hidden),
    logits: new Float32Array(CLASSES),
    probs: new Float32Array(CLASSES),
    pad1: new Float32Array((n + 2) ** 2),
    pad2: new Float32Array(s.conv1 * (h + 2) ** 2),
  }
}

/** Runs the network on `act.x` (already filled by `cellInput`); results land in `act`. */
export function forward(net: DigitNet, act: Activations): Activations {
  const s = net.shape
  const n = s.input,
    h = n / 2
  conv3x3Relu(act.x, 1, n, net.w1, net.b1, s.conv1, act.a1, act.pad1)
  maxPool2(act.a1, s.conv1, n, act.p1, act.arg1)
  conv3x3Relu(act.p1, s.conv1, h, net.w2, net.b2, s.conv2, act.a2, act.pad2)
  maxPool2(act.a2, s.conv2, h, act.p2, act.arg2)
  dense(act.p2, net.w3, net.b3, s.hidden, true, act.h)
  dense(act.h, net.w4, net.b4, CLASSES, false, act.logits)
  softmax(act.logits, act.probs)
  return act
}

export interface DigitGuess {
  readonly digit: number
  readonly p: number
}

/** One cell's reading: probabilities (index d - 1) and the digits ranked best first. */
export interface DigitReading {
  readonly probs: Float32Array
  readonly ranked: readonly DigitGuess[]
}

export function rankDigits(probs: Float32Array): DigitGuess[] {
  return Array.from(probs, (p, i) => ({ digit: i + 1, p })).sort((a, b) => b.p - a.p || a.digit - b.digit)
}

/** Classifies cells with one network; reuses buffers across cells. */
export class DigitClassifier {
  readonly net: DigitNet
  private readonly act: Activations

  constructor(model: EncodedDigitModel | DigitNet) {
    this.net = 'weights' in model ? decodeDigitModel(model) : model
    this.act = newActivations(this.net.shape)
  }

  classify(cell: GrayImage): DigitReading {
    cellInput(cell, this.net.shape, this.act.x)
    forward(this.net, this.act)
    const probs = Float32Array.from(this.act.probs)
    return { probs, ranked: rankDigits(probs) }
  }

  /** Classifies every non-null cell; null (empty) cells give null. */
  classifyAll(cells: readonly (GrayImage | null | undefined)[]): (DigitReading | null)[] {
    return cells.map((c) => (c ? this.classify(c) : null))
  }

  /** Probabilities for each filled cell, null for empty ones: the shape of read-types.ts's `DigitVoter.vote`. */
  vote(cells: readonly { readonly filled: boolean; readonly image: GrayImage }[]): (Float32Array | null)[] {
    return cells.map((c) => (c.filled ? this.classify(c.image).probs : null))
  }
}

let shipped: Promise<DigitClassifier> | undefined

/** The classifier with the shipped weights, imported lazily: code that never classifies need not parse ~0.3 MB. */
export function loadDigitClassifier(): Promise<DigitClassifier> {
  shipped ??= import('../models/digits').then((m) => new DigitClassifier(m.digitsModel))
  return shipped
}
