/**
 * cells.ts's digit box of every pen train cell, for the same cuts as cut-real.ts (same corners,
 * same jitter sequence), so combine.py can measure paper/print-height.ts on the CV predictions.
 *
 *   npx tsx training/paper/boxes.ts   -> .cache/train-paper/boxes.json  ([page, jitter, cell, height, width, filled])
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeImage } from '../../src/node/reader/decode-image'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { toGray } from '../../src/shared/vision/core/gray'
import { listPenPhotos } from '../../datasets/kubiesa'
import { cutPage, jitterCorners, rng } from './cut'
import { CACHE_DIR } from './samples'

/** cut-real.ts's settings for the pen photos: its seed, jitters and jitter size. */
const SEED = 11
const JITTERS = 2
const JITTER = 0.01

async function main(): Promise<void> {
  const cv = await loadOpenCV()
  const r = rng(SEED)
  const rows: number[][] = []
  for (const [page, p] of listPenPhotos('train').entries()) {
    const gray = toGray(await decodeImage(p.jpg))
    for (let jitter = 0; jitter <= JITTERS; jitter++) {
      const { cells } = cutPage(cv, gray, jitter ? jitterCorners(p.corners, JITTER, r) : p.corners)
      cells.cells.forEach((c, cell) => rows.push([page, jitter, cell, c.box?.height ?? 0, c.box?.width ?? 0, c.filled ? 1 : 0]))
    }
  }
  writeFileSync(join(CACHE_DIR, 'boxes.json'), JSON.stringify(rows))
  console.log(`${rows.length} cells -> ${join(CACHE_DIR, 'boxes.json')}`)
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
