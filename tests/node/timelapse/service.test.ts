/** The service the IPC channels call: argument checks and a whole record -> encode -> delete cycle. */
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../src/main/services'
import { probeVideo } from '../../../src/node/timelapse/ffmpeg-probe'
import { createTimelapseService, type TimelapseService } from '../../../src/node/timelapse/service'
import { DEFAULT_TIMELAPSE_SETTINGS, type TimelapseSessionSummary } from '../../../src/shared/timelapse/settings'
import { ffmpegPath, nearDuration, tempDir } from './helpers'

let base: string
let service: TimelapseService
const frames: Buffer[] = []
beforeAll(async () => {
  base = await tempDir('service')
  // Room for every test frame: a loaded machine may not have written one before the next comes,
  // and dropping on a full queue is session-store.test's to show.
  service = createTimelapseService({ baseDir: join(base, 'timelapses'), ffmpegPath, queueLimit: 16 })
  for (let i = 0; i < 12; i++)
    frames.push(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20 * i, g: 100, b: 200 - 10 * i } } })
        .jpeg()
        .toBuffer(),
    )
})
afterAll(() => rm(base, { recursive: true, force: true }))

describe('argument checks', () => {
  it('refuses ids that are not session ids (no path traversal)', async () => {
    for (const id of ['../../etc', '..', '20261122T153855Z-1a2b3c/../x', 7, undefined]) {
      await expect(service.encode(id)).rejects.toThrow(/Not a time-lapse session id/)
      await expect(service.deleteSession(id)).rejects.toThrow(/Not a time-lapse session id/)
      expect(() => service.addFrame(id, frames[0])).toThrow(/Not a time-lapse session id/)
    }
  })

  it('refuses bad settings with the reasons', async () => {
    await expect(service.startSession({ crf: 99 })).rejects.toThrow(/crf must be a whole number from 0 to 51/)
    await expect(service.startSession('fast')).rejects.toThrow(/settings must be an object/)
  })

  it('refuses frames that are not JPEG bytes', async () => {
    const s = await service.startSession(DEFAULT_TIMELAPSE_SETTINGS)
    expect(() => service.addFrame(s.id, 'not bytes')).toThrow(/JPEG bytes/)
    expect(() => service.addFrame(s.id, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]))).toThrow(/JPEG/)
    await service.stopSession(s.id)
    await service.deleteSession(s.id)
  })

  it('refuses to encode or delete a session that is still recording', async () => {
    const s = await service.startSession(DEFAULT_TIMELAPSE_SETTINGS)
    await expect(service.encode(s.id)).rejects.toThrow(/still recording/)
    await expect(service.deleteSession(s.id)).rejects.toThrow(/still recording/)
    await service.stopSession(s.id)
    await service.deleteSession(s.id)
  })
})

describe('record, encode, re-encode, delete', () => {
  it('goes through a whole session', async () => {
    const settings = { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 4, fpsOut: 12, size: { width: 480, height: 270 }, stampElapsed: true }
    const started = await service.startSession(settings)
    expect(started).toMatchObject({ state: 'recording', frameCount: 0 })
    for (const f of frames) {
      expect(service.addFrame(started.id, f).status).toBe('queued')
      await new Promise((ok) => setTimeout(ok, 10))
    }
    const stopped = await service.stopSession(started.id)
    expect(stopped).toMatchObject({ state: 'stopped', frameCount: 12, filmSeconds: 3 })
    expect(await service.unfinishedSessions()).toEqual([])

    const progress: number[] = []
    const outcome = await service.encode(started.id, undefined, (p) => p.percent !== null && progress.push(p.percent))
    const info = await probeVideo(ffmpegPath, outcome.video)
    expect(info).toMatchObject({ codec: 'h264', width: 480, height: 270, fps: 12 })
    expect(nearDuration(info.durationSeconds, 3, 12)).toBe(true)
    expect(progress.at(-1)).toBe(100)
    expect(await service.videoPath(started.id)).toBe(outcome.video)

    // Re-encode with other settings from the session list.
    const again = await service.encode(started.id, { ...settings, fpsIn: 6, fpsOut: 24, size: '320x180', stampElapsed: false })
    const info2 = await probeVideo(ffmpegPath, again.video)
    expect(info2).toMatchObject({ width: 320, height: 180, fps: 24 })
    expect(nearDuration(info2.durationSeconds, 2, 24)).toBe(true)

    const listed: TimelapseSessionSummary[] = await service.listSessions()
    expect(listed.find((s) => s.id === started.id)).toMatchObject({ state: 'encoded', frameCount: 12 })

    const kept = await service.deleteFrames(started.id)
    expect(kept.frameCount).toBe(0)
    const dir = join(base, 'timelapses', started.id)
    expect((await readdir(dir)).sort()).toEqual(['manifest.json', 'timelapse.mp4'])

    await service.deleteSession(started.id)
    expect(existsSync(dir)).toBe(false)
  })

  it('resumes a stopped session, numbering after the last frame', async () => {
    const s = await service.startSession(DEFAULT_TIMELAPSE_SETTINGS)
    service.addFrame(s.id, frames[0])
    await service.stopSession(s.id)
    await service.resumeSession(s.id)
    await new Promise((ok) => setTimeout(ok, 20))
    expect(service.addFrame(s.id, frames[1])).toMatchObject({ status: 'queued', frame: 2 })
    expect((await service.stopSession(s.id)).frameCount).toBe(2)
  })
})

describe('the moves of a session', () => {
  it('tells a session shot when the paper changed as its moves, and says plainly that one shot every interval has none', async () => {
    const board = (entries: string) => ({ givens: `5${'0'.repeat(80)}`, entries, marks: Array(81).fill('').join(',') })
    const changes = await service.startSession({ ...DEFAULT_TIMELAPSE_SETTINGS, shotMode: 'changes' })
    for (const [k, entries] of [`${'0'.repeat(81)}`, `07${'0'.repeat(79)}`].entries()) {
      expect(service.addFrame(changes.id, frames[k], board(entries)).status).toBe('queued')
      await new Promise((ok) => setTimeout(ok, 20))
    }
    await service.stopSession(changes.id)
    expect((await service.movesText(changes.id)).trimEnd().split('\n').slice(1)).toEqual([expect.stringMatching(/^ *\d+:\d\d {2}r1c2 {2}7$/)])

    const interval = await service.startSession(DEFAULT_TIMELAPSE_SETTINGS)
    service.addFrame(interval.id, frames[0])
    await service.stopSession(interval.id)
    await expect(service.movesText(interval.id)).rejects.toThrow(/^This session recorded no boards: it was shot every interval/)
    await expect(service.movesText('../etc')).rejects.toThrow(/Not a time-lapse session id/)
  })
})

describe('exportSolveVideo', () => {
  it('writes the solve film under the base folder and refuses bad input', async () => {
    const givens = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
    const step = { technique: 'naked-single', placements: [{ cell: 0, digit: 3 }], eliminations: [], cells: [0], units: [], text: 'r1c1 can only be 3.' }
    const { video, frames } = await service.exportSolveVideo(givens, [step])
    expect(frames).toBe(3)
    expect(video.startsWith(join(base, 'timelapses', 'solve-videos'))).toBe(true)
    expect((await probeVideo(ffmpegPath, video)).codec).toBe('h264')
    await expect(service.exportSolveVideo('12', [])).rejects.toThrow(/81 digits/)
    await expect(service.exportSolveVideo(givens, [{ ...step, text: 5 }])).rejects.toThrow(/step 1/)
  })
})

describe('a failed re-encode', () => {
  it('keeps the earlier film and says why', async () => {
    const s = await service.startSession({ ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 4, fpsOut: 8, size: { width: 320, height: 240 } })
    for (const f of frames.slice(0, 4)) {
      service.addFrame(s.id, f)
      await new Promise((ok) => setTimeout(ok, 10))
    }
    await service.stopSession(s.id)
    const first = await service.encode(s.id)
    const film = await readFile(first.video)
    // Every frame damaged since (a disk fault): nothing to encode, and the good film stays.
    const dir = join(base, 'timelapses', s.id)
    for (const name of (await readdir(dir)).filter((n) => n.startsWith('frame'))) await writeFile(join(dir, name), '')
    await expect(service.encode(s.id)).rejects.toThrow(/no readable frames/)
    expect(Buffer.compare(await readFile(first.video), film)).toBe(0)
    expect(await service.videoPath(s.id)).toBe(first.video)
    expect((await readdir(dir)).filter((n) => n.startsWith('.'))).toEqual([])
  })
})

describe('the solving steps as a video', () => {
  it('leaves no film in the app data once handed to the renderer, nor any a crash left', async () => {
    const userDataDir = await tempDir('solve-video')
    const leftovers = join(userDataDir, 'timelapses', 'solve-videos')
    await (await import('node:fs/promises')).mkdir(leftovers, { recursive: true })
    await writeFile(join(leftovers, 'solve-20250101T000000Z-abcdef.mp4'), 'a film an earlier run never deleted')
    const { handlers } = createServices({ userDataDir, version: 't', mode: 'web' })
    // A solved grid with two cells emptied: two steps, so the film is quick to make.
    const video = await handlers['solve:video']({ puzzle: '089251467576948132142367589821694375934715826765823941258136794493572618617489250' })
    expect(Buffer.from(video.subarray(4, 8)).toString()).toBe('ftyp')
    expect(await readdir(leftovers)).toEqual([])
    await rm(userDataDir, { recursive: true, force: true })
  })
})

describe('a session that stops by itself', () => {
  it('answers shots sent after its limit with a stopped receipt, not an error', async () => {
    const stopped: TimelapseSessionSummary[] = []
    const own = createTimelapseService({ baseDir: join(base, 'limit'), ffmpegPath, onSessionStopped: (s) => stopped.push(s) })
    const s = await own.startSession({ ...DEFAULT_TIMELAPSE_SETTINGS, stopAfterFrames: 2 })
    expect(own.addFrame(s.id, frames[0]).status).toBe('queued')
    expect(own.addFrame(s.id, frames[1]).status).toBe('queued')
    await expect.poll(() => stopped.length).toBe(1)
    expect(stopped[0]).toMatchObject({ id: s.id, state: 'stopped', frameCount: 2 })
    expect(own.addFrame(s.id, frames[2])).toMatchObject({ status: 'stopped', shots: 2, error: null })
    expect((await own.listSessions())[0]).toMatchObject({ id: s.id, state: 'stopped', frameCount: 2 })
  })
})
