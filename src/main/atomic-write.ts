import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file so that a crash or power cut leaves either the old content or the new one, never
 * half of it: write a temporary sibling, flush it to disk, then rename it over the target.
 * Temporary names start with `.` and end with `.tmp`, so readers can skip them.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`)
  const handle = await open(temp, 'w')
  try {
    await handle.writeFile(data)
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
  await handle.close()
  await rename(temp, path)
}
