/**
 * Crash-safe file replacement: write a temp file beside the target, flush it to the disk, then
 * rename it over the target. A kill or power cut leaves either the old file or the new one under
 * the real name, never half of one; leftovers keep a `.tmp` name that readers ignore. Each write
 * creates its own temp file ('wx': never an existing file, never through a symbolic link), so
 * two writers cannot mix their bytes and a planted link cannot redirect the write.
 */
import { randomBytes } from 'node:crypto'
import { open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export interface AtomicWriteOptions {
  /** Flush data to the disk before the rename (survives a power cut, not only a crash). Default true. */
  readonly fsync?: boolean
  /** The new file's permissions (before the umask); default 0o666. */
  readonly mode?: number
}

/** A temp name for `path`: hidden, unique to this write, and never matching a frame or manifest name. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`)
}

export async function writeFileAtomic(path: string, data: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  const temp = tempPathFor(path)
  const sync = options.fsync ?? true
  try {
    const handle = await open(temp, 'wx', options.mode ?? 0o666)
    try {
      await handle.writeFile(data)
      if (sync) await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    // Free the space a partial temp file holds (it matters most when the disk is full).
    await unlink(temp).catch(() => undefined)
    throw error
  }
  if (sync) await syncDirectory(dirname(path))
}

/** Makes a rename durable on Linux and macOS; Windows cannot open folders and needs no call. */
async function syncDirectory(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch {
    // EISDIR/EPERM on Windows: the rename is already as durable as the platform offers.
  } finally {
    await handle?.close().catch(() => undefined)
  }
}
