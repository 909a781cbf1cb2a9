/**
 * The page-level print-height check (print-height.ts) on made-up pages: a "given" of another
 * height than the page's sure givens becomes an entry unless the model was all but certain; one of
 * the print height, an entry, and a page with too few sure givens are left alone.
 */
import { describe, expect, it } from 'vitest'
import type { Box } from '../../../src/shared/vision/cells'
import { HEIGHT_MISMATCH, MIN_SURE_GIVENS, PRINT_HEIGHT_TOLERANCE, settleKindsByHeight } from '../../../src/shared/vision/print-height'

const box = (height: number): Box => ({ x: 10, y: 10, width: Math.round(height * 0.6), height })
const probs = (...p: number[]): Float32Array => Float32Array.from(p)

describe('settleKindsByHeight', () => {
  it('takes a "given" of another height than the print for an entry, unless the model is all but certain', () => {
    const kinds = [
      ...Array.from({ length: 8 }, () => probs(0.02, 0.95, 0.02, 0.01)),
      probs(0.05, 0.7, 0.2, 0.05),
      probs(0.05, 0.7, 0.2, 0.05),
      probs(0.1, 0.1, 0.8, 0),
      probs(0, 0.9999, 0.0001, 0),
    ]
    const heights = [55, 56, 54, 55, 57, 55, 56, 55]
    const tall = Math.round(55 * (1 + PRINT_HEIGHT_TOLERANCE) + 3)
    const boxes = [...heights.map(box), box(tall), box(56), box(50), box(tall)]
    const out = settleKindsByHeight(kinds, boxes)
    expect(out[8][1] / out[8][2]).toBeCloseTo((0.7 * HEIGHT_MISMATCH) / 0.2, 6)
    expect(Math.max(...out[8])).toBe(out[8][2])
    expect(out[8].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6)
    // All but certain print stays print: the box may have lost a stroke.
    expect(Math.max(...out[11])).toBe(out[11][1])
    expect(Array.from(out[9])).toEqual(Array.from(kinds[9])) // print height: still a given
    expect(Array.from(out[10])).toEqual(Array.from(kinds[10])) // an entry stays an entry
    for (let i = 0; i < 8; i++) expect(Array.from(out[i])).toEqual(Array.from(kinds[i]))
  })

  it('leaves a page alone when too few givens are sure', () => {
    const kinds = Array.from({ length: MIN_SURE_GIVENS }, (_, i) => probs(0, i === 0 ? 0.6 : 0.95, 0.4, 0))
    const boxes = [box(90), box(55), box(55), box(55)]
    expect(settleKindsByHeight(kinds, boxes).map((p) => Array.from(p))).toEqual(kinds.map((p) => Array.from(p)))
  })

  it('does not change its input', () => {
    const kinds = [...Array.from({ length: 5 }, () => probs(0, 1, 0, 0)), probs(0, 0.9, 0.1, 0)]
    const copy = kinds.map((p) => Array.from(p))
    const out = settleKindsByHeight(kinds, [...Array.from({ length: 5 }, () => box(50)), box(80)])
    expect(out[5][1]).toBeLessThan(out[5][2])
    expect(kinds.map((p) => Array.from(p))).toEqual(copy)
  })
})
