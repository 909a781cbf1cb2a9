/** core/gray.ts: the scales made in one pass are the copies each step used to make for itself. */
import { describe, expect, test } from 'vitest'
import { downscaleGray, finerScale, grayScales, scaleAtMost, toGray } from '../../../../src/shared/vision/core/gray'
import type { GrayImage, RgbaImage } from '../../../../src/shared/vision/core/image'

/** Pixel-for-pixel equality (vitest's deep equality is slow on megapixel arrays). */
function expectSame(a: GrayImage, b: GrayImage): void {
  expect([a.width, a.height]).toEqual([b.width, b.height])
  expect(Buffer.compare(a.data, b.data)).toBe(0)
}

/** Deterministic pseudo-random RGBA pixels, odd sizes so that blocks leave a remainder. */
function noise(width: number, height: number): RgbaImage {
  let seed = 11
  const data = new Uint8Array(width * height * 4)
  for (let i = 0; i < data.length; i++) data[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16
  return { width, height, data }
}

describe('grayScales', () => {
  test.each([
    [1931, 1283],
    [640, 360],
    [803, 611],
  ])('%d×%d: full grey and working copy as toGray and downscaleGray give them', (w, h) => {
    const image = noise(w, h)
    const scales = grayScales(image)
    expectSame(scales.full, toGray(image))
    const working = downscaleGray(image, 640)
    expect(scales.working.factor).toBe(working.factor)
    expectSame(scales.working.gray, working.gray)
    // The same from the grey image, which the scales share rather than copy.
    const gray = toGray(image)
    const fromGray = grayScales(gray)
    expect(fromGray.full).toBe(gray)
    expectSame(fromGray.working.gray, downscaleGray(gray, 640).gray)
  })

  test('the finer copy is twice as fine (half the factor, rounded up), and none at full size', () => {
    const image = noise(1931, 1283)
    const scales = grayScales(image)
    expect(scales.working.factor).toBe(4)
    const finer = finerScale(scales)!
    expect(finer.factor).toBe(2)
    expectSame(finer.gray, downscaleGray(image, Math.ceil(1931 / 2)).gray)
    // A 16 MP photo, worked on at factor 8, is looked at again at 4; an 1800 px one, at 3, then at 2.
    expect(finerScale(grayScales(noise(4608, 48)))!.factor).toBe(4)
    expect(finerScale(grayScales(noise(1800, 40)))!.factor).toBe(2)
    expect(finerScale(grayScales(noise(640, 360)))).toBeNull()
    // 800 px: working at half size, the finer look at full size is the full grey itself.
    const near = grayScales(noise(800, 600))
    expect(finerScale(near)!.gray).toBe(near.full)
  })

  test('a smaller copy is cut from the working copy, its factor composed', () => {
    const scales = grayScales(noise(1931, 1283))
    const small = scaleAtMost(scales, 400)
    expect(small.factor).toBe(scales.working.factor * 2)
    expectSame(small.gray, downscaleGray(scales.working.gray, 400).gray)
    expect(scaleAtMost(scales, 640)).toBe(scales.working)
  })
})
