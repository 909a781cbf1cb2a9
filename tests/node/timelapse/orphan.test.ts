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
import { DEFAULT_TIMELAPSE_SETTINGS, outputFrameCount } from '../../../src/shared/timelapse'
import { ffmpegChildren, ffmpegPath, makeFrames, processEnded, tempDir } from './helpers'

const SHOTS = 1000
/**
 * An orphan only finishes the frames it had already read (x264's look-ahead: under a second on an
 * idle machine, over 5 s on one loaded by other work); the whole encode at the host's 'slow' preset
 * took over 15 s idle for 400 shots and grows with them, so one that ran on through these 1000
 * would miss this even with a load's slack.
 */
const ORPHAN_ENDS_WITHIN_MS = 15_000
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

const until = async (check: () => Promise<boolean>, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((ok) => setTimeout(ok, 100))) if (await check()) return true
  return check()
}

describe.runIf(process.platform === 'linux')('a host killed while encoding', () => {
  for (const signal of ['SIGKILL', 'SIGTERM', 'SIGHUP'] as const) {
    it(`(${signal}) takes its ffmpeg with it, and an immediate retry writes a whole film`, async () => {
      const { host, ffmpeg } = await hostEncoding()
      const exited = new Promise((ok) => host.on('exit', ok))
      host.kill(signal)
      await exited
      // ffmpeg reads end-of-file when its parent dies and ends by itself, long before the job would have.
      const orphanEnded = until(() => processEnded(ffmpeg), ORPHAN_ENDS_WITHIN_MS)
      // The retry starts while the orphan may still be finishing what it had read.
      const service = createTimelapseService({ baseDir: base, ffmpegPath, preset: 'ultrafast' })
      const outcome = await service.encode(id)
      expect(outcome).toMatchObject({ frames: SHOTS, skippedFrames: 0 })
      const film = await inspectFilm(ffmpegPath, outcome.video)
      expect(Math.abs(film.frames! - outputFrameCount(SHOTS, 10, 30))).toBeLessThanOrEqual(1)
      expect(await orphanEnded).toBe(true)
      expect((await readdir(join(base, id))).filter((n) => n.startsWith('.'))).toEqual([])
    })
  }
})
