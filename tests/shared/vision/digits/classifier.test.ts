/**
 * The shipped digit classifier on real cells and on freshly rendered font digits.
 *
 * Photos: B. Wicht's sudoku_dataset (v2_train, CC-BY-4.0; B. Wicht, J. Hennebert, "Camera-based
 * Sudoku recognition with Deep Belief Network", SoCPaR 2014), decoded with sharp, warped by their
 * hand-made outlines and cut by the real cells/extract-cells.ts. The shipped model was trained on these photos,
 * so this checks that the shipped weights load and read the app's own cell images; the held-out
 * (by-puzzle) accuracy is measured by `npm run bench:classifier`.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { type DigitClassifier, decodeDigitModel, encodeDigitModel, loadDigitClassifier } from '../../../../src/shared/vision/digits/classifier'
import type { CV } from '../../../../src/shared/vision/core/cv'
import type { GrayImage } from '../../../../src/shared/vision/core/image'
import { loadPhotos } from '../../../../datasets/wicht-folds'
import { cellsFromCorners, decodeRgba, openCV } from '../../../../datasets/wicht-cells'
import { toGray } from '../../../../src/shared/vision/core/gray'
import { rng } from '../../../../devkit/random'
import { syntheticGrid } from '../../../../devkit/synth-grid'

// Two 640x480 and two 960x1280 photos of four different puzzles, different cameras.
const PHOTOS = ['image1', 'image125', 'image1000', 'image1082']

let cv: CV
let clf: DigitClassifier

beforeAll(async () => {
  ;({ cv } = await openCV())
  clf = await loadDigitClassifier()
})

async function givenCells(name: string): Promise<{ image: GrayImage; digit: number }[]> {
  const photo = loadPhotos().find((p) => p.name === name)!
  const cells = cellsFromCorners(cv, toGray(await decodeRgba(photo.jpg)), photo.corners!)
  return cells.flatMap((image, cell) => (image && photo.truth[cell] ? [{ image, digit: photo.truth[cell] }] : []))
}

describe('digit classifier (shipped model)', () => {
  it('reads the given digits of real photos', async () => {
    let right = 0
    let total = 0
    for (const name of PHOTOS) {
      for (const { image, digit } of await givenCells(name)) {
        total++
        if (clf.classify(image).ranked[0].digit === digit) right++
      }
    }
    expect(total).toBeGreaterThan(80)
    expect(right / total).toBeGreaterThanOrEqual(0.97)
  })

  it('gives probabilities over 1..9 that sum to 1, ranked, and the same answer every time', async () => {
    const cells = (await givenCells('image1')).slice(0, 10)
    for (const { image } of cells) {
      const a = clf.classify(image)
      expect(a.probs).toHaveLength(9)
      expect(a.probs.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 5)
      expect(a.ranked.map((g) => g.digit).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
      for (let i = 1; i < 9; i++) expect(a.ranked[i - 1].p).toBeGreaterThanOrEqual(a.ranked[i].p)
      expect(Array.from(clf.classify(image).probs)).toEqual(Array.from(a.probs))
    }
  })

  it('votes only on filled cells, in the DigitVoter shape', async () => {
    const blank: GrayImage = { width: 80, height: 80, data: new Uint8Array(6400).fill(255) }
    const [{ image, digit }] = await givenCells('image125')
    const votes = clf.vote([
      { filled: false, image: blank },
      { filled: true, image },
    ])
    expect(votes[0]).toBeNull()
    const best = Array.from(votes[1]!).indexOf(Math.max(...votes[1]!)) + 1
    expect(best).toBe(digit)
  })

  it('reads digits in freshly rendered font grids (a seed no training run used)', async () => {
    // The fonts are among the training families, but these grids (layout, size, degradation) are new.
    const r = rng(987654)
    let right = 0
    let total = 0
    for (const family of ['DejaVu Sans', 'Liberation Serif', 'TeX Gyre Heros']) {
      const grid = await syntheticGrid(r, family)
      cellsFromCorners(cv, grid.photo, grid.corners).forEach((image, cell) => {
        if (!image || !grid.truth[cell]) return
        total++
        if (clf.classify(image).ranked[0].digit === grid.truth[cell]) right++
      })
    }
    expect(total).toBeGreaterThan(30)
    expect(right / total).toBeGreaterThanOrEqual(0.95)
  })

  it('survives the float16 storage round trip', () => {
    const again = decodeDigitModel(encodeDigitModel(clf.net, 'round trip'))
    expect(Array.from(again.w3)).toEqual(Array.from(clf.net.w3))
    expect(Array.from(again.b4)).toEqual(Array.from(clf.net.b4))
  })
})
