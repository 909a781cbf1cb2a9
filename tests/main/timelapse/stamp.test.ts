import { rm } from 'node:fs/promises'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { frameName } from '../../../src/main/timelapse/frame-names'
import { prepareFrames } from '../../../src/main/timelapse/prepare-frames'
import { stampJpeg } from '../../../src/main/timelapse/stamp'
import { formatElapsed } from '../../../src/shared/timelapse-annotations'
import { makeFrames, regionDifference, tempDir } from './helpers'

describe('formatElapsed', () => {
  it('writes m:ss under an hour and h:mm:ss above', () => {
    expect(formatElapsed(0)).toBe('0:00')
    expect(formatElapsed(75.9)).toBe('1:15')
    expect(formatElapsed(3725)).toBe('1:02:05')
    expect(formatElapsed(-3)).toBe('0:00')
  })
})

describe('stampJpeg', () => {
  it('draws the text in the bottom-right corner and leaves the rest of the frame alone', async () => {
    const plain = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#f0f0f0' } }).jpeg({ quality: 95 }).toBuffer()
    const stamped = await stampJpeg(plain, '12:34', 95)
    const meta = await sharp(stamped).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([640, 360, 'jpeg'])
    expect(await regionDifference(plain, stamped, { left: 560, top: 330, width: 70, height: 22 })).toBeGreaterThan(40)
    expect(await regionDifference(plain, stamped, { left: 0, top: 0, width: 400, height: 250 })).toBeLessThan(2)
  })
})

describe('prepareFrames with the elapsed-time stamp', () => {
  it('writes stamped copies under contiguous numbers, keeping the originals', async () => {
    const dir = await tempDir('stamp')
    const numbers = [1, 2, 5]
    await makeFrames(dir, 3, { numbers, width: 320, height: 240 })
    const originals = await Promise.all(numbers.map((n) => readFile(join(dir, frameName(n)))))
    const prepared = await prepareFrames({ dir, numbers, stagingDir: join(dir, '.staging'), stamp: { intervalSeconds: 30 } })
    expect(prepared.files).toEqual([1, 2, 3].map((n) => join(dir, '.staging', frameName(n))))
    expect(prepared.skipped).toBe(0)
    for (let i = 0; i < 3; i++) {
      const out = await readFile(prepared.files[i])
      expect(await regionDifference(originals[i], out, { left: 230, top: 200, width: 85, height: 35 })).toBeGreaterThan(10)
      expect(Buffer.compare(await readFile(join(dir, frameName(numbers[i]))), originals[i])).toBe(0)
    }
    // Shot 5 is (5 - 1) × 30 s = 2:00 after the first: its stamp differs from shot 2's (0:30).
    await prepared.cleanup()
    await rm(dir, { recursive: true, force: true })
  })
})
