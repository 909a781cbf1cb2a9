/**
 * Session lists are complete or an error, never a short list; and no symbolic link in the data
 * folder is followed, by listing, encoding, serving or deleting.
 */
import { spawnSync } from 'node:child_process'
import { chmod, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameName } from '../../../src/node/timelapse/frame-names'
import { writeManifest } from '../../../src/node/timelapse/manifest'
import { createTimelapseService } from '../../../src/node/timelapse/service'
import { DEFAULT_TIMELAPSE_SETTINGS, type TimelapseManifest } from '../../../src/shared/timelapse/settings'
import { ffmpegPath, makeFrames, tempDir } from './helpers'
import { WITHOUT_ROOT_OVERRIDE, canDropRootOverride } from '../../fixtures/without-root-override'

const SESSIONS = 311
const idOf = (i: number) => `20260101T${String(100000 + i).slice(-6)}Z-${i.toString(16).padStart(6, '0')}`
const manifest = (id: string): TimelapseManifest => {
  const now = new Date().toISOString()
  return {
    version: 1,
    id,
    settings: DEFAULT_TIMELAPSE_SETTINGS,
    startedAt: now,
    state: 'stopped',
    frameCount: 0,
    nextFrame: 1,
    dropped: 0,
    error: null,
    video: null,
    updatedAt: now,
  }
}

let base: string
beforeAll(async () => {
  base = await tempDir('listing')
  for (let i = 0; i < SESSIONS; i++) {
    await mkdir(join(base, idOf(i)))
    await writeManifest(join(base, idOf(i)), manifest(idOf(i)), false)
  }
})
afterAll(() => rm(base, { recursive: true, force: true }))

const tsx = createRequire(import.meta.url).resolve('tsx')
function listInChild(options: { shell?: string; boundByPermissions?: boolean; mode?: string; dir?: string } = {}): string {
  const node = [...(options.boundByPermissions ? WITHOUT_ROOT_OVERRIDE : []), process.execPath]
  const command = [...node, '--import', tsx, join(__dirname, 'list-child.ts'), options.dir ?? base, options.mode ?? ''].map((a) => `'${a}'`).join(' ')
  const result = spawnSync('sh', ['-c', `${options.shell ?? ''} exec ${command}`], { encoding: 'utf8' })
  return `${result.stdout}${result.status === 0 ? '' : result.stderr}`.trim()
}

describe('listing sessions', () => {
  it('gives all of them to 300 calls at once', async () => {
    const service = createTimelapseService({ baseDir: base, ffmpegPath })
    const lists = await Promise.all(Array.from({ length: 300 }, () => service.listSessions()))
    expect(lists.map((l) => l.length)).toEqual(Array(300).fill(SESSIONS))
  })

  it('gives all of them under a 256-file limit', () => {
    expect(listInChild({ shell: 'ulimit -n 256;' })).toBe(`count ${SESSIONS}`)
  })

  it('with no file descriptors to spare, gives all of them or fails with EMFILE, never a short list', () => {
    expect(listInChild({ shell: 'ulimit -n 256;', mode: 'exhaust' })).toMatch(new RegExp(`^(count ${SESSIONS}|error EMFILE)$`))
  })

  it.runIf(canDropRootOverride)('fails, naming the error, when one session cannot be read', async () => {
    const own = await tempDir('listing-locked')
    for (const i of [1, 2, 3]) {
      await mkdir(join(own, idOf(i)))
      await writeManifest(join(own, idOf(i)), manifest(idOf(i)), false)
    }
    // Readable by no one: root bound by permission bits lists the folder but cannot read that session.
    await chmod(own, 0o755)
    for (const i of [1, 3]) await chmod(join(own, idOf(i)), 0o755)
    await chmod(join(own, idOf(2)), 0o000)
    expect(listInChild({ dir: own, boundByPermissions: true })).toBe('error EACCES')
    await chmod(join(own, idOf(2)), 0o755)
    expect(listInChild({ dir: own, boundByPermissions: true })).toBe('count 3')
    await rm(own, { recursive: true, force: true })
  })
})

describe('symbolic links in the data folder', () => {
  let data: string
  let outside: string
  const linked = idOf(900)
  beforeAll(async () => {
    data = await tempDir('links-data')
    outside = await tempDir('links-outside')
    // A folder outside the data, shaped like a session, and a link to it under a session id.
    await writeManifest(outside, manifest(linked), false)
    await makeFrames(outside, 3)
    await symlink(outside, join(data, linked))
  })
  afterAll(async () => {
    await rm(data, { recursive: true, force: true })
    await rm(outside, { recursive: true, force: true })
  })

  it('a linked session folder is not listed, and neither its frames nor its folder are deleted', async () => {
    const service = createTimelapseService({ baseDir: data, ffmpegPath })
    expect(await service.listSessions()).toEqual([])
    await expect(service.deleteFrames(linked)).rejects.toThrow(/No time-lapse session/)
    await expect(service.deleteSession(linked)).rejects.toThrow(/No time-lapse session/)
    await expect(service.encode(linked)).rejects.toThrow(/No time-lapse session/)
    await expect(service.resumeSession(linked)).rejects.toThrow(/No readable time-lapse session/)
    expect((await readdir(outside)).sort()).toEqual(['frame0000001.jpg', 'frame0000002.jpg', 'frame0000003.jpg', 'manifest.json'])
  })

  it('links inside a real session: a linked frame, manifest or film is never followed', async () => {
    const service = createTimelapseService({ baseDir: data, ffmpegPath })
    const id = idOf(901)
    const dir = join(data, id)
    await mkdir(dir)
    await writeManifest(dir, { ...manifest(id), video: 'timelapse.mp4', state: 'encoded' }, false)
    await makeFrames(dir, 2)
    await writeFile(join(outside, 'precious.txt'), 'keep me')
    await symlink(join(outside, frameName(3)), join(dir, frameName(3)))
    await symlink(join(outside, 'precious.txt'), join(dir, 'timelapse.mp4'))
    expect((await service.listSessions()).map((s) => [s.id, s.frameCount])).toEqual([[id, 2]])
    expect(await service.videoPath(id)).toBeNull()
    expect((await service.encode(id)).frames).toBe(2)
    await service.deleteFrames(id)
    expect(await readFile(join(outside, frameName(3)))).toBeTruthy()
    expect(await readFile(join(outside, 'precious.txt'), 'utf8')).toBe('keep me')

    // A manifest that is a link is not a manifest: the folder is not a session.
    const other = idOf(902)
    await mkdir(join(data, other))
    await symlink(join(outside, 'manifest.json'), join(data, other, 'manifest.json'))
    expect((await service.listSessions()).map((s) => s.id)).toEqual([id])
  })
})
