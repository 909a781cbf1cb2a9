/**
 * The page-level print-height check (paper/print-height.ts) on made-up pages: a "given" taller than the
 * page's sure givens becomes an entry unless the model was all but certain; a digit of the print
 * height leans to print, enough to settle a torn cell but not a sure entry; a shorter one, and a
 * page with too few sure givens, are left alone; a digit whose whole ink is taller than print and
 * clear of its crop's edges is never marks.
 */
import { describe, expect, it } from 'vitest'
import type { Box } from '../../../../src/shared/vision/cells/extract-cells'
import {
  HEIGHT_MATCH,
  HEIGHT_MISMATCH,
  MARKS_TALLER_THAN_PRINT,
  MIN_SURE_GIVENS,
  PRINT_HEIGHT_TOLERANCE,
  settleKindsByHeight,
} from '../../../../src/shared/vision/paper/print-height'

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
    // A box shorter than the print is a stroke lost to glare more often than handwriting: kept.
    const short = settleKindsByHeight([...kinds.slice(0, 8), probs(0.05, 0.7, 0.2, 0.05)], [...heights.map(box), box(30)])
    expect(Array.from(short[8])).toEqual(Array.from(kinds[8]))
    expect(out[9][1] / out[9][2]).toBeCloseTo((0.7 * HEIGHT_MATCH) / 0.2, 5) // print height: more surely a given
    expect(Array.from(out[10])).toEqual(Array.from(kinds[10])) // neither print nor taller: left alone
    for (let i = 0; i < 8; i++) expect(Math.max(...out[i])).toBe(out[i][1])
  })

  it('settles a cell torn between print and handwriting by its print height, not a sure entry', () => {
    const sure = Array.from({ length: 6 }, () => probs(0, 0.98, 0.02, 0))
    const out = settleKindsByHeight(
      [...sure, probs(0, 0.45, 0.55, 0), probs(0, 0.05, 0.95, 0)],
      Array.from({ length: 8 }, () => box(59)),
    )
    expect(Math.max(...out[6])).toBe(out[6][1])
    expect(Math.max(...out[7])).toBe(out[7][2])
  })

  it('takes ink taller than the print for a written digit rather than pencil marks', () => {
    const sure = Array.from({ length: 6 }, () => probs(0, 0.98, 0.02, 0))
    const torn = probs(0, 0, 0.3, 0.7)
    const tall = Math.round(55 * (1 + PRINT_HEIGHT_TOLERANCE) + 3)
    const out = settleKindsByHeight([...sure, torn, torn], [...Array.from({ length: 6 }, () => box(55)), box(tall), box(45)])
    expect(out[6][3] / out[6][2]).toBeCloseTo((0.7 * MARKS_TALLER_THAN_PRINT) / 0.3, 5)
    expect(Math.max(...out[6])).toBe(out[6][2])
    // Marks as tall as a small digit or less: left alone.
    expect(Array.from(out[7])).toEqual(Array.from(torn))
  })

  it('rules marks out, and print with them, for whole ink taller than the print clear of the crop edges, however sure the model', () => {
    const sure = Array.from({ length: 6 }, () => probs(0, 0.98, 0.02, 0))
    const certain = probs(0.0001, 0.0002, 0.0001, 0.9996)
    const tall = Math.round(55 * (1 + PRINT_HEIGHT_TOLERANCE) + 3)
    // A pen digit whose light tail the first cut lost: short as first cut, tall when grown whole.
    const boxes = [...Array.from({ length: 6 }, () => box(55)), box(50), box(50)]
    const wholes = [...boxes.slice(0, 6), box(tall), box(tall)]
    const out = settleKindsByHeight([...sure, certain, certain], boxes, wholes, [...Array.from({ length: 6 }, () => true), true, false])
    expect(out[6][3]).toBe(0)
    expect(Math.max(...out[6])).toBe(out[6][2])
    // A tall box that reaches the crop's edge ran into a grid line: evidence only, and the model's certainty stands.
    expect(Math.max(...out[7])).toBe(out[7][3])
  })

  it('judges print by the first cut only: a blurred given grown taller at the loose cut stays print', () => {
    const sure = Array.from({ length: 6 }, () => probs(0, 0.98, 0.02, 0))
    const given = probs(0.01, 0.8, 0.18, 0.01)
    const grown = Math.round(55 * 1.5)
    const boxes = Array.from({ length: 7 }, () => box(55))
    const out = settleKindsByHeight(
      [...sure, given],
      boxes,
      [...boxes.slice(0, 6), box(grown)],
      Array.from({ length: 7 }, () => true),
    )
    expect(Math.max(...out[6])).toBe(out[6][1])
    expect(out[6][3]).toBe(0)
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
