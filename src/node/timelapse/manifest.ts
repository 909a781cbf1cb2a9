/**
 * The session folder's `manifest.json`: read with validation (it may be from an older version or
 * damaged), written atomically. It is a summary for the session list; the frames on disk stay
 * the truth and recovery recounts them.
 */
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { isSessionId, validateTimelapseSettings, type SessionState, type TimelapseManifest } from '../../shared/timelapse/settings'
import { skippedLooksOf } from '../../shared/timelapse/skipped'
import { shotRecordsOf } from '../../shared/timelapse/shots'
import { writeFileAtomic } from '../atomic-file'
import { errorCode } from './storage-errors'

export const MANIFEST_NAME = 'manifest.json'

/** "20261122T153855Z-1a2b3c": sorts by start time, unique without a lock, safe as a folder name. */
export function newSessionId(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  return `${stamp}-${randomBytes(3).toString('hex')}`
}

export function sessionDir(baseDir: string, id: string): string {
  // Every id from outside passes this check, so no `..` or separator can reach join().
  if (!isSessionId(id)) throw new Error(`Not a time-lapse session id: ${JSON.stringify(id)}`)
  return join(baseDir, id)
}

export async function writeManifest(dir: string, manifest: TimelapseManifest, fsync = true): Promise<void> {
  await writeFileAtomic(join(dir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, { fsync })
}

const STATES: readonly SessionState[] = ['recording', 'stopped', 'encoded']
const count = (x: unknown): number => (Number.isInteger(x) && (x as number) >= 0 ? (x as number) : 0)
const text = (x: unknown): string | null => (typeof x === 'string' ? x : null)

/**
 * Errors that mean "there is no session here": no manifest, a file where a folder should be, a
 * symbolic link (opened with O_NOFOLLOW, so never followed), a folder where the manifest should be.
 * Any other error (EMFILE, EIO, EACCES …) is a failure to read, and is thrown.
 */
const NOT_A_SESSION = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR'])

/** Reads a file without following a symbolic link in its last component (Windows has no O_NOFOLLOW). */
export async function readFileNoFollow(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  try {
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

/**
 * The manifest in `dir`, or undefined when there is none or it is not a time-lapse manifest (a
 * damaged file is not a session). Throws when the file could not be read at all.
 */
export async function readManifest(dir: string): Promise<TimelapseManifest | undefined> {
  let content: string
  try {
    content = await readFileNoFollow(join(dir, MANIFEST_NAME))
  } catch (error) {
    if (NOT_A_SESSION.has(errorCode(error) ?? '')) return undefined
    throw error
  }
  let raw: unknown
  try {
    raw = JSON.parse(content)
  } catch {
    return undefined
  }
  if (typeof raw !== 'object' || raw === null) return undefined
  const m = raw as Record<string, unknown>
  const settings = validateTimelapseSettings(m.settings)
  if (!settings.ok || !isSessionId(m.id) || !STATES.includes(m.state as SessionState)) return undefined
  return {
    version: 1,
    id: m.id,
    settings: settings.value,
    startedAt: text(m.startedAt) ?? new Date(0).toISOString(),
    state: m.state as SessionState,
    frameCount: count(m.frameCount),
    nextFrame: Math.max(1, count(m.nextFrame)),
    dropped: count(m.dropped),
    error: text(m.error),
    video: text(m.video),
    updatedAt: text(m.updatedAt) ?? new Date(0).toISOString(),
    shots: shotRecordsOf(m.shots),
    looks: skippedLooksOf(m.looks),
  }
}
