/**
 * The MNIST split that keeps the synthetic solving session's digits out of training
 * (datasets/mnist.ts: MNIST's training set to train on, its test set held out).
 */
import { describe, expect, it } from 'vitest'
import { mnistCount, mnistImage, mnistSample } from '../../datasets/mnist'

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
    expect(mnistSample(4, 'held-out', () => 0)).toEqual(mnistImage(4, 'held-out', 0))
    expect(mnistSample(4, 'held-out', () => 0.9999)).toEqual(mnistImage(4, 'held-out', last))
    const ink = mnistImage(4, 'held-out', last)
    expect(ink).toHaveLength(28 * 28)
    expect(Math.min(...ink)).toBe(0)
    expect(Math.max(...ink)).toBe(1)
  })
})
