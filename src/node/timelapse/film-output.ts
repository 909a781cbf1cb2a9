/**
 * Where a film is written while it is encoded: each run's own hidden temp file beside the film,
 * named after its process (`.film.mp4.<pid>-<random>.partial.mp4`) and created before any other
 * work, so an unwritable folder is reported at once. The film takes its real name only by `commit`,
 * an atomic rename, so a killed run never hands on a half-written file; later runs remove the
 * leftovers of runs whose process is gone.
 */
import { randomBytes } from 'node:crypto'
import { lstat, open, readdir, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { errorCode } from './storage-errors'

export interface ReservedFilm {
  /** Where the film will be once committed. */
  readonly path: string
  /** The temp file ffmpeg writes. */
  readonly temp: string
  /** Moves the finished temp file over `path` in one step. */
  commit(): Promise<void>
  /** Removes the temp file (failed or cancelled run). */
  discard(): Promise<void>
}

/** The film cannot be written where it was asked for; the message is for the user. */
export class FilmOutputError extends Error {
  override readonly name = 'FilmOutputError'
  readonly userFacing = true
}

const PARTIAL = /^\.(.+)\.(\d+)-[0-9a-f]+\.partial\.mp4$/

/** The temp name a run of process `pid` uses for `name`. */
export function partialName(name: string, pid: number, tag: string): string {
  return `.${name}.${pid}-${tag}.partial.mp4`
}

/** True while a process with this id exists (signal 0 only checks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return errorCode(error) === 'EPERM'
  }
}

function reason(error: unknown): string {
  const code = errorCode(error)
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'the folder does not exist'
  if (code === 'EACCES' || code === 'EPERM') return 'the folder is not writable (permission denied)'
  if (code === 'EROFS') return 'the folder is on a read-only disk'
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'the disk is full'
  return error instanceof Error ? error.message : String(error)
}

/**
 * Checks that `path` can be written and reserves a temp file for it; throws FilmOutputError
 * naming the problem. Leftover temp files of `path` from runs whose process has died are removed.
 */
export async function reserveFilm(path: string): Promise<ReservedFilm> {
  const film = resolve(path)
  const dir = dirname(film)
  const name = basename(film)
  // Whatever is there is replaced by the rename, a symbolic link included (the link itself, never
  // its target); only a folder cannot be.
  if ((await lstat(film).catch(() => null))?.isDirectory()) throw new FilmOutputError(`Cannot write the film to ${film}: it is a folder.`)
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    throw new FilmOutputError(`Cannot write the film to ${film}: ${reason(error)}.`, { cause: error })
  }
  for (const other of names) {
    const m = PARTIAL.exec(other)
    if (m && m[1] === name && Number(m[2]) !== process.pid && !processAlive(Number(m[2]))) await unlink(join(dir, other)).catch(() => undefined)
  }
  const temp = join(dir, partialName(name, process.pid, randomBytes(4).toString('hex')))
  try {
    // 'wx': a new file, never through an existing name or link.
    await (await open(temp, 'wx')).close()
  } catch (error) {
    throw new FilmOutputError(`Cannot write the film to ${film}: ${reason(error)}.`, { cause: error })
  }
  return {
    path: film,
    temp,
    commit: () => rename(temp, film),
    discard: () => unlink(temp).catch(() => undefined),
  }
}
