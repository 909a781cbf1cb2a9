/**
 * A written digit's reading from the two models (paper/cell-judge.ts's writtenDigit): the written-digit
 * model's probabilities times the cell model's digit head's, each allowing for its error rate.
 */
import { describe, expect, it } from 'vitest'
import { writtenDigit } from '../../../../src/shared/vision/paper/cell-judge'
import { argmax } from '../../../../src/shared/vision/core/nn'

/** Probabilities (index d - 1) with the given digits at the given values, the rest shared equally. */
function probs(sure: Record<number, number>): Float32Array {
  const rest = (1 - Object.values(sure).reduce((a, b) => a + b, 0)) / (9 - Object.keys(sure).length)
  return Float32Array.from({ length: 9 }, (_, i) => sure[i + 1] ?? rest)
}

describe('writtenDigit', () => {
  it('follows a written-digit model sure of its digit over a head sure of another', () => {
    // A 7 read 9 by the head at 80%, with 7 at 0.001%: the head alone would veto it.
    const read = writtenDigit(probs({ 7: 0.995 }), probs({ 9: 0.8, 7: 0.00001 }))
    expect(argmax(read) + 1).toBe(7)
  })

  it('lets the head settle a digit the written-digit model is torn over', () => {
    const read = writtenDigit(probs({ 3: 0.55, 5: 0.44 }), probs({ 5: 0.9 }))
    expect(argmax(read) + 1).toBe(5)
  })

  it('agrees with both where they agree, and sums to one', () => {
    const read = writtenDigit(probs({ 4: 0.9 }), probs({ 4: 0.7 }))
    expect(argmax(read) + 1).toBe(4)
    expect(read[3]).toBeGreaterThan(0.95)
    expect(read.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5)
  })
})
