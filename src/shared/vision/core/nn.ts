/**
 * A small inference runtime for the app's convolutional networks, in plain TypeScript (no DOM, no
 * Node), so a network runs the same in a worker, Electron's main process, the CLI and the tests.
 *
 * Layers: 3x3 convolution with zero padding ('same' size) and optional ReLU, 2x2 max-pool (stride
 * 2), dense with optional ReLU; every head ends in a softmax. Batch-norm, where a trainer uses it,
 * is folded into the convolution before export. Tensors are Float32Arrays laid out [channel][y][x],
 * so a dense layer after convolutions reads them as PyTorch's `flatten` does.
 *
 *   const net = new Net(model)                     // model: EncodedNet (spec + float16 weights)
 *   const { kind, digit } = net.run(input)         // per head: { logits, probs }
 *
 * Weights are stored in layer order (trunk, then each head in order), each layer its weights then
 * its biases, in PyTorch's layouts: conv [out][in][3][3], dense [out][in]. See core/half-floats.ts for
 * the text encoding; training/paper/export.py writes it.
 */
import { decodeHalfs } from './half-floats'

export type LayerSpec =
  | { readonly type: 'conv3x3'; readonly out: number; readonly relu: boolean }
  | { readonly type: 'maxpool2' }
  | { readonly type: 'dense'; readonly out: number; readonly relu: boolean }

export interface NetSpec {
  /** Input tensor: `channels` planes of `side` x `side`. */
  readonly input: { readonly channels: number; readonly side: number }
  /** Layers shared by every head. */
  readonly trunk: readonly LayerSpec[]
  /** Output heads, each a list of layers after the trunk, ending in a softmax. */
  readonly heads: readonly { readonly name: string; readonly layers: readonly LayerSpec[] }[]
}

/** A network as shipped: its shape, where it came from, and its weights (base64 float16). */
export interface EncodedNet {
  readonly spec: NetSpec
  /** Free text: data, date, validation figures. */
  readonly about: string
  readonly weights: string
}

export interface HeadOutput {
  readonly logits: Float32Array
  readonly probs: Float32Array
}

/** A tensor's shape between layers: `channels` planes of `side` x `side` (side 1 after a dense layer). */
interface Shape {
  readonly channels: number
  readonly side: number
}

/** One layer ready to run: its weights and preallocated buffers. */
interface Step {
  readonly spec: LayerSpec
  readonly from: Shape
  readonly to: Shape
  readonly w: Float32Array
  readonly b: Float32Array
  readonly out: Float32Array
  readonly scratch: Float32Array
}

const size = (s: Shape): number => s.channels * s.side * s.side

function outShape(layer: LayerSpec, from: Shape): Shape {
  if (layer.type === 'conv3x3') return { channels: layer.out, side: from.side }
  if (layer.type === 'maxpool2') {
    if (from.side % 2) throw new Error(`maxpool2 needs an even side, got ${from.side}`)
    return { channels: from.channels, side: from.side / 2 }
  }
  return { channels: layer.out, side: 1 }
}

function weightCounts(layer: LayerSpec, from: Shape): [number, number] {
  if (layer.type === 'conv3x3') return [layer.out * from.channels * 9, layer.out]
  if (layer.type === 'dense') return [layer.out * size(from), layer.out]
  return [0, 0]
}

/** Number of weights a spec needs, in storage order. */
export function weightCount(spec: NetSpec): number {
  let total = 0
  const walk = (layers: readonly LayerSpec[], from: Shape): Shape => {
    for (const layer of layers) {
      const [w, b] = weightCounts(layer, from)
      total += w + b
      from = outShape(layer, from)
    }
    return from
  }
  const trunk = walk(spec.trunk, spec.input)
  for (const head of spec.heads) walk(head.layers, trunk)
  return total
}

export class Net {
  readonly spec: NetSpec
  private readonly trunk: Step[]
  private readonly heads: { readonly name: string; readonly steps: Step[]; readonly probs: Float32Array }[]

  constructor(model: EncodedNet | { readonly spec: NetSpec; readonly flat: Float32Array }) {
    this.spec = model.spec
    const flat = 'weights' in model ? decodeHalfs(model.weights) : model.flat
    const expected = weightCount(model.spec)
    if (flat.length !== expected) throw new Error(`network: expected ${expected} weights, got ${flat.length}`)
    let at = 0
    const build = (layers: readonly LayerSpec[], from: Shape): Step[] =>
      layers.map((spec) => {
        const to = outShape(spec, from)
        const [nw, nb] = weightCounts(spec, from)
        const w = flat.subarray(at, (at += nw))
        const b = flat.subarray(at, (at += nb))
        const scratch = new Float32Array(spec.type === 'conv3x3' ? from.channels * (from.side + 2) ** 2 : 0)
        const step = { spec, from, to, w, b, out: new Float32Array(size(to)), scratch }
        from = to
        return step
      })
    this.trunk = build(model.spec.trunk, model.spec.input)
    const trunkOut = this.trunk.length ? this.trunk[this.trunk.length - 1].to : model.spec.input
    this.heads = model.spec.heads.map((h) => {
      const steps = build(h.layers, trunkOut)
      const last = steps[steps.length - 1]
      if (!last || last.to.side !== 1) throw new Error(`head ${h.name} must end in a dense layer`)
      return { name: h.name, steps, probs: new Float32Array(last.to.channels) }
    })
  }

  /**
   * Runs the network on one input ([channels][side][side]). The returned arrays are fresh copies,
   * so results of earlier calls stay valid.
   */
  run(input: Float32Array): Record<string, HeadOutput> {
    if (input.length !== size(this.spec.input)) throw new Error(`network: input must hold ${size(this.spec.input)} values, got ${input.length}`)
    const trunk = runSteps(this.trunk, input)
    const out: Record<string, HeadOutput> = {}
    for (const head of this.heads) {
      const logits = runSteps(head.steps, trunk)
      softmax(logits, head.probs)
      out[head.name] = { logits: Float32Array.from(logits), probs: Float32Array.from(head.probs) }
    }
    return out
  }
}

function runSteps(steps: readonly Step[], input: Float32Array): Float32Array {
  let x = input
  for (const s of steps) {
    const l = s.spec
    if (l.type === 'conv3x3') conv3x3(x, s.from.channels, s.from.side, s.w, s.b, l.out, l.relu, s.out, s.scratch)
    else if (l.type === 'maxpool2') maxPool2(x, s.from.channels, s.from.side, s.out)
    else dense(x, s.w, s.b, l.out, l.relu, s.out)
    x = s.out
  }
  return x
}

/**
 * 3x3 convolution with zero padding ('same' size), then ReLU when `relu`.
 * `input` is [cin][side][side]; returns [cout][side][side].
 */
export function conv3x3(
  input: Float32Array,
  cin: number,
  side: number,
  w: Float32Array,
  b: Float32Array,
  cout: number,
  relu: boolean,
  out: Float32Array = new Float32Array(cout * side * side),
  padded: Float32Array = new Float32Array(cin * (side + 2) * (side + 2)),
): Float32Array {
  const p = side + 2
  padded.fill(0)
  for (let c = 0; c < cin; c++)
    for (let y = 0; y < side; y++) padded.set(input.subarray((c * side + y) * side, (c * side + y + 1) * side), (c * p + y + 1) * p + 1)
  // All nine taps of one input channel per pass over an output row: one load and store of the
  // output per nine multiply-adds (three times faster in V8 than a pass per tap).
  for (let o = 0; o < cout; o++) {
    const ob = o * side * side
    out.fill(b[o], ob, ob + side * side)
    for (let c = 0; c < cin; c++) {
      const wb = (o * cin + c) * 9
      const w0 = w[wb],
        w1 = w[wb + 1],
        w2 = w[wb + 2]
      const w3 = w[wb + 3],
        w4 = w[wb + 4],
        w5 = w[wb + 5]
      const w6 = w[wb + 6],
        w7 = w[wb + 7],
        w8 = w[wb + 8]
      const pb = c * p * p
      for (let y = 0; y < side; y++) {
        const r0 = pb + y * p
        const r1 = r0 + p
        const r2 = r1 + p
        const orow = ob + y * side
        for (let x = 0; x < side; x++) {
          out[orow + x] +=
            w0 * padded[r0 + x] +
            w1 * padded[r0 + x + 1] +
            w2 * padded[r0 + x + 2] +
            w3 * padded[r1 + x] +
            w4 * padded[r1 + x + 1] +
            w5 * padded[r1 + x + 2] +
            w6 * padded[r2 + x] +
            w7 * padded[r2 + x + 1] +
            w8 * padded[r2 + x + 2]
        }
      }
    }
    if (relu) for (let i = ob; i < ob + side * side; i++) if (out[i] < 0) out[i] = 0
  }
  return out
}

/** conv3x3 followed by ReLU (the digit classifier's layer). */
export function conv3x3Relu(
  input: Float32Array,
  cin: number,
  side: number,
  w: Float32Array,
  b: Float32Array,
  cout: number,
  out?: Float32Array,
  padded?: Float32Array,
): Float32Array {
  return conv3x3(input, cin, side, w, b, cout, true, out, padded)
}

/** 2x2 max-pool, stride 2; `argmax` (optional) records the winning input index for training. */
export function maxPool2(
  input: Float32Array,
  channels: number,
  side: number,
  out: Float32Array = new Float32Array(channels * (side / 2) ** 2),
  argmax?: Int32Array,
): Float32Array {
  const h = side / 2
  for (let c = 0; c < channels; c++)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < h; x++) {
        const i0 = (c * side + 2 * y) * side + 2 * x
        let best = i0
        if (input[i0 + 1] > input[best]) best = i0 + 1
        if (input[i0 + side] > input[best]) best = i0 + side
        if (input[i0 + side + 1] > input[best]) best = i0 + side + 1
        const o = (c * h + y) * h + x
        out[o] = input[best]
        if (argmax) argmax[o] = best
      }
  return out
}

/** out = W x + b, with optional ReLU. W is [outs][ins]. */
export function dense(
  input: Float32Array,
  w: Float32Array,
  b: Float32Array,
  outs: number,
  relu: boolean,
  out: Float32Array = new Float32Array(outs),
): Float32Array {
  const ins = input.length
  for (let o = 0; o < outs; o++) {
    let s = b[o]
    const wb = o * ins
    for (let i = 0; i < ins; i++) s += w[wb + i] * input[i]
    out[o] = relu && s < 0 ? 0 : s
  }
  return out
}

export function softmax(logits: Float32Array, out: Float32Array = new Float32Array(logits.length)): Float32Array {
  let max = -Infinity
  for (const v of logits) if (v > max) max = v
  let sum = 0
  for (let i = 0; i < logits.length; i++) sum += out[i] = Math.exp(logits[i] - max)
  for (let i = 0; i < logits.length; i++) out[i] /= sum
  return out
}

/** Probabilities each times its class's weight, renormalised: a likelihood applied to a belief. */
export function reweigh(p: ArrayLike<number>, weight: (k: number) => number): Float32Array {
  const out = Float32Array.from(p, (pk, k) => pk * weight(k))
  const sum = out.reduce((a, b) => a + b, 0)
  return out.map((v) => v / sum)
}

/** Index of the largest value (the first of equals): a probability vector's most likely class. */
export function argmax(p: ArrayLike<number>): number {
  let best = 0
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i
  return best
}
