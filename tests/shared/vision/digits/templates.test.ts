/** digits/templates.ts: a photo's own confidently labelled digits read its other digits. */
import '../opencv-node'
import { beforeAll, describe, expect, it } from 'vitest'
import { extractCells } from '../../../../src/shared/vision/cells/extract-cells'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { features, templateVotes } from '../../../../src/shared/vision/digits/templates'
import { gridLattice, warpGrid } from '../../../../src/shared/vision/grid/warp'
import { photo, photoPixels } from '../photos'

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

describe('templateVotes', () => {
  it.each(['image1082', 'image116'])('reads the unlabelled digits of %s from the labelled ones', async (name) => {
    const p = photo(name)
    const { gray } = await photoPixels(name)
    const warped = warpGrid(cv, gray, p.outline!)
    const { cells } = extractCells(cv, warped, gridLattice(warped))
    // Label every other given digit (as a consistent Tesseract reading would), hide the rest.
    const given = [...p.truth.keys()].filter((c) => p.truth[c] && cells[c].filled)
    const labelled = new Set(given.filter((_, i) => i % 2 === 0))
    const labels = cells.map((c, i) => {
      if (!c.filled) return null
      const probs = new Float32Array(9).fill(0.01)
      if (labelled.has(i)) probs[p.truth[i] - 1] = 0.92
      else probs.fill(1 / 9)
      return probs
    })
    const votes = templateVotes(cells, labels)
    const hidden = given.filter((c) => !labelled.has(c))
    // Only digits that have a template can be read.
    const labelledDigits = new Set([...labelled].map((c) => p.truth[c]))
    const readable = hidden.filter((c) => labelledDigits.has(p.truth[c]))
    const right = readable.filter((c) => {
      const v = votes[c]!
      return v.indexOf(Math.max(...v)) + 1 === p.truth[c]
    })
    expect(readable.length).toBeGreaterThan(5)
    expect(right.length / readable.length).toBeGreaterThan(0.85)
    for (let c = 0; c < 81; c++) expect(votes[c] === null).toBe(!cells[c].filled)
  })

  it('gives unit-length, mean-free features and no opinion without templates', () => {
    const img = { data: new Uint8Array(80 * 80).fill(255) }
    for (let y = 20; y < 60; y++) for (let x = 35; x < 45; x++) img.data[y * 80 + x] = 0
    const f = features(img)
    expect(f.reduce((a, b) => a + b * b, 0)).toBeCloseTo(1, 4)
    expect(f.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 4)
    const cell = { filled: true, filledScore: 1, image: { width: 80, height: 80, data: img.data }, box: null, whole: null }
    const [v] = templateVotes([cell], [new Float32Array(9).fill(1 / 9)])
    expect([...v!].every((x) => Math.abs(x - 1 / 9) < 1e-6)).toBe(true)
  })
})
