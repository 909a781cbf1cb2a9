/** `sudoku-lens timelapse`: the app's encoder on a folder of frames, including the old `image%07d.jpg` naming. */
import { spawn, spawnSync } from 'node:child_process'
import { chmod, mkdir, readdir, readFile, rm, truncate } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../../src/cli/commands/timelapse'
import { inspectFilm, probeVideo } from '../../src/node/timelapse/ffmpeg-probe'
import { SessionRecorder } from '../../src/node/timelapse/session-store'
import { DEFAULT_TIMELAPSE_SETTINGS, outputFrameCount } from '../../src/shared/timelapse/settings'
import { cpuUntilEnded, ffmpegChildren, ffmpegPath, makeFrames, nearDuration, tempDir } from '../node/timelapse/helpers'
import { WITHOUT_ROOT_OVERRIDE, canDropRootOverride } from '../fixtures/without-root-override'

const BIN = resolve('bin/sudoku-lens.js')
let dir: string
beforeAll(async () => {
  dir = await tempDir('cli')
  // The Raspberry Pi tool's naming, with a gap where a shot was lost.
  await makeFrames(dir, 20, { prefix: 'image', numbers: [...Array.from({ length: 10 }, (_, i) => i + 1), ...Array.from({ length: 10 }, (_, i) => i + 15)] })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('timelapse command', () => {
  it('encodes the folder at the requested rates and size', async () => {
    const out = join(dir, 'film.mp4')
    const code = await run([dir, '--out', out, '--fps-in', '5', '--fps-out', '15', '--crf', '28', '--size', '480x270', '--quiet'])
    expect(code).toBe(0)
    const info = await probeVideo(ffmpegPath, out)
    expect(info).toMatchObject({ codec: 'h264', width: 480, height: 270, fps: 15 })
    expect(nearDuration(info.durationSeconds, 4, 15)).toBe(true)
  })

  it('refuses out-of-range options and a folder without frames', async () => {
    await expect(run([dir, '--out', join(dir, 'x.mp4'), '--crf', '60'])).rejects.toThrow(/--crf must be a whole number from 0 to 51/)
    await expect(run([dir, '--out', join(dir, 'x.mp4'), '--size', 'big'])).rejects.toThrow(/size/)
    await expect(run([join(dir, 'nowhere'), '--out', join(dir, 'x.mp4')])).rejects.toThrow(/cannot read/)
    await expect(run([dir])).rejects.toThrow(/--out/)
  })

  it('checks the film folder first: a missing one is named before any frame is read', async () => {
    // The frames folder is missing too; the output is what is reported, since it is checked first.
    await expect(run([join(dir, 'nowhere'), '--out', join(dir, 'no-such-folder', 'x.mp4')])).rejects.toThrow(
      /Cannot write the film to .*: the folder does not exist/,
    )
  })

  it.runIf(canDropRootOverride)('says a read-only folder is not writable, in a sentence, not a stack trace', async () => {
    const locked = join(dir, 'locked')
    await mkdir(locked)
    await chmod(locked, 0o555)
    // As root every folder is writable, so the command runs as root bound by permission bits, as a user without the right would.
    const [setpriv, ...drop] = WITHOUT_ROOT_OVERRIDE
    const result = spawnSync(setpriv, [...drop, process.execPath, BIN, 'timelapse', dir, '--out', join(locked, 'film.mp4')], { encoding: 'utf8' })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/^sudoku-lens timelapse: Cannot write the film to .*film\.mp4: the folder is not writable \(permission denied\)\.\n$/)
    expect(await readdir(locked)).toEqual([])
  })

  it('leaves out an empty frame, says so, and keeps every other frame', async () => {
    const broken = await tempDir('cli-broken')
    await makeFrames(broken, 30)
    await truncate(join(broken, 'frame0000011.jpg'), 0)
    const out = join(broken, 'film.mp4')
    const result = spawnSync(process.execPath, [BIN, 'timelapse', broken, '--out', out, '--fps-in', '10', '--fps-out', '10', '--size', 'source'], {
      encoding: 'utf8',
    })
    expect(result.status).toBe(0)
    expect(result.stderr).toMatch(/1 of 30 frames were empty or damaged and were left out/)
    expect((await inspectFilm(ffmpegPath, out)).frames).toBe(29)
    await rm(broken, { recursive: true, force: true })
  })
  it('--moves prints the move log of a recorded session as JSON lines or, with --text, plain lines, and says plainly when there is none', async () => {
    const session = await tempDir('cli-moves')
    let clock = Date.parse('2026-11-24T10:00:00Z')
    const recorder = await SessionRecorder.create(session, DEFAULT_TIMELAPSE_SETTINGS, { now: () => new Date(clock), fsync: false })
    const jpeg = await readFile(join(dir, 'image0000001.jpg'))
    const board = (entries: string) => ({ givens: `5${'0'.repeat(80)}`, entries, marks: Array(81).fill('').join(',') })
    for (const [seconds, entries] of [
      [0, '0'.repeat(81)],
      [3, `07${'0'.repeat(79)}`],
      [8, `07${'0'.repeat(78)}2`],
    ] as const) {
      clock = Date.parse('2026-11-24T10:00:00Z') + seconds * 1000
      recorder.addFrame(jpeg, board(entries))
    }
    await recorder.stop()
    const result = spawnSync(process.execPath, [BIN, 'timelapse', '--moves', recorder.dir], { encoding: 'utf8' })
    expect(result.status).toBe(0)
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { seconds: 3, frame: 2, cell: 'r1c2', digit: 7, was: 0 },
      { seconds: 8, frame: 3, cell: 'r9c9', digit: 2, was: 0 },
    ])
    // As plain text, a line a move under a header; --text alone is a usage error.
    const text = spawnSync(process.execPath, [BIN, 'timelapse', '--moves', '--text', recorder.dir], { encoding: 'utf8' })
    expect(text.status).toBe(0)
    expect(text.stdout.trimEnd().split('\n').slice(1)).toEqual([' 0:03  r1c2  7', ' 0:08  r9c9  2'])
    const alone = spawnSync(process.execPath, [BIN, 'timelapse', '--text', recorder.dir], { encoding: 'utf8' })
    expect(alone.status).toBe(2)
    expect(alone.stderr).toMatch(/--text goes with --moves/)
    const none = spawnSync(process.execPath, [BIN, 'timelapse', '--moves', dir], { encoding: 'utf8' })
    expect(none.status).toBe(1)
    expect(none.stderr).toMatch(/^sudoku-lens timelapse: no time-lapse session \(manifest.json\) in .*\n$/)
    await rm(session, { recursive: true, force: true })
  })
})

describe.runIf(process.platform === 'linux')('the command killed while encoding', () => {
  let frames: string
  let outDir: string
  beforeAll(async () => {
    frames = await tempDir('cli-kill')
    outDir = await tempDir('cli-kill-out')
    await makeFrames(frames, 300, { width: 640, height: 360 })
  })
  afterAll(async () => {
    await rm(frames, { recursive: true, force: true })
    await rm(outDir, { recursive: true, force: true })
  })

  /** Starts the command on a long job and resolves once its ffmpeg is encoding. */
  async function encoding(out: string) {
    const child = spawn(process.execPath, [BIN, 'timelapse', frames, '--out', out, '--fps-out', '30', '--size', '640x360', '--preset', 'slow'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let err = ''
    await new Promise<void>((ok, fail) => {
      child.stderr.on('data', (d) => (err += d) && /Encoding/.test(err) && ok())
      child.on('exit', () => fail(new Error(`exited before encoding: ${err}`)))
    })
    const [ffmpeg] = await ffmpegChildren(child.pid!)
    expect(ffmpeg).toBeGreaterThan(0)
    const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)))
    return { child, ffmpeg, exited, stderr: () => err }
  }

  /**
   * What an orphaned or stopped ffmpeg may still do: finishing what it had read of these 300 shots
   * takes ~3 CPU seconds, the whole encode at 'slow' ~17 (measured 2026-11-29). CPU time, not wall
   * time: a loaded machine stretches the clock, not the work.
   */
  const AFTER_KILL_CPU_MAX_S = 8

  it('(SIGKILL) ffmpeg ends with it, and a retry right after writes a whole film, not the orphan’s', async () => {
    const out = join(outDir, 'film.mp4')
    const { child, ffmpeg, exited } = await encoding(out)
    child.kill('SIGKILL')
    await exited
    const orphanWork = cpuUntilEnded(ffmpeg, AFTER_KILL_CPU_MAX_S)
    // Not spawnSync: the orphan is watched while the retry runs.
    const retry = spawn(process.execPath, [BIN, 'timelapse', frames, '--out', out, '--fps-out', '30', '--size', '640x360', '--preset', 'ultrafast'], {
      stdio: 'ignore',
    })
    expect(await new Promise((ok) => retry.on('exit', ok))).toBe(0)
    expect(await orphanWork).toBeLessThan(AFTER_KILL_CPU_MAX_S)
    const film = await inspectFilm(ffmpegPath, out)
    expect(Math.abs(film.frames! - outputFrameCount(300, 10, 30))).toBeLessThanOrEqual(1)
    expect(await readdir(outDir)).toEqual(['film.mp4'])
  })

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`(${signal}) stops ffmpeg, removes its temp film and exits with ${code}`, async () => {
      const out = join(outDir, `${signal}.mp4`)
      const { child, ffmpeg, exited, stderr } = await encoding(out)
      child.kill(signal)
      expect(await exited).toBe(code)
      expect(stderr()).toMatch(/Cancelled/)
      expect(await cpuUntilEnded(ffmpeg, AFTER_KILL_CPU_MAX_S)).toBeLessThan(AFTER_KILL_CPU_MAX_S)
      expect((await readdir(outDir)).filter((n) => n.includes(signal))).toEqual([])
    })
  }
})
