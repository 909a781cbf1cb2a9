/** Real encodes with the bundled ffmpeg, checked by reading the result back with `ffmpeg -i`. */
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeSequence, FfmpegError, FilmCheckError, filmMatches } from '../../../src/node/timelapse/encode'
import { encodeFrames } from '../../../src/node/timelapse/encode-frames'
import { countVideoFrames, probeVideo } from '../../../src/node/timelapse/ffmpeg-probe'
import { FilmOutputError, partialName, reserveFilm } from '../../../src/node/timelapse/film-output'
import { frameName } from '../../../src/node/timelapse/frame-names'
import { DEFAULT_TIMELAPSE_SETTINGS, outputFrameCount, type EncodeProgress } from '../../../src/shared/timelapse/settings'
import { ffmpegPath, makeFrames, nearDuration, tempDir } from './helpers'

let dir: string
beforeAll(async () => {
  dir = await tempDir('encode')
  await makeFrames(dir, 30, { width: 320, height: 240 })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function* shots(folder: string, numbers: readonly number[]): AsyncGenerator<Uint8Array> {
  for (const n of numbers) yield await readFile(join(folder, frameName(n)))
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const partials = async (folder: string) => (await readdir(folder)).filter((n) => n.includes('partial'))

const job = async (over: Partial<Parameters<typeof encodeSequence>[0]> & { out?: string; folder?: string } = {}) => ({
  frames: shots(dir, range(1, 30)),
  frameCount: 30,
  inputCodec: 'mjpeg' as const,
  fpsIn: 10,
  fpsOut: 24,
  crf: 23,
  crop: null,
  size: null,
  output: await reserveFilm(join(over.folder ?? dir, over.out ?? 'out.mp4')),
  ffmpegPath,
  ...over,
})

describe('encodeSequence', () => {
  it('writes H.264 at the requested rate and length, reporting progress', async () => {
    const seen: EncodeProgress[] = []
    const result = await encodeSequence(await job({ onProgress: (p) => seen.push(p) }))
    const info = await probeVideo(ffmpegPath, result.output)
    expect(info.codec).toBe('h264')
    expect(info.pixelFormat).toBe('yuv420p')
    expect(info.fps).toBe(24)
    expect([info.width, info.height]).toEqual([320, 240])
    // 30 shots at 10 per second: 3 s of film.
    expect(nearDuration(info.durationSeconds, 3, 24)).toBe(true)
    expect(Math.abs((await countVideoFrames(ffmpegPath, result.output))! - outputFrameCount(30, 10, 24))).toBeLessThanOrEqual(1)
    expect(result).toMatchObject({ frames: 30, framesWritten: outputFrameCount(30, 10, 24) })
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.at(-1)!.percent).toBe(100)
    expect(await partials(dir)).toEqual([])
  })

  it('scales into the requested size with even dimensions, and crops', async () => {
    const result = await encodeSequence(
      await job({ size: { width: 641, height: 361 }, crop: { x: 20, y: 10, width: 201, height: 151 }, fpsIn: 5, fpsOut: 30, out: 'sized.mp4' }),
    )
    const info = await probeVideo(ffmpegPath, result.output)
    expect([info.width, info.height]).toEqual([640, 360])
    expect(info.fps).toBe(30)
    expect(nearDuration(info.durationSeconds, 6, 30)).toBe(true)
  })

  it('is cancelled by its AbortSignal and leaves no film behind', async () => {
    const controller = new AbortController()
    // Slow settings and a big frame so the encode is still running when the abort comes.
    const promise = encodeSequence(
      await job({
        out: 'cancelled.mp4',
        size: { width: 3840, height: 2160 },
        fpsOut: 60,
        preset: 'slow',
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    )
    setTimeout(() => controller.abort(), 1500)
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' })
    expect(existsSync(join(dir, 'cancelled.mp4'))).toBe(false)
    expect(await partials(dir)).toEqual([])
  })

  it("rejects with the exit code and ffmpeg's message when it cannot decode the input", async () => {
    const bad = await tempDir('corrupt')
    const frames = [Buffer.from('this is not a JPEG'), Buffer.from('nor is this')]
    const error = await encodeSequence(await job({ folder: bad, out: 'bad.mp4', frames, frameCount: 2 })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FfmpegError)
    const e = error as FfmpegError
    expect(e.exitCode).not.toBe(0)
    expect(e.message).toMatch(/Invalid data|Conversion failed|No JPEG data|empty|does not contain any stream/i)
    expect(await readdir(bad)).toEqual([])
    await rm(bad, { recursive: true, force: true })
  })

  it('rejects with the reading error when a frame cannot be read, and stops ffmpeg', async () => {
    const error = await encodeSequence(await job({ frames: shots(dir, [1, 2, 500]), frameCount: 3, out: 'none.mp4' })).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'ENOENT' })
    expect(existsSync(join(dir, 'none.mp4'))).toBe(false)
    expect(await partials(dir)).toEqual([])
  })

  it('checks the film before it replaces the old one: a film of the wrong length is refused', async () => {
    const out = join(dir, 'kept.mp4')
    await encodeSequence(await job({ out: 'kept.mp4', frames: shots(dir, range(1, 10)), frameCount: 10 }))
    const before = await readFile(out)
    // Two shots glued into one "frame": ffmpeg finds 11 images where 10 were sent, as when another
    // writer mixes into the same film, and the film comes out a frame longer than asked.
    const frames = [
      ...(await Promise.all(range(1, 9).map((n) => readFile(join(dir, frameName(n)))))),
      Buffer.concat([await readFile(join(dir, frameName(10))), await readFile(join(dir, frameName(11)))]),
    ]
    const error = await encodeSequence(await job({ out: 'kept.mp4', frames, frameCount: 10, fpsIn: 10, fpsOut: 10 })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FilmCheckError)
    expect((error as Error).message).toMatch(/ffmpeg read 11 images where 10 were sent/)
    expect(Buffer.compare(await readFile(out), before)).toBe(0)
    expect(await partials(dir)).toEqual([])
  })

  it('judges a film by its frame count and duration, within one frame', () => {
    expect(filmMatches({ frames: 72, durationSeconds: 3 }, 30, 10, 24)).toBe(true)
    expect(filmMatches({ frames: 73, durationSeconds: 3.04 }, 30, 10, 24)).toBe(true)
    // What the bundled ffmpeg writes for 17 shots at 24/s shown at 10 fps.
    expect(filmMatches({ frames: 9, durationSeconds: 0.9 }, 17, 24, 10)).toBe(true)
    expect(filmMatches({ frames: 69, durationSeconds: 3 }, 30, 10, 24)).toBe(false)
    expect(filmMatches({ frames: 72, durationSeconds: 2.5 }, 30, 10, 24)).toBe(false)
    expect(filmMatches({ frames: undefined, durationSeconds: 3 }, 30, 10, 24)).toBe(false)
  })
})

describe('reserveFilm', () => {
  it('refuses a missing folder or a folder in the way before any work', async () => {
    await expect(reserveFilm(join(dir, 'no-such-folder', 'film.mp4'))).rejects.toThrow(FilmOutputError)
    await expect(reserveFilm(join(dir, 'no-such-folder', 'film.mp4'))).rejects.toThrow(/the folder does not exist/)
    await mkdir(join(dir, 'a-folder.mp4'))
    await expect(reserveFilm(join(dir, 'a-folder.mp4'))).rejects.toThrow(/it is a folder/)
  })

  // A real read-only disk, where this process may mount one (root in a container, as in CI).
  it.runIf(process.platform === 'linux' && process.getuid?.() === 0)('says so when the folder is on a read-only disk', async () => {
    const { execFileSync } = await import('node:child_process')
    const mountPoint = await tempDir('ro-disk')
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,ro', 'tmpfs', mountPoint], { stdio: 'ignore' })
    } catch {
      return // not allowed to mount here
    }
    try {
      await expect(reserveFilm(join(mountPoint, 'film.mp4'))).rejects.toThrow(/Cannot write the film to .*: the folder is on a read-only disk\./)
    } finally {
      execFileSync('umount', [mountPoint])
      await rm(mountPoint, { recursive: true, force: true })
    }
  })

  it('removes the temp films of dead runs, never those of live ones, and each run gets its own', async () => {
    const folder = await tempDir('reserve')
    // pid 2^22 + 1 is above Linux's largest pid, so no process has it.
    const dead = partialName('film.mp4', 4_194_305, 'aa11')
    const alive = partialName('film.mp4', process.ppid, 'bb22')
    const other = partialName('other.mp4', 4_194_305, 'cc33')
    for (const name of [dead, alive, other]) await writeFile(join(folder, name), 'half a film')
    const a = await reserveFilm(join(folder, 'film.mp4'))
    const b = await reserveFilm(join(folder, 'film.mp4'))
    expect(a.temp).not.toBe(b.temp)
    const names = await readdir(folder)
    expect(names).not.toContain(dead)
    expect(names).toEqual(expect.arrayContaining([alive, other]))
    await Promise.all([a.discard(), b.discard()])
    await rm(folder, { recursive: true, force: true })
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
      output: await reserveFilm(join(gaps, 'film.mp4')),
      stagingDir: join(gaps, '.staging'),
      ffmpegPath,
    })
    const info = await probeVideo(ffmpegPath, result.output)
    expect(nearDuration(info.durationSeconds, 2, 25)).toBe(true)
    // 10 shots at 5/s repeated up to 25 fps: 50 frames, give or take ffmpeg's rounding of the last one.
    expect(Math.abs((await countVideoFrames(ffmpegPath, result.output))! - 50)).toBeLessThanOrEqual(1)
    expect(existsSync(join(gaps, '.staging'))).toBe(false)
    expect(result.skippedFrames).toBe(0)
    await rm(gaps, { recursive: true, force: true })
  })
})

describe('damaged frames', () => {
  let broken: string
  const numbers = range(1, 60)
  beforeAll(async () => {
    broken = await tempDir('broken')
    await makeFrames(broken, 60, { width: 160, height: 120 })
    // A 0-byte shot (the one that used to end the film there), one cut off, one that is not a JPEG.
    await truncate(join(broken, frameName(20)), 0)
    const whole = await readFile(join(broken, frameName(35)))
    await writeFile(join(broken, frameName(35)), whole.subarray(0, whole.length >> 1))
    await writeFile(join(broken, frameName(50)), 'not a picture')
  })
  afterAll(() => rm(broken, { recursive: true, force: true }))

  const settings = { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 10, fpsOut: 10, size: null }
  const encode = async (over: Partial<typeof settings>, extra: Partial<Parameters<typeof encodeFrames>[0]> = {}) =>
    encodeFrames({
      dir: broken,
      numbers,
      settings: { ...settings, ...over },
      output: await reserveFilm(join(broken, 'film.mp4')),
      stagingDir: join(broken, '.staging'),
      ffmpegPath,
      ...extra,
    })

  async function expectAllButThree(result: Awaited<ReturnType<typeof encodeFrames>>) {
    expect(result.skippedFrames).toBe(3)
    expect(result.frames).toBe(57)
    expect(result.notes.join(' ')).toMatch(/3 of 60 frames were empty or damaged and were left out/)
    expect(await countVideoFrames(ffmpegPath, result.output)).toBe(57)
    expect(nearDuration((await probeVideo(ffmpegPath, result.output)).durationSeconds, 5.7, 10)).toBe(true)
  }

  it('are left out and counted; every other frame is in the film', async () => {
    await expectAllButThree(await encode({}))
  })

  it('are left out and counted when stamping, instead of failing the encode', async () => {
    await expectAllButThree(await encode({ stampElapsed: true }))
    expect(existsSync(join(broken, '.staging'))).toBe(false)
  })

  it('are left out and counted when stabilising, instead of failing the encode', async () => {
    const { loadOpenCVForTests } = await import('./helpers')
    const cv = await loadOpenCVForTests()
    const corners = [
      { x: 20, y: 20 },
      { x: 140, y: 20 },
      { x: 140, y: 100 },
      { x: 20, y: 100 },
    ] as const
    await expectAllButThree(await encode({ stabilise: true }, { locate: () => corners, loadCV: async () => cv }))
  })

  it('all damaged: the encode fails with a clear message and the earlier film stays', async () => {
    const before = await readFile(join(broken, 'film.mp4'))
    const error = await encodeFrames({
      dir: broken,
      numbers: [20, 35, 50],
      settings,
      output: await reserveFilm(join(broken, 'film.mp4')),
      stagingDir: join(broken, '.staging'),
      ffmpegPath,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FilmCheckError)
    expect((error as Error).message).toMatch(/no readable frames/)
    expect(Buffer.compare(await readFile(join(broken, 'film.mp4')), before)).toBe(0)
    expect(await partials(broken)).toEqual([])
  })
})

describe('encodeFrames with stabilising and the puzzle crop', () => {
  it('counts frames it cannot register, crops to the puzzle and says what it did', async () => {
    const { loadOpenCVForTests } = await import('./helpers')
    const sharp = (await import('sharp')).default
    const cv = await loadOpenCVForTests()
    const work = await tempDir('stab-encode')
    // A light square "sheet" at (100, 60)-(260, 220) moving a few pixels each frame on a dark desk.
    const shifts = [
      [0, 0],
      [4, 2],
      [-3, 5],
      [6, -4],
      [2, 2],
      [0, 3],
    ]
    for (let i = 0; i < shifts.length; i++) {
      const [dx, dy] = shifts[i]
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#402a1a"/><rect x="${100 + dx}" y="${60 + dy}" width="160" height="160" fill="#eee"/></svg>`
      await sharp(Buffer.from(svg))
        .jpeg()
        .toFile(join(work, `frame${String(i + 1).padStart(7, '0')}.jpg`))
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
      output: await reserveFilm(join(work, 'film.mp4')),
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
      output: await reserveFilm(join(mixed, 'film.mp4')),
      stagingDir: join(mixed, '.staging'),
      ffmpegPath,
    })
    const info = await probeVideo(ffmpegPath, result.output)
    expect([info.width, info.height]).toEqual([640, 360])
    expect(nearDuration(info.durationSeconds, 2, 10)).toBe(true)
    await rm(mixed, { recursive: true, force: true })
  })
})
