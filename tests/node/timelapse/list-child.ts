/**
 * Lists the sessions under `<base-dir>` in a process of its own, so a test can run it under a
 * file limit, as another user, or with its file descriptors used up. Prints `count N` or
 * `error CODE`. Run with `node --import tsx list-child.ts <base-dir> [exhaust]`.
 */
import { openSync } from 'node:fs'
import { listSessionsOnDisk } from '../../../src/node/timelapse/recovery'

const [baseDir, mode] = process.argv.slice(2)
if (mode === 'exhaust') {
  // Take every free descriptor, then give back two: the listing must make do or say it cannot.
  const held: number[] = []
  try {
    for (;;) held.push(openSync('/dev/null', 'r'))
  } catch {
    // EMFILE: the limit is reached.
  }
  const { closeSync } = await import('node:fs')
  closeSync(held.pop()!)
  closeSync(held.pop()!)
}
try {
  process.stdout.write(`count ${(await listSessionsOnDisk(baseDir)).length}\n`)
} catch (error) {
  process.stdout.write(`error ${(error as { code?: string }).code ?? (error as Error).message}\n`)
}
