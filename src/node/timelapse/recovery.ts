/**
 * Sessions on disk, and the ones a crash left behind. A manifest that still says `recording`
 * when no recorder owns it means the app died mid-session; its frames (renamed into place only
 * when complete) are all usable, and the folder listing, not the manifest, says how many there are.
 */
import { lstat, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { filmSeconds, isSessionId, type TimelapseManifest, type TimelapseSessionSummary } from '../../shared/timelapse/settings'
import { lastNumberOnDisk, listFrames } from './frame-names'
import { readManifest, sessionDir, writeManifest } from './manifest'
import { errorCode } from './storage-errors'

export interface SessionOnDisk {
  readonly dir: string
  readonly manifest: TimelapseManifest
  /** Frame numbers present on disk, ascending (temp files are not frames). */
  readonly frames: readonly number[]
}

export function summarise(s: SessionOnDisk): TimelapseSessionSummary {
  const m = s.manifest
  return {
    id: m.id,
    state: m.state,
    startedAt: m.startedAt,
    frameCount: s.frames.length,
    dropped: m.dropped,
    filmSeconds: filmSeconds(s.frames.length, m.settings.fpsIn),
    error: m.error,
    video: m.video,
    settings: m.settings,
  }
}

/**
 * The session's folder when it is a real folder under `baseDir`; undefined when there is none or
 * it is a symbolic link, which is never followed: a link could lead every later read, encode and
 * delete out of the app's data.
 */
export async function realSessionDir(baseDir: string, id: string): Promise<string | undefined> {
  const dir = sessionDir(baseDir, id)
  const info = await lstat(dir).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null
    throw error
  })
  return info?.isDirectory() ? dir : undefined
}

export async function readSession(baseDir: string, id: string): Promise<SessionOnDisk | undefined> {
  const dir = await realSessionDir(baseDir, id)
  if (!dir) return undefined
  const manifest = await readManifest(dir)
  if (!manifest || manifest.id !== id) return undefined
  const { numbers } = await listFrames(dir)
  return { dir, manifest, frames: numbers }
}

/**
 * Sessions read at once by a listing, whatever the number of listings under way: each read holds
 * at most one file open, so 16 keep far below even a 256-file limit, while the disk stays busy.
 */
const READS_AT_ONCE = 16
let reading = 0
const waiting: (() => void)[] = []

async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (reading >= READS_AT_ONCE) await new Promise<void>((resume) => waiting.push(resume))
  else reading++
  try {
    return await fn()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else reading--
  }
}

/**
 * Every session under `baseDir`, newest first. A missing base folder means none yet; folders
 * that are not sessions (no or damaged manifest, links) are not listed; any failure to read
 * (too many open files, an I/O error, no permission) rejects: a list is complete or an error.
 *
 * Calls that arrive while a listing runs share the next one, started when it ends: each caller
 * gets a listing begun after its call, and 300 calls at once read the folder twice, not 300 times.
 */
export function listSessionsOnDisk(baseDir: string): Promise<SessionOnDisk[]> {
  let listing = listings.get(baseDir)
  if (!listing) listings.set(baseDir, (listing = coalesced(() => readSessions(baseDir))))
  return listing()
}

const listings = new Map<string, () => Promise<SessionOnDisk[]>>()

/** One run at a time; callers during a run share a single follow-up run. */
function coalesced<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined
  let next: Promise<T> | undefined
  const start = (): Promise<T> => {
    const current = run().finally(() => {
      if (running === current) running = undefined
    })
    running = current
    return current
  }
  return () => {
    if (!running) return start()
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined
        return start()
      })
    return next
  }
}

async function readSessions(baseDir: string): Promise<SessionOnDisk[]> {
  let names: string[]
  try {
    names = await readdir(baseDir)
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return []
    throw error
  }
  const sessions = await Promise.all(names.filter(isSessionId).map((id) => limited(() => readSession(baseDir, id))))
  return sessions.filter((s): s is SessionOnDisk => s !== undefined).sort((a, b) => (a.manifest.id < b.manifest.id ? 1 : -1))
}

/** Sessions whose manifest says `recording`, except those listed as live in this process. */
export async function findUnfinishedSessions(baseDir: string, live: ReadonlySet<string> = new Set()): Promise<SessionOnDisk[]> {
  return (await listSessionsOnDisk(baseDir)).filter((s) => s.manifest.state === 'recording' && !live.has(s.manifest.id))
}

/**
 * Closes a session a crash left open: deletes leftover temp files, recounts the frames, and marks
 * it stopped so it can be encoded (or resumed, which reopens it).
 */
export async function recoverSession(baseDir: string, id: string): Promise<SessionOnDisk> {
  const dir = await realSessionDir(baseDir, id)
  if (!dir) throw new Error(`No readable time-lapse session ${id}`)
  // Leftovers of interrupted writes and encodes: temp frames, a half-written film, staged copies.
  for (const name of await readdir(dir))
    if (name.startsWith('.') && (name.endsWith('.tmp') || name.endsWith('.partial.mp4') || name === '.staging'))
      await rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined)
  const session = await readSession(baseDir, id)
  if (!session) throw new Error(`No readable time-lapse session ${id}`)
  const manifest: TimelapseManifest = {
    ...session.manifest,
    state: session.manifest.state === 'recording' ? 'stopped' : session.manifest.state,
    frameCount: session.frames.length,
    nextFrame: Math.max(session.manifest.nextFrame, (await lastNumberOnDisk(dir)) + 1),
    updatedAt: new Date().toISOString(),
  }
  await writeManifest(dir, manifest)
  return { ...session, manifest }
}
