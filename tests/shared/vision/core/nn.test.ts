/**
 * The inference runtime (core/nn.ts): known answers on hand-built networks (layouts as documented:
 * PyTorch's [out][in][3][3] kernels, [out][in] dense matrices, [c][y][x] flattening), the float16
 * text storage, and parity with PyTorch on the shipped cell model and written-digit model: the
 * export script (training/paper/export.py) stores real patches and 80x80 digit images and
 * PyTorch's outputs for them, computed with the float16-rounded weights that ship.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { patchInput } from '../../../../src/shared/vision/paper/cell-classifier'
import { PATCH_SIDE } from '../../../../src/shared/vision/cells/patch'
import { DigitClassifier } from '../../../../src/shared/vision/digits/classifier'
import { base64ToBytes, decodeHalfs, encodeHalfs } from '../../../../src/shared/vision/core/half-floats'
import { cellModel } from '../../../../src/shared/vision/models/cells'
import { writtenDigitsModel } from '../../../../src/shared/vision/models/written-digits'
import { Net, type NetSpec, weightCount } from '../../../../src/shared/vision/core/nn'

/** PyTorch computes in float32 with another summation order; the runtime must agree to this. */
const PARITY_TOLERANCE = 1e-3

interface ParityCase {
  readonly patch: string
  readonly kindLogits: number[]
  readonly kindProbs: number[]
  readonly digitLogits: number[]
  readonly digitProbs: number[]
}

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '../../../fixtures/cell-model-parity.json'), 'utf8')) as {
  side: number
  cases: ParityCase[]
}

const digitsFixture = JSON.parse(readFileSync(join(import.meta.dirname, '../../../fixtures/written-digits-parity.json'), 'utf8')) as {
  side: number
  cases: { image: string; logits: number[]; probs: number[] }[]
}

describe('nn runtime', () => {
  it('runs a 3x3 same conv, a 2x2 max-pool and a dense layer with the documented layouts', () => {
    // 1 channel 4x4 in; conv with one kernel that copies the right-hand neighbour (kernel[1][2] = 1)
    // and a second that copies the pixel itself minus 10 (bias), ReLU; pool; dense picks channel 0.
    const spec: NetSpec = {
      input: { channels: 1, side: 4 },
      trunk: [{ type: 'conv3x3', out: 2, relu: true }, { type: 'maxpool2' }],
      heads: [{ name: 'h', layers: [{ type: 'dense', out: 2, relu: false }] }],
    }
    const k0 = [0, 0, 0, 0, 0, 1, 0, 0, 0]
    const k1 = [0, 0, 0, 0, 1, 0, 0, 0, 0]
    // dense 2 x 8 ([out][in], in = [c][y][x] of 2 channels of 2x2): out0 = sum of channel 0, out1 = channel 1's top-left
    const dense = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]
    const flat = Float32Array.from([...k0, ...k1, 0, -10, ...dense, 0, 0.5])
    expect(weightCount(spec)).toBe(flat.length)
    const input = Float32Array.from({ length: 16 }, (_, i) => i) // row-major 0..15
    const { h } = new Net({ spec, flat }).run(input)
    // channel 0 = right neighbour (0 past the edge): rows [1 2 3 0] [5 6 7 0] [9 10 11 0] [13 14 15 0];
    // 2x2 maxima 6, 7, 14, 15 -> sum 42. Channel 1 = relu(x - 10): top-left 2x2 block max = relu(5 - 10) = 0.
    expect(Array.from(h.logits)).toEqual([42, 0.5])
    expect(h.probs[0] + h.probs[1]).toBeCloseTo(1, 6)
    expect(h.probs[0]).toBeGreaterThan(0.999)
  })

  it('refuses weights that do not fit the spec', () => {
    const spec: NetSpec = { input: { channels: 1, side: 2 }, trunk: [], heads: [{ name: 'h', layers: [{ type: 'dense', out: 1, relu: false }] }] }
    expect(() => new Net({ spec, flat: new Float32Array(4) })).toThrow(/expected 5 weights/)
  })

  it('stores weights as float16 text within half precision', () => {
    const values = Float32Array.from([0, 1, -1, 0.1, -3.75, 1e-3, 123.4, -2e-5])
    const back = decodeHalfs(encodeHalfs([values.subarray(0, 3), values.subarray(3)]))
    expect(back).toHaveLength(values.length)
    values.forEach((v, i) => expect(Math.abs(back[i] - v)).toBeLessThanOrEqual(Math.abs(v) / 1024 + 6e-8))
  })

  it('gives what PyTorch gives for the shipped cell model', () => {
    expect(fixture.side).toBe(PATCH_SIDE)
    expect(fixture.cases.length).toBeGreaterThanOrEqual(3)
    const net = new Net(cellModel)
    for (const c of fixture.cases) {
      const data = base64ToBytes(c.patch)
      expect(data).toHaveLength(PATCH_SIDE * PATCH_SIDE)
      const out = net.run(patchInput({ width: PATCH_SIDE, height: PATCH_SIDE, data }))
      const close = (got: Float32Array, want: number[]): void => {
        expect(got).toHaveLength(want.length)
        want.forEach((w, i) => expect(Math.abs(got[i] - w)).toBeLessThan(PARITY_TOLERANCE))
      }
      close(out.kind.logits, c.kindLogits)
      close(out.kind.probs, c.kindProbs)
      close(out.digit.logits, c.digitLogits)
      close(out.digit.probs, c.digitProbs)
    }
  })

  it('gives what PyTorch gives for the shipped written-digit model', () => {
    expect(digitsFixture.cases.length).toBeGreaterThanOrEqual(3)
    const clf = new DigitClassifier(writtenDigitsModel)
    for (const c of digitsFixture.cases) {
      const data = base64ToBytes(c.image)
      expect(data).toHaveLength(digitsFixture.side * digitsFixture.side)
      const { probs } = clf.classify({ width: digitsFixture.side, height: digitsFixture.side, data })
      expect(probs).toHaveLength(c.probs.length)
      c.probs.forEach((w, i) => expect(Math.abs(probs[i] - w)).toBeLessThan(PARITY_TOLERANCE))
    }
  })
})
