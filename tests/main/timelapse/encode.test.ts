/** Real encodes with the bundled ffmpeg, checked by reading the result back with `ffmpeg -i`. */
import { existsSync } from 'node:fs'
import { readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeSequence, FfmpegError } from '../../../src/main/timelapse/encode'
import { encodeFrames } from '../../../src/main/timelapse/encode-frames'
import { countVideoFrames, probeVideo } from '../../../src/main/timelapse/ffmpeg-probe'
import { DEFAULT_TIMELAPSE_SETTINGS, outputFrameCount, type EncodeProgress } from '../../../src/shared/timelapse'
import { ffmpegPath, makeFrames, nearDuration, tempDir } from './helpers'

let dir: string
beforeAll(async () => {
  dir = await tempDir('encode')
  await makeFrames(dir, 30, { width: 320, height: 240 })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const job = (over: Partial<Parameters<typeof encodeSequence>[0]> = {}) => ({
  framesDir: dir,
  inputPattern: 'frame%07d.jpg',
  startNumber: 1,
  frameCount: 30,
  fpsIn: 10,
  fpsOut: 24,
  crf: 23,
  crop: null,
  size: null,
  output: join(dir, 'out.mp4'),
  ffmpegPath,
  ...over,
})

describe('encodeSequence', () => {
  it('writes H.264 at the requested rate and length, reporting progress', async () => {
    const seen: EncodeProgress[] = []
    const result = await encodeSequence(job({ onProgress: (p) => seen.push(p) }))
    const info = await probeVideo(ffmpegPath, result.output)
    expect(info.codec).toBe('h264')
    expect(info.pixelFormat).toBe('yuv420p')
    expect(info.fps).toBe(24)
    expect([info.width, info.height]).toEqual([320, 240])
    // 30 shots at 10 per second: 3 s of film.
    expect(nearDuration(info.durationSeconds, 3, 24)).toBe(true)
    expect(Math.abs((await countVideoFrames(ffmpegPath, result.output))! - outputFrameCount(30, 10, 24))).toBeLessThanOrEqual(1)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.at(-1)!.percent).toBe(100)
  })

  it('scales into the requested size with even dimensions, and crops', async () => {
    const result = await encodeSequence(
      job({ size: { width: 641, height: 361 }, crop: { x: 20, y: 10, width: 201, height: 151 }, fpsIn: 5, fpsOut: 30, output: join(dir, 'sized.mp4') }),
    )
    const info = await probeVideo(ffmpegPath, result.output)
    expect([info.width, info.height]).toEqual([640, 360])
    expect(info.fps).toBe(30)
    expect(nearDuration(info.durationSeconds, 6, 30)).toBe(true)
  })

  it('starts from a later number with start_number', async () => {
    const result = await encodeSequence(job({ startNumber: 11, frameCount: 20, output: join(dir, 'later.mp4') }))
    expect(nearDuration((await probeVideo(ffmpegPath, result.output)).durationSeconds, 2, 24)).toBe(true)
  })

  it('is cancelled by its AbortSignal and leaves no film behind', async () => {
    const controller = new AbortController()
    const output = join(dir, 'cancelled.mp4')
    // Slow settings and a big frame so the encode is still running when the abort comes.
    const promise = encodeSequence(
      job({ output, size: { width: 3840, height: 2160 }, fpsOut: 60, preset: 'slow', signal: controller.signal, onProgress: () => controller.abort() }),
    )
    setTimeout(() => controller.abort(), 1500)
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' })
    expect(existsSync(output)).toBe(false)
    expect((await readdir(dir)).filter((n) => n.includes('partial'))).toEqual([])
  })

  it("rejects with the exit code and ffmpeg's message when the input is corrupt", async () => {
    const bad = await tempDir('corrupt')
    await writeFile(join(bad, 'frame0000001.jpg'), 'this is not a JPEG')
    await writeFile(join(bad, 'frame0000002.jpg'), 'nor is this')
    const error = await encodeSequence(job({ framesDir: bad, frameCount: 2, output: join(bad, 'bad.mp4') })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FfmpegError)
    const e = error as FfmpegError
    expect(e.exitCode).not.toBe(0)
    expect(e.message).toMatch(/Invalid data|Conversion failed|No JPEG data/)
    expect(e.stderrTail).toContain('mjpeg')
    expect(existsSync(join(bad, 'bad.mp4'))).toBe(false)
    await rm(bad, { recursive: true, force: true })
  })

  it('rejects with a clear message when the frames are missing', async () => {
    await expect(encodeSequence(job({ startNumber: 500, output: join(dir, 'none.mp4') }))).rejects.toThrow(/No such file|Could find no file/)
  })
})

describe('encodeFrames', () => {
  it('encodes a sequence with gaps (dropped shots, recovered sessions) as one film', async () => {
    const gaps = await tempDir('gaps')
    const numbers = [1, 2, 3, 7, 8, 12, 13, 14, 20, 21]
    await makeFrames(gaps, numbers.length, { numbers })
    const result = await encodeFrames({
      dir: gaps,
      numbers,
      settings: { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 5, fpsOut: 25, size: { width: 640, height: 360 } },
      output: join(gaps, 'film.mp4'),
      stagingDir: join(gaps, '.staging'),
      ffmpegPath,
    })
    const info = await probeVideo(ffmpegPath, result.output)
    expect(nearDuration(info.durationSeconds, 2, 25)).toBe(true)
    // 10 shots at 5/s repeated up to 25 fps: 50 frames, give or take ffmpeg's rounding of the last one.
    expect(Math.abs((await countVideoFrames(ffmpegPath, result.output))! - 50)).toBeLessThanOrEqual(1)
    expect(existsSync(join(gaps, '.staging'))).toBe(false)
    await rm(gaps, { recursive: true, force: true })
  })
})

describe('encodeFrames with stabilising and the puzzle crop', () => {
  it('counts frames it cannot register, crops to the puzzle and says what it did', async () => {
    const { loadOpenCVForTests } = await import('./helpers')
    const sharp = (await import('sharp')).default
    const cv = await loadOpenCVForTests()
    const work = await tempDir('stab-encode')
    // A light square "sheet" at (100, 60)-(260, 220) moving a few pixels each frame on a dark desk.
    const shifts = [[0, 0], [4, 2], [-3, 5], [6, -4], [2, 2], [0, 3]]
    for (let i = 0; i < shifts.length; i++) {
      const [dx, dy] = shifts[i]
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#402a1a"/><rect x="${100 + dx}" y="${60 + dy}" width="160" height="160" fill="#eee"/></svg>`
      await sharp(Buffer.from(svg)).jpeg().toFile(join(work, `frame${String(i + 1).padStart(7, '0')}.jpg`))
    }
    let n = 0
    // Ground-truth corners, except for frame 3 where "the hand covers the sheet".
    const locate = () => {
      const i = n++ % shifts.length
      if (i === 2) return null
      const [dx, dy] = shifts[i]
      return [
        { x: 100 + dx, y: 60 + dy },
        { x: 260 + dx, y: 60 + dy },
        { x: 260 + dx, y: 220 + dy },
        { x: 100 + dx, y: 220 + dy },
      ] as const
    }
    const result = await encodeFrames({
      dir: work,
      numbers: shifts.map((_, i) => i + 1),
      settings: { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 6, fpsOut: 12, size: null, stabilise: true, crop: { kind: 'puzzle' } },
      output: join(work, 'film.mp4'),
      stagingDir: join(work, '.staging'),
      locate,
      loadCV: async () => cv,
      ffmpegPath,
    })
    expect(result.registrationFailures).toBe(1)
    expect(result.notes.join(' ')).toMatch(/1 of 6 frames could not be registered/)
    const info = await probeVideo(ffmpegPath, result.output)
    // The puzzle's box (160 px) plus 6% margin each side, rounded to even: about 180 px square.
    expect(info.width).toBeGreaterThanOrEqual(176)
    expect(info.width).toBeLessThanOrEqual(182)
    expect(info.height).toBe(info.width)
    await rm(work, { recursive: true, force: true })
  })
})

describe('a session whose camera changed resolution midway', () => {
  it('still gives one film of the requested size', async () => {
    const mixed = await tempDir('mixed')
    await makeFrames(mixed, 5, { width: 320, height: 240, numbers: [1, 2, 3, 4, 5] })
    await makeFrames(mixed, 5, { width: 640, height: 360, numbers: [6, 7, 8, 9, 10] })
    const result = await encodeFrames({
      dir: mixed,
      numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      settings: { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 5, fpsOut: 10, size: { width: 640, height: 360 } },
      output: join(mixed, 'film.mp4'),
      stagingDir: join(mixed, '.staging'),
      ffmpegPath,
    })
    const info = await probeVideo(ffmpegPath, result.output)
    expect([info.width, info.height]).toEqual([640, 360])
    expect(nearDuration(info.durationSeconds, 2, 10)).toBe(true)
    await rm(mixed, { recursive: true, force: true })
  })
})
