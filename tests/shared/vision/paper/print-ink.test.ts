/**
 * The page-level print-ink check (paper/print-ink.ts): a digit much lighter than the page's sure givens
 * leans to handwriting, one as dark leans (a little) to print, and a page with too few sure givens
 * is left alone; strokeDarkness finds a stroke's core, not its box's paper or anti-aliased edge.
 */
import { describe, expect, it } from 'vitest'
import type { GrayImage } from '../../../../src/shared/vision/core/image'
import {
  INK_AS_DARK_AS_PRINT,
  INK_LIGHTER_THAN_PRINT,
  INK_MATCH,
  INK_MISMATCH,
  settleKindsByInk,
  strokeDarkness,
} from '../../../../src/shared/vision/paper/print-ink'
import { MIN_SURE_GIVENS } from '../../../../src/shared/vision/paper/print-height'

const probs = (...p: number[]): Float32Array => Float32Array.from(p)
const PRINT = 40

describe('settleKindsByInk', () => {
  const sure = Array.from({ length: 6 }, () => probs(0, 0.97, 0.03, 0))
  const sureInk = [38, 40, 41, 39, 40, 44]

  it('takes a torn cell much lighter than the print for handwriting, and one as dark for print', () => {
    const torn = probs(0, 0.55, 0.45, 0)
    const light = PRINT + INK_LIGHTER_THAN_PRINT + 10
    const out = settleKindsByInk([...sure, torn, torn, torn], [...sureInk, light, PRINT + 5, PRINT + (INK_AS_DARK_AS_PRINT + INK_LIGHTER_THAN_PRINT) / 2])
    expect(out[6][1] / out[6][2]).toBeCloseTo((0.55 * INK_MISMATCH) / 0.45, 5)
    expect(Math.max(...out[6])).toBe(out[6][2])
    expect(out[7][1] / out[7][2]).toBeCloseTo((0.55 * INK_MATCH) / 0.45, 5)
    expect(Array.from(out[8])).toEqual(Array.from(torn)) // between the two: no evidence either way
    for (const p of out) expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6)
  })

  it('is evidence, not a verdict: a cell the model is all but sure is print stays print', () => {
    const out = settleKindsByInk([...sure, probs(0, 0.9999, 0.0001, 0)], [...sureInk, 200])
    expect(Math.max(...out[6])).toBe(out[6][1])
  })

  it('does not make a sure entry print however dark its ink', () => {
    const out = settleKindsByInk([...sure, probs(0, 0.05, 0.95, 0)], [...sureInk, 30])
    expect(Math.max(...out[6])).toBe(out[6][2])
  })

  it('leaves a page alone when too few givens are sure, and cells without a digit box', () => {
    const few = Array.from({ length: MIN_SURE_GIVENS - 1 }, () => probs(0, 0.97, 0.03, 0))
    const kinds = [...few, probs(0, 0.6, 0.4, 0)]
    const out = settleKindsByInk(kinds, [...few.map(() => PRINT), 200])
    expect(out.map((p) => Array.from(p))).toEqual(kinds.map((p) => Array.from(p)))
    const noBox = settleKindsByInk([...sure, probs(0, 0.6, 0.4, 0)], [...sureInk, null])
    expect(Array.from(noBox[6])).toEqual(Array.from(probs(0, 0.6, 0.4, 0)))
  })
})

describe('strokeDarkness', () => {
  /** A 60×60 paper page (255) with a vertical bar: `core` px at `ink`, a 1 px edge either side at 180. */
  function bar(ink: number, core: number): GrayImage {
    const width = 60
    const data = new Uint8Array(width * width).fill(255)
    for (let y = 10; y < 50; y++) {
      for (let x = 28; x < 28 + core; x++) data[y * width + x] = ink
      data[y * width + 27] = 180
      data[y * width + 28 + core] = 180
    }
    return { width, height: width, data }
  }
  const box = { x: 20, y: 5, width: 20, height: 50 }

  it("reads a bold stroke's core, not its edge or the paper", () => {
    expect(strokeDarkness(bar(30, 6), box)).toBe(30)
  })

  it('reads a thin stroke lighter than its ink where the core is narrower than the percentile', () => {
    // One ink column in a 20-px-wide box is 4% of it: the 5th percentile reaches the edge's gray.
    expect(strokeDarkness(bar(30, 1), box)).toBe(180)
  })

  it('clips a box reaching past the image', () => {
    expect(strokeDarkness(bar(30, 6), { x: 20, y: 40, width: 60, height: 60 })).toBe(30)
  })
})
