/**
 * The MNIST split that keeps the synthetic solving session's digits out of training
 * (datasets/mnist.ts; synth_pages.py cuts the same way).
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { mnistIndices, mnistSample } from '../../datasets/mnist'

describe('the MNIST split', () => {
  it('cuts each digit into a train part and a held-out fifth that never meet and leave nothing out', () => {
    for (let digit = 0; digit <= 9; digit++) {
      const train = mnistIndices(digit, 'train')
      const heldOut = mnistIndices(digit, 'held-out')
      const all = train.length + heldOut.length
      expect(new Set([...train, ...heldOut]).size).toBe(all)
      expect(Math.max(...train)).toBeLessThan(Math.min(...heldOut))
      // The cut synth_pages.py makes too: n * 4 // 5.
      expect(train.length).toBe(Math.floor((all * 4) / 5))
      expect(heldOut.length).toBeGreaterThan(150)
    }
  })

  it('draws a held-out sample from the held-out fifth only, across all of it', () => {
    const raw = createRequire(import.meta.url)('mnist') as { length: number; get(i: number): number[] }[]
    const heldOut = mnistIndices(4, 'held-out')
    expect(mnistSample(4, 'held-out', () => 0)).toEqual(raw[4].get(heldOut[0]))
    expect(mnistSample(4, 'held-out', () => 0.9999)).toEqual(raw[4].get(raw[4].length - 1))
    expect(mnistSample(4, 'train', () => 0.9999)).toEqual(raw[4].get(heldOut[0] - 1))
  })
})
