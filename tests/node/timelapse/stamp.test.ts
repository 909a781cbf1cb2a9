import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { encodeFrames } from '../../../src/node/timelapse/encode-frames'
import { reserveFilm } from '../../../src/node/timelapse/film-output'
import { frameName } from '../../../src/node/timelapse/frame-names'
import { prepareFrames } from '../../../src/node/timelapse/prepare-frames'
import { createTimelapseService } from '../../../src/node/timelapse/service'
import { stampJpeg } from '../../../src/node/timelapse/stamp'
import { DEFAULT_TIMELAPSE_SETTINGS, type TimelapseSettings } from '../../../src/shared/timelapse/settings'
import { formatElapsed } from '../../../src/shared/elapsed'
import { ffmpegPath, greyDifference, greyFrames, makeFrames, regionDifference, tempDir } from './helpers'

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
    const plain = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#f0f0f0' } })
      .jpeg({ quality: 95 })
      .toBuffer()
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

/** A plain light frame: the stamp's dark box is what changes it. */
const plainFrame = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#d8d8d8' } })
    .jpeg({ quality: 95 })
    .toBuffer()

describe('the stamp in a cropped film', () => {
  it('is drawn inside the crop, so the film carries it', async () => {
    const dir = await tempDir('stamp-crop')
    const frame = await plainFrame(640, 480)
    for (let n = 1; n <= 4; n++) await writeFile(join(dir, frameName(n)), frame)
    // The crop leaves out the frame's bottom-right corner, where an uncropped film has its stamp.
    const settings: TimelapseSettings = {
      ...DEFAULT_TIMELAPSE_SETTINGS,
      fpsIn: 4,
      fpsOut: 4,
      size: null,
      crop: { kind: 'rect', x: 80, y: 60, width: 320, height: 240 },
    }
    const encode = async (stampElapsed: boolean, name: string) => {
      const result = await encodeFrames({
        dir,
        numbers: [1, 2, 3, 4],
        settings: { ...settings, stampElapsed },
        output: await reserveFilm(join(dir, name)),
        stagingDir: join(dir, '.staging'),
        ffmpegPath,
      })
      return (await greyFrames(result.output, 320, 240))[0]
    }
    const [stamped, plain] = [await encode(true, 'stamped.mp4'), await encode(false, 'plain.mp4')]
    // stampSvg on a 240-px-high area: 13-px digits in a box about 42 × 16 px, 5 px from the corner.
    expect(greyDifference(stamped, plain, 320, { left: 276, top: 221, width: 36, height: 12 })).toBeGreaterThan(40)
    expect(greyDifference(stamped, plain, 320, { left: 0, top: 0, width: 240, height: 180 })).toBeLessThan(2)
    await rm(dir, { recursive: true, force: true })
  })
})

describe('the stamp after a re-encode with another shot interval', () => {
  it('counts the recorded interval: 10 shots 0.5 s apart end at 0:04, not 0:18', async () => {
    const base = await tempDir('stamp-reencode')
    // A queue long enough that the burst of 10 shots below drops none (the app's default is 8).
    const service = createTimelapseService({ baseDir: join(base, 'timelapses'), ffmpegPath, queueLimit: 16 })
    const frame = await plainFrame(640, 480)
    const recorded = { ...DEFAULT_TIMELAPSE_SETTINGS, intervalSeconds: 0.5, fpsIn: 5, fpsOut: 5, size: null, stampElapsed: true }
    const session = await service.startSession(recorded)
    for (let i = 0; i < 10; i++) expect(service.addFrame(session.id, frame).status).toBe('queued')
    await service.stopSession(session.id)
    // The panel now says 2 s between shots; that is an old recording's setting, not this one's.
    const film = await service.encode(session.id, { ...recorded, intervalSeconds: 2 })
    expect(film.frames).toBe(10)
    const last = (await greyFrames(film.video, 640, 480)).at(-1)!

    const reference = async (text: string) =>
      new Uint8Array(
        await sharp(await stampJpeg(frame, text, 95))
          .greyscale()
          .raw()
          .toBuffer(),
      )
    // stampSvg on a 480-px-high frame: 27-px digits in a box about 85 × 34 px at the bottom right.
    const stampRegion = { left: 548, top: 438, width: 80, height: 30 }
    const fromRecorded = greyDifference(last, await reference(formatElapsed(9 * 0.5)), 640, stampRegion)
    const fromPanel = greyDifference(last, await reference(formatElapsed(9 * 2)), 640, stampRegion)
    expect(formatElapsed(9 * 0.5)).toBe('0:04')
    expect(fromRecorded).toBeLessThan(fromPanel / 2)
    await rm(base, { recursive: true, force: true })
  })
})
