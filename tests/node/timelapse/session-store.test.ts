/** Recording to real files: numbering, manifest, back-pressure, and storage failures. */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmdirSync } from 'node:fs'
import { readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listFrames } from '../../../src/node/timelapse/frame-names'
import { readManifest } from '../../../src/node/timelapse/manifest'
import { SessionRecorder } from '../../../src/node/timelapse/session-store'
import { DEFAULT_TIMELAPSE_SETTINGS, type TimelapseManifest } from '../../../src/shared/timelapse/settings'
import { tempDir } from './helpers'

let base: string
let jpeg: Buffer
beforeAll(async () => {
  base = await tempDir('store')
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0c0c0' } })
    .jpeg()
    .toBuffer()
})
afterAll(() => rm(base, { recursive: true, force: true }))

const settings = DEFAULT_TIMELAPSE_SETTINGS

describe('SessionRecorder', () => {
  it('writes numbered frames and keeps the manifest up to date', async () => {
    const r = await SessionRecorder.create(base, settings)
    expect((await readManifest(r.dir))?.state).toBe('recording')
    for (let i = 0; i < 5; i++) {
      expect(r.addFrame(jpeg)).toEqual({ status: 'queued', frame: i + 1 })
      await r.idle()
    }
    const onDisk = await readManifest(r.dir)
    expect(onDisk).toMatchObject({ state: 'recording', frameCount: 5, nextFrame: 6, dropped: 0 })
    const stopped = await r.stop()
    expect(stopped.state).toBe('stopped')
    expect((await readManifest(r.dir))?.state).toBe('stopped')
    const names = (await readdir(r.dir)).sort()
    expect(names).toEqual(['frame0000001.jpg', 'frame0000002.jpg', 'frame0000003.jpg', 'frame0000004.jpg', 'frame0000005.jpg', 'manifest.json'])
    expect(Buffer.compare(await readFile(join(r.dir, 'frame0000003.jpg')), jpeg)).toBe(0)
    expect(r.addFrame(jpeg).status).toBe('stopped')
  })

  it('drops and counts shots instead of waiting when the queue is full, leaving gaps', async () => {
    const r = await SessionRecorder.create(base, settings, { queueLimit: 3 })
    // Ten shots in one tick: the disk cannot have taken any yet.
    const results = Array.from({ length: 10 }, () => r.addFrame(jpeg))
    expect(results.filter((x) => x.status === 'queued').map((x) => (x as { frame: number }).frame)).toEqual([1, 2, 3])
    expect(results.filter((x) => x.status === 'dropped')).toHaveLength(7)
    await r.idle()
    r.addFrame(jpeg) // shot 11
    const m = await r.stop()
    expect(m).toMatchObject({ frameCount: 4, dropped: 7, nextFrame: 12 })
    expect((await listFrames(r.dir)).numbers).toEqual([1, 2, 3, 11])
  })

  it('stops by itself after the requested number of shots', async () => {
    const stops: TimelapseManifest[] = []
    const r = await SessionRecorder.create(base, { ...settings, stopAfterFrames: 3 }, { onStop: (m) => stops.push(m) })
    expect([1, 2, 3, 4].map(() => r.addFrame(jpeg).status)).toEqual(['queued', 'queued', 'queued', 'stopped'])
    await r.idle()
    // The final manifest is written (and synced) before onStop is told: wait for it, not a guess.
    await expect.poll(() => stops.length, { timeout: 10_000 }).toBe(1)
    expect(stops[0]).toMatchObject({ state: 'stopped', frameCount: 3, error: null })
    expect((await readManifest(r.dir))?.state).toBe('stopped')
  })

  it('refuses bytes that are not a JPEG', async () => {
    const r = await SessionRecorder.create(base, settings)
    expect(() => r.addFrame(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(/JPEG/)
    await r.stop()
  })

  it('resumes after the last frame on disk', async () => {
    const r = await SessionRecorder.create(base, settings)
    r.addFrame(jpeg)
    r.addFrame(jpeg)
    await r.stop()
    const again = await SessionRecorder.resume(base, r.id)
    expect(again.addFrame(jpeg)).toEqual({ status: 'queued', frame: 3 })
    expect((await again.stop()).frameCount).toBe(3)
  })

  it('records the board read from each shot with its time, and keeps it across a resume', async () => {
    let clock = Date.parse('2026-11-24T10:00:00Z')
    const now = () => new Date(clock)
    const board = (entries: string) => ({ givens: `5${'0'.repeat(80)}`, entries, marks: Array(81).fill('').join(',') })
    const r = await SessionRecorder.create(base, settings, { now })
    clock += 2500
    r.addFrame(jpeg, board(`0${'3'}${'0'.repeat(79)}`))
    clock += 1000
    r.addFrame(jpeg) // a shot without a board is filmed but not recorded
    await r.stop()
    const again = await SessionRecorder.resume(base, r.id, { now })
    clock += 4000
    again.addFrame(jpeg, board(`0${'3'}4${'0'.repeat(78)}`))
    await again.stop()
    const shots = (await readManifest(r.dir))?.shots
    expect(shots?.map(({ frame, seconds }) => ({ frame, seconds }))).toEqual([
      { frame: 1, seconds: 2.5 },
      { frame: 3, seconds: 7.5 },
    ])
    expect(shots?.[1].entries.slice(0, 3)).toBe('034')
  })

  it('loads a manifest written before boards were recorded, as a session without any', async () => {
    const r = await SessionRecorder.create(base, settings)
    r.addFrame(jpeg)
    await r.stop()
    const old = JSON.parse(await readFile(join(r.dir, 'manifest.json'), 'utf8')) as Record<string, unknown>
    delete old.shots
    await writeFile(join(r.dir, 'manifest.json'), JSON.stringify(old))
    expect(await readManifest(r.dir)).toMatchObject({ state: 'stopped', frameCount: 1, shots: [] })
  })
})

describe('storage failures stop recording and keep what was saved', () => {
  it('reports a base folder that is not a folder (ENOTDIR)', async () => {
    const file = join(base, 'a-file')
    await writeFile(file, 'x')
    await expect(SessionRecorder.create(join(file, 'timelapses'), settings)).rejects.toThrow(/missing or is not a folder.*frames saved so far are kept/)
  })

  // A link planted where a temp file used to be named (as the old fixed `.frameN.jpg.tmp` was)
  // redirects nothing: each write creates a new temp file of its own and never opens through a link.
  // (A full disk is tested below on a real full tmpfs.)
  it('never writes through a link planted among the temp names', async () => {
    const r = await SessionRecorder.create(base, settings)
    const outside = join(base, 'outside.txt')
    await writeFile(outside, 'keep me')
    await symlink(outside, join(r.dir, '.frame0000001.jpg.tmp'))
    if (existsSync('/dev/full')) await symlink('/dev/full', join(r.dir, '.frame0000002.jpg.tmp'))
    expect(r.addFrame(jpeg).status).toBe('queued')
    expect(r.addFrame(jpeg).status).toBe('queued')
    await r.stop()
    expect((await listFrames(r.dir)).numbers).toEqual([1, 2])
    expect(await readFile(outside, 'utf8')).toBe('keep me')
    expect(r.manifest.error).toBeNull()
  })

  // A genuinely full small file system, when this process may mount one (root in a container).
  const mountPoint = join(process.env.TMPDIR ?? '/tmp', `sudoku-lens-tmpfs-${process.pid}`)
  const canMount = (() => {
    if (process.platform !== 'linux') return false
    try {
      mkdirSync(mountPoint, { recursive: true })
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mountPoint], { stdio: 'ignore' })
      return true
    } catch {
      rmdirSync(mountPoint)
      return false
    }
  })()
  afterAll(() => {
    if (!canMount) return
    execFileSync('umount', [mountPoint])
    rmdirSync(mountPoint)
  })

  it.runIf(canMount)('fills a real 256 KiB tmpfs, stops with ENOSPC, keeps every complete frame', async () => {
    const big = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer()
    const stops: TimelapseManifest[] = []
    const r = await SessionRecorder.create(mountPoint, settings, { onStop: (m) => stops.push(m) })
    let shots = 0
    while (r.recording && shots < 1000) {
      r.addFrame(big)
      shots++
      await r.idle()
    }
    await expect.poll(() => stops.length, { timeout: 10_000 }).toBe(1)
    expect(stops[0]?.error).toMatch(/^The disk is full/)
    const { numbers } = await listFrames(r.dir)
    expect(numbers.length).toBeGreaterThan(0)
    expect(numbers.length).toBeLessThan(shots)
    for (const n of numbers) {
      const name = `frame${String(n).padStart(7, '0')}.jpg`
      expect(Buffer.compare(await readFile(join(r.dir, name)), big)).toBe(0)
    }
  })

  it.runIf(canMount)('stops with a read-only message when the disk turns read-only (EROFS)', async () => {
    const stops: TimelapseManifest[] = []
    const r = await SessionRecorder.create(mountPoint, settings, { onStop: (m) => stops.push(m) })
    // Make room first: the previous test filled the disk.
    for (const name of await readdir(mountPoint)) if (name !== r.id) await rm(join(mountPoint, name), { recursive: true })
    r.addFrame(jpeg)
    await r.idle()
    execFileSync('mount', ['-o', 'remount,ro', mountPoint])
    try {
      r.addFrame(jpeg)
      await r.idle()
      await expect.poll(() => stops.length, { timeout: 10_000 }).toBe(1)
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mountPoint])
    }
    expect(stops[0]?.error).toMatch(/^The time-lapse folder is on a read-only disk/)
    expect((await listFrames(r.dir)).numbers).toEqual([1])
  })
})
