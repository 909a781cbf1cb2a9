/**
 * A host process for the orphaned-ffmpeg test: encodes session `<id>` under `<base-dir>` with the
 * app's time-lapse service, printing `encoding` once ffmpeg reports progress, until it is killed.
 * Run with `node --import tsx encode-child.ts <base-dir> <id>`.
 */
import { createTimelapseService } from '../../../src/node/timelapse/service'

const [baseDir, id] = process.argv.slice(2)
// 'slow' makes the whole encode take far longer than ffmpeg needs to finish what it has read.
const service = createTimelapseService({ baseDir, preset: 'slow' })
let said = false
await service.encode(id, undefined, (p) => {
  if (p.phase === 'encoding' && !said) said = !!process.stdout.write('encoding\n')
})
process.stdout.write('done\n')
