/**
 * Training for the digit network of src/shared/vision/digits/classifier.ts: backpropagation through the
 * same forward pass (imported, not copied), cross-entropy loss, Adam. Single-threaded on purpose:
 * the machine is shared, and the network is small enough to train in minutes.
 */
import {
  CLASSES,
  type Activations,
  type DigitNet,
  type DigitNetShape,
  forward,
  layerSizes,
  netFromFlat,
  newActivations,
} from '../../src/shared/vision/digits/classifier'
import { gaussian } from '../../devkit/random'

/** He-initialised network. */
export function initNet(shape: DigitNetShape, r: () => number): { net: DigitNet; flat: Float32Array } {
  const sizes = layerSizes(shape)
  const flat = new Float32Array(sizes.reduce((a, b) => a + b, 0))
  const fanIn = [9, 0, shape.conv1 * 9, 0, shape.conv2 * (shape.input / 4) ** 2, 0, shape.hidden, 0]
  let at = 0
  sizes.forEach((n, layer) => {
    const std = fanIn[layer] ? Math.sqrt(2 / fanIn[layer]) : 0
    for (let i = 0; i < n; i++) flat[at + i] = layer % 2 === 0 ? gaussian(r) * std : 0.01
    at += n
  })
  return { net: netFromFlat(shape, flat), flat }
}

/** Gradient buffers shaped like the network, plus scratch for one backward pass. */
export class Trainer {
  readonly grad: Float32Array
  readonly g: DigitNet
  private readonly m: Float32Array
  private readonly v: Float32Array
  private t = 0
  private readonly act: Activations
  private readonly dh: Float32Array
  private readonly dp2: Float32Array
  private readonly da2: Float32Array
  private readonly dpad2: Float32Array
  private readonly da1: Float32Array
  private readonly dlogits = new Float32Array(CLASSES)

  constructor(
    readonly net: DigitNet,
    readonly flat: Float32Array,
  ) {
    const s = net.shape
    this.grad = new Float32Array(flat.length)
    this.g = netFromFlat(s, this.grad)
    this.m = new Float32Array(flat.length)
    this.v = new Float32Array(flat.length)
    this.act = newActivations(s)
    const n = s.input,
      h = n / 2,
      q = n / 4
    this.dh = new Float32Array(s.hidden)
    this.dp2 = new Float32Array(s.conv2 * q * q)
    this.da2 = new Float32Array(s.conv2 * h * h)
    this.dpad2 = new Float32Array(s.conv1 * (h + 2) ** 2)
    this.da1 = new Float32Array(s.conv1 * n * n)
  }

  /** Input buffer to fill (with cellInput) before calling `step`. */
  get input(): Float32Array {
    return this.act.x
  }

  /** Forward + backward for one sample; accumulates gradients; returns the loss. */
  step(label: number, smoothing = 0): { loss: number; correct: boolean } {
    const { net, act, g } = this
    const s = net.shape
    const n = s.input,
      h = n / 2
    forward(net, act)
    const probs = act.probs
    let best = 0
    for (let i = 1; i < CLASSES; i++) if (probs[i] > probs[best]) best = i
    const loss = -Math.log(Math.max(1e-12, probs[label]))
    for (let i = 0; i < CLASSES; i++) this.dlogits[i] = probs[i] - ((i === label ? 1 - smoothing : 0) + smoothing / CLASSES)

    // dense 2
    const dl = this.dlogits,
      H = s.hidden
    this.dh.fill(0)
    for (let o = 0; o < CLASSES; o++) {
      const d = dl[o]
      g.b4[o] += d
      for (let i = 0; i < H; i++) {
        g.w4[o * H + i] += d * act.h[i]
        this.dh[i] += net.w4[o * H + i] * d
      }
    }
    for (let i = 0; i < H; i++) if (act.h[i] <= 0) this.dh[i] = 0
    // dense 1
    const F = act.p2.length
    this.dp2.fill(0)
    for (let o = 0; o < H; o++) {
      const d = this.dh[o]
      if (d === 0) continue
      g.b3[o] += d
      const wb = o * F
      for (let i = 0; i < F; i++) {
        g.w3[wb + i] += d * act.p2[i]
        this.dp2[i] += net.w3[wb + i] * d
      }
    }
    // pool 2 + ReLU
    this.da2.fill(0)
    for (let k = 0; k < F; k++) this.da2[act.arg2[k]] += this.dp2[k]
    for (let i = 0; i < this.da2.length; i++) if (act.a2[i] <= 0) this.da2[i] = 0
    // conv 2 (input = pooled conv 1, padded copy kept in act.pad2)
    this.convBackward(this.da2, act.pad2, s.conv1, s.conv2, h, net.w2, g.w2, g.b2, this.dpad2)
    // pool 1 + ReLU (gradient w.r.t. p1 is the interior of dpad2)
    this.da1.fill(0)
    const p = h + 2
    for (let c = 0; c < s.conv1; c++)
      for (let y = 0; y < h; y++)
        for (let x = 0; x < h; x++) {
          const k = (c * h + y) * h + x
          this.da1[act.arg1[k]] += this.dpad2[(c * p + y + 1) * p + x + 1]
        }
    for (let i = 0; i < this.da1.length; i++) if (act.a1[i] <= 0) this.da1[i] = 0
    this.convBackward(this.da1, act.pad1, 1, s.conv1, n, net.w1, g.w1, g.b1, undefined)
    return { loss, correct: best === label }
  }

  private convBackward(
    dout: Float32Array,
    padded: Float32Array,
    cin: number,
    cout: number,
    side: number,
    w: Float32Array,
    gw: Float32Array,
    gb: Float32Array,
    dpad: Float32Array | undefined,
  ): void {
    const p = side + 2
    dpad?.fill(0)
    for (let o = 0; o < cout; o++) {
      const ob = o * side * side
      let sb = 0
      for (let i = ob; i < ob + side * side; i++) sb += dout[i]
      gb[o] += sb
      for (let c = 0; c < cin; c++) {
        const wb = (o * cin + c) * 9
        const pb = c * p * p
        for (let ky = 0; ky < 3; ky++)
          for (let kx = 0; kx < 3; kx++) {
            const wv = w[wb + ky * 3 + kx]
            let acc = 0
            for (let y = 0; y < side; y++) {
              const row = pb + (y + ky) * p + kx
              const orow = ob + y * side
              for (let x = 0; x < side; x++) acc += dout[orow + x] * padded[row + x]
              if (dpad) for (let x = 0; x < side; x++) dpad[row + x] += wv * dout[orow + x]
            }
            gw[wb + ky * 3 + kx] += acc
          }
      }
    }
  }

  /** Adam update with the averaged accumulated gradient, then clears it. */
  update(batch: number, lr: number, weightDecay = 1e-4, b1 = 0.9, b2 = 0.999): void {
    this.t++
    const c1 = 1 - b1 ** this.t,
      c2 = 1 - b2 ** this.t
    const { flat, grad, m, v } = this
    for (let i = 0; i < flat.length; i++) {
      const gi = grad[i] / batch + weightDecay * flat[i]
      m[i] = b1 * m[i] + (1 - b1) * gi
      v[i] = b2 * v[i] + (1 - b2) * gi * gi
      flat[i] -= (lr * (m[i] / c1)) / (Math.sqrt(v[i] / c2) + 1e-8)
    }
    grad.fill(0)
  }
}
