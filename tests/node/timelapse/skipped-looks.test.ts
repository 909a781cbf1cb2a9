/**
 * Looks a "changes" recording did not film (a hand over the grid, idle minutes), kept on disk marked:
 * their own file prefix and a manifest record with the reason, at most one per SKIPPED_LOOK_SECONDS,
 * never in a film unless asked for, and safe across a crash.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MANIFEST_NAME, readManifest } from '../../../src/node/timelapse/manifest'
import { createTimelapseService } from '../../../src/node/timelapse/service'
import { SessionRecorder } from '../../../src/node/timelapse/session-store'
import { DEFAULT_TIMELAPSE_SETTINGS, type TimelapseManifest } from '../../../src/shared/timelapse/settings'
import { SKIPPED_LOOK_SECONDS } from '../../../src/shared/timelapse/skipped'
import { ffmpegPath, tempDir } from './helpers'

let base: string
let jpeg: Buffer
beforeAll(async () => {
  base = await tempDir('skipped')
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0c0c0' } })
    .jpeg()
    .toBuffer()
})
afterAll(() => rm(base, { recursive: true, force: true }))

const settings = { ...DEFAULT_TIMELAPSE_SETTINGS, shotMode: 'changes', keepSkipped: true } as const

describe('skipped looks', () => {
  it('are written under their own prefix in the shots’ numbering, marked with why, one per SKIPPED_LOOK_SECONDS at most', async () => {
    let clock = Date.parse('2026-11-24T10:00:00Z')
    const r = await SessionRecorder.create(base, settings, { now: () => new Date(clock), fsync: false })
    expect(r.addFrame(jpeg)).toEqual({ status: 'queued', frame: 1 })
    clock += 2000
    expect(r.addSkippedLook(jpeg, 'covered')).toEqual({ status: 'queued', frame: 2 })
    clock += (SKIPPED_LOOK_SECONDS - 1) * 1000
    expect(r.addSkippedLook(jpeg, 'covered').status).toBe('dropped')
    clock += 1000
    expect(r.addSkippedLook(jpeg, 'unchanged')).toEqual({ status: 'queued', frame: 3 })
    expect(r.addFrame(jpeg)).toEqual({ status: 'queued', frame: 4 })
    const m = await r.stop()
    expect((await readdir(r.dir)).filter((n) => n.endsWith('.jpg')).sort()).toEqual([
      'frame0000001.jpg',
      'frame0000004.jpg',
      'skipped0000002.jpg',
      'skipped0000003.jpg',
    ])
    expect(m.frameCount).toBe(2)
    expect((await readManifest(r.dir))?.looks).toEqual([
      { frame: 2, seconds: 2, kind: 'skipped', reason: 'covered' },
      { frame: 3, seconds: 2 + SKIPPED_LOOK_SECONDS, kind: 'skipped', reason: 'unchanged' },
    ])
  })

  it('survive a crash that lost the manifest’s record of them: a resumed session numbers its shots after them', async () => {
    const r = await SessionRecorder.create(base, settings, { fsync: false })
    r.addFrame(jpeg)
    r.addSkippedLook(jpeg, 'covered')
    await r.stop()
    // The manifest as it was before the look was written; an older one without `looks` at all.
    const manifest = JSON.parse(await readFile(join(r.dir, MANIFEST_NAME), 'utf8')) as TimelapseManifest
    const { looks: _, ...older } = { ...manifest, nextFrame: 2, state: 'recording' }
    await writeFile(join(r.dir, MANIFEST_NAME), JSON.stringify(older))
    expect((await readManifest(r.dir))?.looks).toEqual([])
    const resumed = await SessionRecorder.resume(base, r.id, { fsync: false })
    expect(resumed.addFrame(jpeg)).toEqual({ status: 'queued', frame: 3 })
    await resumed.stop()
  })

  it('stay out of the film and the shot count unless the encode asks for them', async () => {
    const service = createTimelapseService({ baseDir: join(base, 'service'), ffmpegPath })
    const session = await service.startSession({ ...settings, fpsIn: 2, fpsOut: 2, size: null })
    service.addFrame(session.id, jpeg)
    const look = service.addFrame(session.id, jpeg, undefined, 'covered')
    expect(look).toMatchObject({ status: 'queued', frame: 2, shots: 1 })
    expect(() => service.addFrame(session.id, jpeg, undefined, 'bored')).toThrow(/skipped must be one of covered, unchanged, no-grid/)
    expect(service.addFrame(session.id, jpeg)).toMatchObject({ status: 'queued', frame: 3, shots: 2 })
    await service.stopSession(session.id)
    expect((await service.encode(session.id)).frames).toBe(2)
    expect((await service.encode(session.id, { ...settings, fpsIn: 2, fpsOut: 2, size: null, includeSkipped: true })).frames).toBe(3)
  })
})
