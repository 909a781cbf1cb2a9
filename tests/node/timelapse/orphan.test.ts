/**
 * A host killed mid-encode (SIGKILL, SIGTERM, SIGHUP) must not leave ffmpeg running, and the retry
 * that follows at once must give a whole film: a real host process, a real ffmpeg, real files.
 */
import { spawn } from 'node:child_process'
import { readdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectFilm } from '../../../src/node/timelapse/ffmpeg-probe'
import { newSessionId, writeManifest } from '../../../src/node/timelapse/manifest'
import { createTimelapseService } from '../../../src/node/timelapse/service'
import { DEFAULT_TIMELAPSE_SETTINGS, outputFrameCount } from '../../../src/shared/timelapse/settings'
import { cpuUntilEnded, ffmpegChildren, ffmpegPath, makeFrames, tempDir } from './helpers'

const SHOTS = 1000
/**
 * An orphan only finishes the frames it had already read (x264's look-ahead): 3.4-3.7 CPU seconds
 * in all, from its start, on an idle machine, where the whole encode at the host's 'slow' preset
 * took 55 (measured 2026-11-29). One that ran on through these 1000 shots would use
 * this much a quarter of the way in. CPU time, not wall time: beside another test file and the
 * retry's encode, the same orphan took over 15 s of the clock.
 */
const ORPHAN_CPU_MAX_S = 15
const settings = { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 10, fpsOut: 30, size: { width: 640, height: 360 } }
let base: string
let id: string

beforeAll(async () => {
  base = await tempDir('orphan')
  id = newSessionId()
  const dir = join(base, id)
  await (await import('node:fs/promises')).mkdir(dir)
  await makeFrames(dir, SHOTS, { width: 640, height: 360 })
  const now = new Date().toISOString()
  await writeManifest(dir, {
    version: 1,
    id,
    settings,
    startedAt: now,
    state: 'stopped',
    frameCount: SHOTS,
    nextFrame: SHOTS + 1,
    dropped: 0,
    error: null,
    video: null,
    updatedAt: now,
  })
})
afterAll(() => rm(base, { recursive: true, force: true }))

/** Starts a host that encodes the session, and resolves once its ffmpeg is running. */
async function hostEncoding(): Promise<{ host: ReturnType<typeof spawn>; ffmpeg: number }> {
  const tsx = createRequire(import.meta.url).resolve('tsx')
  const host = spawn(process.execPath, ['--import', tsx, join(__dirname, 'encode-child.ts'), base, id], { stdio: ['ignore', 'pipe', 'pipe'] })
  let err = ''
  host.stderr.on('data', (d) => (err += d))
  await new Promise<void>((resolve, reject) => {
    host.stdout.on('data', (d: Buffer) => d.toString().includes('encoding') && resolve())
    host.on('exit', (code) => reject(new Error(`host exited (${code}) before encoding: ${err}`)))
  })
  const [ffmpeg] = await ffmpegChildren(host.pid!)
  expect(ffmpeg).toBeGreaterThan(0)
  return { host, ffmpeg }
}

describe.runIf(process.platform === 'linux')('a host killed while encoding', () => {
  for (const signal of ['SIGKILL', 'SIGTERM', 'SIGHUP'] as const) {
    it(`(${signal}) takes its ffmpeg with it, and an immediate retry writes a whole film`, async () => {
      const { host, ffmpeg } = await hostEncoding()
      const exited = new Promise((ok) => host.on('exit', ok))
      host.kill(signal)
      await exited
      // ffmpeg reads end-of-file when its parent dies and ends by itself, long before the job would have.
      const orphanWork = cpuUntilEnded(ffmpeg, ORPHAN_CPU_MAX_S)
      // The retry starts while the orphan may still be finishing what it had read.
      const service = createTimelapseService({ baseDir: base, ffmpegPath, preset: 'ultrafast' })
      const outcome = await service.encode(id)
      expect(outcome).toMatchObject({ frames: SHOTS, skippedFrames: 0 })
      const film = await inspectFilm(ffmpegPath, outcome.video)
      expect(Math.abs(film.frames! - outputFrameCount(SHOTS, 10, 30))).toBeLessThanOrEqual(1)
      expect(await orphanWork).toBeLessThan(ORPHAN_CPU_MAX_S)
      expect((await readdir(join(base, id))).filter((n) => n.startsWith('.'))).toEqual([])
      // Two encodes of 1000 shots: 18 s idle, 48 s beside another test file, 86 s with a busy loop as well.
    }, 300_000)
  }
})
