/**
 * Crash recovery: a real recording process is killed with SIGKILL mid-session; the next start
 * lists the session as unfinished, recounts its frames from disk and encodes all of them.
 */
import { spawn } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listFrames } from '../../../src/node/timelapse/frame-names'
import { countVideoFrames, probeVideo } from '../../../src/node/timelapse/ffmpeg-probe'
import { readManifest } from '../../../src/node/timelapse/manifest'
import { findUnfinishedSessions, recoverSession } from '../../../src/node/timelapse/recovery'
import { createTimelapseService } from '../../../src/node/timelapse/service'
import { ffmpegPath, makeFrames, nearDuration, tempDir } from './helpers'

let base: string
let sources: string
beforeAll(async () => {
  base = await tempDir('crash')
  sources = await tempDir('crash-src')
  await makeFrames(sources, 8)
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
  await rm(sources, { recursive: true, force: true })
})

/** Starts the recorder, waits until it has taken `shots` shots, then kills it with SIGKILL. */
function recordAndKill(shots: number): Promise<string> {
  const tsx = createRequire(import.meta.url).resolve('tsx')
  const child = spawn(process.execPath, ['--import', tsx, join(__dirname, 'record-child.ts'), base, sources], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stderr.on('data', (d) => (err += d))
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d
      const last = [...out.matchAll(/shot (\d+)/g)].at(-1)
      if (last && Number(last[1]) >= shots && child.exitCode === null) child.kill('SIGKILL')
    })
    child.on('exit', (code, signal) => {
      const id = /session (\S+)/.exec(out)?.[1]
      if (signal === 'SIGKILL' && id) resolve(id)
      else reject(new Error(`recorder exited with ${code ?? signal}: ${err}`))
    })
  })
}

describe('crash recovery', () => {
  it('encodes every frame a killed recording left, ignoring half-written temp files', async () => {
    const id = await recordAndKill(40)
    const unfinished = await findUnfinishedSessions(base)
    expect(unfinished.map((s) => s.manifest.id)).toEqual([id])
    const session = unfinished[0]
    expect(session.manifest.state).toBe('recording')
    expect(session.frames.length).toBeGreaterThan(0)

    // Simulate the other half of a crash: a temp file caught mid-write.
    await writeFile(join(session.dir, `.frame${String(999).padStart(7, '0')}.jpg.tmp`), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))
    await writeFile(join(session.dir, '.timelapse.partial.mp4'), 'half a film')
    // Every file named as a frame is a complete JPEG (frames are renamed into place when whole).
    for (const n of session.frames) {
      const bytes = await readFile(join(session.dir, `frame${String(n).padStart(7, '0')}.jpg`))
      expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
      await sharp(bytes).raw().toBuffer()
    }

    const recovered = await recoverSession(base, id)
    expect(recovered.manifest).toMatchObject({ state: 'stopped', frameCount: session.frames.length })
    expect((await readdir(session.dir)).filter((n) => n.startsWith('.'))).toEqual([])
    expect(await findUnfinishedSessions(base)).toEqual([])

    const service = createTimelapseService({ baseDir: base, ffmpegPath })
    const outcome = await service.encode(id)
    const info = await probeVideo(ffmpegPath, outcome.video)
    const frames = (await listFrames(session.dir)).numbers.length
    expect(outcome.frames).toBe(frames)
    expect(info.codec).toBe('h264')
    expect(info.fps).toBe(20)
    // Shots at 10 per second of film, written at 20 fps.
    expect(nearDuration(info.durationSeconds, frames / 10, 20)).toBe(true)
    expect(Math.abs((await countVideoFrames(ffmpegPath, outcome.video))! - frames * 2)).toBeLessThanOrEqual(1)
    expect((await readManifest(session.dir))?.state).toBe('encoded')
  })
})
