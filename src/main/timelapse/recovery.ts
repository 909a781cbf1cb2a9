/**
 * Sessions on disk, and the ones a crash left behind. A manifest that still says `recording`
 * when no recorder owns it means the app died mid-session; its frames (renamed into place only
 * when complete) are all usable, and the folder listing, not the manifest, says how many there are.
 */
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { filmSeconds, isSessionId, type TimelapseManifest, type TimelapseSessionSummary } from '../../shared/timelapse'
import { listFrames } from './frame-names'
import { readManifest, sessionDir, writeManifest } from './manifest'

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

export async function readSession(baseDir: string, id: string): Promise<SessionOnDisk | undefined> {
  const dir = sessionDir(baseDir, id)
  const manifest = await readManifest(dir)
  if (!manifest || manifest.id !== id) return undefined
  const { numbers } = await listFrames(dir)
  return { dir, manifest, frames: numbers }
}

/** Every readable session under `baseDir`, newest first. A missing base folder means none yet. */
export async function listSessionsOnDisk(baseDir: string): Promise<SessionOnDisk[]> {
  let names: string[]
  try {
    names = await readdir(baseDir)
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return []
    throw error
  }
  const sessions = await Promise.all(names.filter(isSessionId).map((id) => readSession(baseDir, id).catch(() => undefined)))
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
  const dir = sessionDir(baseDir, id)
  // Leftovers of interrupted writes and encodes: temp frames, a half-written film, staged copies.
  for (const name of await readdir(dir))
    if (name.startsWith('.') && (name.endsWith('.tmp') || name.endsWith('.partial.mp4') || name === '.staging'))
      await rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined)
  const session = await readSession(baseDir, id)
  if (!session) throw new Error(`No readable time-lapse session ${id}`)
  const last = session.frames.length ? session.frames[session.frames.length - 1] : 0
  const manifest: TimelapseManifest = {
    ...session.manifest,
    state: session.manifest.state === 'recording' ? 'stopped' : session.manifest.state,
    frameCount: session.frames.length,
    nextFrame: Math.max(session.manifest.nextFrame, last + 1),
    updatedAt: new Date().toISOString(),
  }
  await writeManifest(dir, manifest)
  return { ...session, manifest }
}
