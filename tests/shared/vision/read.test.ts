/**
 * read.ts end to end on real photos (B. Wicht's sudoku_dataset, CC-BY-4.0; B. Wicht,
 * J. Hennebert, SoCPaR 2014) with real OpenCV and offline Tesseract; failure cases give a typed
 * "no grid found", never a made-up grid; the wasm heap stays flat over repeated reads.
 */
import './opencv-node'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeReader, shippedClassifier, type NodeReader } from '../../../src/node/reader/reader'
import type { RgbaImage } from '../../../src/shared/vision/core/image'
import { readSudoku } from '../../../src/shared/vision/read'
import { classifierVoter } from '../../../src/shared/vision/digits/voters'
import { photo, photoPixels } from './photos'

let reader: NodeReader
beforeAll(async () => {
  // The shipped classifier is left out so the test measures the parts in this area.
  reader = await createNodeReader({ classifier: null })
})
afterAll(async () => {
  await reader?.close()
})

const solid = (width: number, height: number, value: number): RgbaImage => ({
  width,
  height,
  data: new Uint8Array(width * height * 4).fill(value),
})

describe('readSudoku', () => {
  it.each(['image1', 'image156', 'image1082'])('reads %s with at most one wrong cell', async (name) => {
    const { rgba } = await photoPixels(name)
    const r = await readSudoku(reader.cv, rgba, { voters: reader.voters })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const truth = photo(name).truth
    const wrong = [...r.grid.keys()].filter((c) => r.grid[c] !== truth[c])
    expect(wrong.length).toBeLessThanOrEqual(1)
    expect(r.confidence).toHaveLength(81)
    for (const c of r.confidence) expect(c >= 0 && c <= 1).toBe(true)
    for (const stage of ['grid', 'warp', 'cells', 'tesseract', 'repair', 'total']) expect(r.ms[stage]).toBeGreaterThanOrEqual(0)
    // Corners near the hand-made outline (within 4% of the grid's side: hand-made outlines are themselves a few pixels off).
    const o = photo(name).outline!
    const side = Math.hypot(o[1].x - o[0].x, o[1].y - o[0].y)
    r.corners.forEach((p, k) => expect(Math.hypot(p.x - o[k].x, p.y - o[k].y)).toBeLessThan(0.04 * side))
    for (const c of r.repaired) expect(r.grid[c]).toBeGreaterThan(0)
  })

  it('reads a page photographed sideways (turned a quarter either way)', async () => {
    const p = photo('image1')
    for (const angle of [90, 270]) {
      const { data, info } = await sharp(p.jpg).rotate(angle).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
      const r = await readSudoku(reader.cv, { width: info.width, height: info.height, data: new Uint8Array(data) }, { voters: reader.voters, fiducials: false })
      expect(r.ok).toBe(true)
      if (r.ok) expect([...r.grid.keys()].filter((c) => r.grid[c] !== p.truth[c]).length).toBeLessThanOrEqual(1)
    }
  })

  it('reads a page upside down (a camera across the desk, a wrong EXIF tag) and keeps upright pages as they are', async () => {
    // The classifier is the cheap voter that judges which way up the page is.
    const classifier = await shippedClassifier()
    expect(classifier).not.toBeNull()
    const voters = [classifierVoter(classifier!)]
    const p = photo('image116')
    for (const angle of [0, 180]) {
      const { data, info } = await sharp(p.jpg).rotate(angle).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
      const r = await readSudoku(reader.cv, { width: info.width, height: info.height, data: new Uint8Array(data) }, { voters, fiducials: false })
      expect(r.ok).toBe(true)
      if (!r.ok) continue
      expect([...r.grid.keys()].filter((c) => r.grid[c] !== p.truth[c]).length).toBeLessThanOrEqual(1)
      // The reading's top-left corner is the page's, wherever the turn put it in the image.
      const o = p.outline!
      const tl = angle ? { x: info.width - 1 - o[0].x, y: info.height - 1 - o[0].y } : o[0]
      expect(Math.hypot(r.corners[0].x - tl.x, r.corners[0].y - tl.y)).toBeLessThan(0.04 * Math.hypot(o[1].x - o[0].x, o[1].y - o[0].y))
    }
  })

  it('without voters reads nothing but still finds the filled cells', async () => {
    const { rgba } = await photoPixels('image116')
    const r = await readSudoku(reader.cv, rgba, { voters: [], useRules: false, fiducials: false })
    expect(r.ok).toBe(true)
    if (r.ok) expect(r.cells.map((c) => c.filled)).toEqual(Array.from(photo('image116').truth, (d) => d > 0))
  })

  describe('says "no grid found" instead of making one up', () => {
    const noise = (): RgbaImage => {
      const img = solid(640, 480, 255)
      let seed = 7
      for (let i = 0; i < img.data.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff
        if (i % 4 !== 3) img.data[i] = seed & 255
      }
      return img
    }
    const text = async (): Promise<RgbaImage> => {
      const lines = Array.from(
        { length: 14 },
        (_, i) => `<text x="30" y="${40 + i * 32}" font-size="24" font-family="serif">Lorem ipsum dolor sit amet, 1234 5678 consectetur ${i}</text>`,
      )
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="white"/>${lines.join('')}</svg>`
      const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
      return { width: info.width, height: info.height, data: new Uint8Array(data) }
    }
    const cases: [string, () => RgbaImage | Promise<RgbaImage>][] = [
      ['a blank image', () => solid(640, 480, 200)],
      ['random noise', noise],
      ['a page of text', text],
      ['a 1x1 image', () => solid(1, 1, 128)],
      ['a 12 MP blank image', () => solid(4000, 3000, 240)],
    ]
    it.each(cases)('%s', async (_, make) => {
      const r = await readSudoku(reader.cv, await make(), { voters: reader.voters })
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error).toBe('no-grid')
        expect(r.message).toBe('no grid found')
      }
    })
    it('an empty buffer is a bad image', async () => {
      const r = await readSudoku(reader.cv, { width: 10, height: 10, data: new Uint8Array(0) }, { voters: [] })
      expect(r.ok === false && r.error).toBe('bad-image')
    })
  })

  it('keeps the wasm heap flat over repeated reads (cells included)', async () => {
    const { rgba } = await photoPixels('image1')
    const cv = reader.cv as unknown as { HEAPU8: Uint8Array }
    const options = { voters: [], useRules: false, fiducials: false }
    await readSudoku(reader.cv, rgba, options)
    const before = cv.HEAPU8.length
    for (let i = 0; i < 40; i++) await readSudoku(reader.cv, rgba, options)
    expect(cv.HEAPU8.length).toBe(before)
  })
})
