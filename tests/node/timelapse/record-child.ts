/**
 * A recording process for the crash-recovery test: records shots from `<frames-dir>` into
 * `<base-dir>` as fast as the disk takes them until it is killed, printing progress lines.
 * Run with `node --import tsx record-child.ts <base-dir> <frames-dir>`.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTimelapseService } from '../../../src/node/timelapse/service'
import { DEFAULT_TIMELAPSE_SETTINGS } from '../../../src/shared/timelapse/settings'

const [baseDir, framesDir] = process.argv.slice(2)
const sources = await Promise.all(
  (await readdir(framesDir))
    .filter((n) => n.endsWith('.jpg'))
    .sort()
    .map((n) => readFile(join(framesDir, n))),
)
const service = createTimelapseService({ baseDir })
const session = await service.startSession({ ...DEFAULT_TIMELAPSE_SETTINGS, intervalSeconds: 0.5, fpsIn: 10, fpsOut: 20 })
process.stdout.write(`session ${session.id}\n`)
for (let i = 0; ; i++) {
  const receipt = service.addFrame(session.id, sources[i % sources.length])
  process.stdout.write(`shot ${receipt.frame} ${receipt.status}\n`)
  await new Promise((ok) => setTimeout(ok, 5))
}
