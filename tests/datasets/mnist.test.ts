/**
 * The MNIST split that keeps the synthetic solving session's digits out of training
 * (datasets/mnist.ts: MNIST's training set to train on, its test set held out).
 */
import { describe, expect, it } from 'vitest'
import { mnistCount, mnistImage, mnistLabel, mnistSample } from '../../datasets/mnist'

const digits = Array.from({ length: 10 }, (_, d) => d)
const total = (split: 'train' | 'held-out') => digits.reduce((sum, d) => sum + mnistCount(d, split), 0)

describe('the MNIST split', () => {
  it('holds all of MNIST: 60,000 digits to train on and 10,000 held out, each digit hundreds of times', () => {
    expect(total('train')).toBe(60_000)
    expect(total('held-out')).toBe(10_000)
    for (const d of digits) expect(mnistCount(d, 'held-out')).toBeGreaterThan(800)
  })

  it('holds out no image that the train part has', () => {
    const trained = new Set<string>()
    for (const d of digits) for (let i = 0; i < mnistCount(d, 'train'); i++) trained.add(mnistImage(d, 'train', i).join())
    for (const d of digits) for (let i = 0; i < mnistCount(d, 'held-out'); i++) expect(trained.has(mnistImage(d, 'held-out', i).join())).toBe(false)
  })

  it('draws across all of a digit’s samples, as ink from 0 to 1', () => {
    const last = mnistCount(4, 'held-out') - 1
    expect(mnistSample(4, 'held-out', () => 0).ink).toEqual(mnistImage(4, 'held-out', 0))
    expect(mnistSample(4, 'held-out', () => 0.9999).ink).toEqual(mnistImage(4, 'held-out', last))
    const ink = mnistImage(4, 'held-out', last)
    expect(ink).toHaveLength(28 * 28)
    expect(Math.min(...ink)).toBe(0)
    expect(Math.max(...ink)).toBe(1)
  })

  it('names each sample by its place in MNIST’s file, as the literature does', () => {
    // MNIST's test set begins 7, 2, 1, 0, 4: its first 4 is sample 4, its first 1 sample 2.
    expect(mnistSample(4, 'held-out', () => 0).index).toBe(4)
    expect(mnistSample(1, 'held-out', () => 0).index).toBe(2)
    expect([0, 1, 2, 3, 4].map((i) => mnistLabel(i, 'held-out'))).toEqual([7, 2, 1, 0, 4])
  })
})
