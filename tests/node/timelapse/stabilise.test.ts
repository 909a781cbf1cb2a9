/**
 * Registration geometry on frames whose true corners are known: a textured sheet shifted by a
 * known amount per frame. `locate` returns those true corners (the detector itself is tested
 * with the vision code), so these tests check the homography and warp, and the failure count.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { LONE_JUMP, Stabiliser, steadyCorners, usableCorners, warpToReference } from '../../../src/node/timelapse/stabilise'
import { frameName } from '../../../src/node/timelapse/frame-names'
import { decodeJpeg, encodeJpeg } from '../../../src/node/timelapse/jpeg'
import { prepareFrames } from '../../../src/node/timelapse/prepare-frames'
import type { CV } from '../../../src/shared/vision/core/cv'
import type { Corners, RgbaImage } from '../../../src/shared/vision/core/image'
import { loadOpenCVForTests, tempDir } from './helpers'

const W = 320
const H = 240
const SHEET = { x: 80, y: 50, w: 160, h: 140 }

/** The sheet (a checkerboard, so misregistration shows) on a dark desk, moved by (dx, dy). */
async function frame(dx: number, dy: number): Promise<RgbaImage> {
  const cells: string[] = []
  for (let r = 0; r < 7; r++)
    for (let c = 0; c < 8; c++)
      if ((r + c) % 2) cells.push(`<rect x="${SHEET.x + dx + c * 20}" y="${SHEET.y + dy + r * 20}" width="20" height="20" fill="#222"/>`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#503020"/>
    <rect x="${SHEET.x + dx}" y="${SHEET.y + dy}" width="${SHEET.w}" height="${SHEET.h}" fill="#f4f4f0"/>${cells.join('')}</svg>`
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data) }
}

const cornersAt = (dx: number, dy: number): Corners => [
  { x: SHEET.x + dx, y: SHEET.y + dy },
  { x: SHEET.x + dx + SHEET.w, y: SHEET.y + dy },
  { x: SHEET.x + dx + SHEET.w, y: SHEET.y + dy + SHEET.h },
  { x: SHEET.x + dx, y: SHEET.y + dy + SHEET.h },
]

/** Mean absolute difference over the sheet's area in the reference position. */
function sheetDifference(a: RgbaImage, b: RgbaImage): number {
  let sum = 0
  let n = 0
  for (let y = SHEET.y + 4; y < SHEET.y + SHEET.h - 4; y++)
    for (let x = SHEET.x + 4; x < SHEET.x + SHEET.w - 4; x++) {
      const i = (y * W + x) * 4
      sum += Math.abs(a.data[i] - b.data[i])
      n++
    }
  return sum / n
}

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCVForTests()
})

describe('warpToReference', () => {
  it('moves a shifted sheet back onto the reference, without changing the input', async () => {
    const ref = await frame(0, 0)
    const moved = await frame(17, -11)
    const before = Uint8Array.from(moved.data)
    expect(sheetDifference(ref, moved)).toBeGreaterThan(40)
    const warped = warpToReference(cv, moved, cornersAt(17, -11), cornersAt(0, 0))
    expect(sheetDifference(ref, warped)).toBeLessThan(6)
    expect([warped.width, warped.height]).toEqual([W, H])
    expect(moved.data).toEqual(before)
  })
})

describe('Stabiliser', () => {
  it('registers frames to the first one and counts the ones it cannot', async () => {
    const shifts: [number, number][] = [
      [0, 0],
      [5, 3],
      [-8, 6],
      [12, -9],
      [3, 3],
    ]
    const located: (Corners | null)[] = [cornersAt(0, 0), cornersAt(5, 3), null, cornersAt(12, -9), cornersAt(3, 3)]
    let i = 0
    const s = new Stabiliser(cv, () => located[i])
    const ref = await frame(0, 0)
    const results = []
    for (; i < shifts.length; i++) {
      const input = await frame(...shifts[i])
      const out = await s.next(input)
      results.push({ ...out, input })
    }
    expect(results.map((r) => r.registered)).toEqual([true, true, false, true, true])
    expect([s.registered, s.failed]).toEqual([4, 1])
    // The unregistered frame passes through untouched; the others line up with the first.
    expect(results[2].image).toBe(results[2].input)
    for (const k of [1, 3, 4]) expect(sheetDifference(ref, results[k].image)).toBeLessThan(6)
  })

  it('registers every frame, the first too, to corners given ahead (those of the crop)', async () => {
    const s = new Stabiliser(cv, () => cornersAt(9, -7), cornersAt(0, 0))
    const out = await s.next(await frame(9, -7))
    expect(out.registered).toBe(true)
    expect(sheetDifference(await frame(0, 0), out.image)).toBeLessThan(6)
    expect(s.referenceCorners).toEqual(cornersAt(0, 0))
  })

  it('counts a locator that throws as a failure, not an error', async () => {
    const s = new Stabiliser(cv, () => {
      throw new Error('detector crashed')
    })
    const out = await s.next(await frame(0, 0))
    expect(out.registered).toBe(false)
    expect(s.failed).toBe(1)
  })
})

describe('steadyCorners', () => {
  // Twice LONE_JUMP of the sheet's diagonal.
  const jump = Math.ceil(2 * LONE_JUMP * Math.hypot(SHEET.w, SHEET.h))

  it('puts a quad found elsewhere in one frame alone back where its neighbours place the sheet', () => {
    expect(steadyCorners(cornersAt(0, 0), cornersAt(0, -SHEET.h / 9), cornersAt(1, 0))).toEqual(cornersAt(0, 0))
    expect(steadyCorners(cornersAt(0, 0), cornersAt(jump, 0), cornersAt(0, 1))).toEqual(cornersAt(0, 0))
  })

  it('keeps a frame’s own corners where the sheet moved and stayed, where it is moving, at either end and within the jitter', () => {
    expect(steadyCorners(cornersAt(0, 0), cornersAt(30, 0), cornersAt(30, 1))).toEqual(cornersAt(30, 0))
    expect(steadyCorners(cornersAt(0, 0), cornersAt(15, 0), cornersAt(30, 0))).toEqual(cornersAt(15, 0))
    expect(steadyCorners(null, cornersAt(30, 0), cornersAt(0, 0))).toEqual(cornersAt(30, 0))
    expect(steadyCorners(cornersAt(0, 0), cornersAt(30, 0), null)).toEqual(cornersAt(30, 0))
    expect(steadyCorners(cornersAt(0, 0), cornersAt(2, 1), cornersAt(0, 1))).toEqual(cornersAt(2, 1))
  })
})

describe('prepareFrames stabilising', () => {
  it('registers a shot whose quad alone was found a row off by its neighbours’ corners', async () => {
    const dir = await tempDir('steady')
    const numbers = [1, 2, 3, 4]
    for (const n of numbers) await writeFile(join(dir, frameName(n)), await encodeJpeg(await frame(6, 4), 95))
    const located = [cornersAt(6, 4), cornersAt(6, 4 - SHEET.h / 7), cornersAt(6, 4), cornersAt(6, 4)]
    let calls = 0
    const prepared = await prepareFrames({
      dir,
      numbers,
      stagingDir: join(dir, '.staging'),
      stabilise: { cv, locate: () => located[calls++], reference: cornersAt(0, 0) },
    })
    const ref = await frame(0, 0)
    expect(prepared.registrationFailures).toBe(0)
    for (const file of prepared.files) expect(sheetDifference(ref, await decodeJpeg(await readFile(file)))).toBeLessThan(8)
    await prepared.cleanup()
    await rm(dir, { recursive: true, force: true })
  })
})

describe('usableCorners', () => {
  it('rejects missing, non-finite and collapsed corners', () => {
    expect(usableCorners(cornersAt(0, 0))).toBe(true)
    expect(usableCorners(null)).toBe(false)
    const p = { x: 5, y: 5 }
    expect(usableCorners([p, p, p, p])).toBe(false)
    expect(usableCorners([{ x: NaN, y: 0 }, p, { x: 100, y: 0 }, { x: 0, y: 100 }])).toBe(false)
  })
})

describe('stabilising a real photo with the real grid detector', () => {
  it('brings moved shots of a sheet back onto the first one', async () => {
    const { execFile } = await import('node:child_process')
    const { createRequire } = await import('node:module')
    const { join } = await import('node:path')
    const tsx = createRequire(import.meta.url).resolve('tsx')
    const photo = join(__dirname, '../../fixtures/timelapse/wicht-image1.jpg')
    const shifts = [
      [0, 0],
      [12, 5],
      [-10, 8],
      [20, -6],
    ]
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', tsx, join(__dirname, 'stabilise-photo-child.ts'), photo, JSON.stringify(shifts)], (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    )
    const r = JSON.parse(out) as { registered: number; failed: number; differences: number[]; before: number[] }
    expect([r.registered, r.failed]).toEqual([4, 0])
    for (let i = 1; i < shifts.length; i++) {
      expect(r.before[i]).toBeGreaterThan(10)
      expect(r.differences[i]).toBeLessThan(r.before[i] / 4)
    }
  })
})
