/**
 * Real training cells: every photo of a split of the pen-solved photos (Kubiesa, MIT) and the
 * printed newspaper photos (Wicht, CC-BY-4.0), decoded as the CLI does and cut through cut.ts
 * from the hand-made corners, once exactly and JITTERS more times from corners moved like a
 * detector's (jitterCorners), so the model learns the offsets it will meet.
 *
 *   npx tsx training/paper/cut-real.ts pen      -> .cache/train-paper/pen.*    (train split only)
 *   npx tsx training/paper/cut-real.ts wicht    -> .cache/train-paper/wicht.*
 *
 * Pen labels: 0 empty, 1-9 a digit (given or entry: the kinds come from datasets/, once known),
 * 10 marks. Wicht labels: 0 empty, 1-9 a printed given. Folds: by puzzle (penFolds, 5 folds), so
 * all four photos of a puzzle fall on one side; Wicht photos are never held out (fold -1).
 */
import { decodeImage } from '../../src/node/reader/decode-image'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { toGray } from '../../src/shared/vision/core/gray'
import type { Corners } from '../../src/shared/vision/core/image'
import { listPenPhotos, MARKS_LABEL, penFolds } from '../../datasets/kubiesa'
import { listPhotos as listWichtPhotos } from '../../datasets/wicht'
import { cutPage, FOLDS, JITTER, JITTERS, jitterCorners, rng } from './cut'
import { KIND, SampleWriter, SOURCE, UNKNOWN_KIND } from './samples'

interface Job {
  readonly jpg: string
  readonly corners: Corners
  readonly fold: number
  /** Per cell: [kind, digit]. */
  readonly truth: (cell: number) => [number, number]
}

function penJobs(): Job[] {
  const photos = listPenPhotos('train')
  const folds = penFolds(photos, FOLDS)
  return photos.map((p) => ({
    jpg: p.jpg,
    corners: p.corners,
    fold: folds.get(p.puzzle)!,
    truth: (cell) => {
      const label = p.labels[cell]
      if (label === 0) return [KIND.empty, 0]
      if (label === MARKS_LABEL) return [KIND.marks, 0]
      return [UNKNOWN_KIND, label]
    },
  }))
}

/**
 * Wicht photos with a trusted outline and no EXIF rotation (seven carry one, and their .dat
 * follows the stored pixels, not the decoded ones: simpler to leave them out than to turn them).
 */
async function wichtJobs(): Promise<Job[]> {
  const sharp = (await import('sharp')).default
  const jobs: Job[] = []
  for (const p of listWichtPhotos()) {
    if (!p.outline) continue
    const { orientation = 1 } = await sharp(p.jpg).metadata()
    if (orientation !== 1) continue
    jobs.push({ jpg: p.jpg, corners: p.outline, fold: -1, truth: (cell) => (p.truth[cell] ? [KIND.given, p.truth[cell]] : [KIND.empty, 0]) })
  }
  return jobs
}

async function main(): Promise<void> {
  const which = process.argv[2]
  if (which !== 'pen' && which !== 'wicht') throw new Error('usage: cut-real.ts pen|wicht')
  const jobs = which === 'pen' ? penJobs() : await wichtJobs()
  const cv = await loadOpenCV()
  const out = new SampleWriter()
  const r = rng(which === 'pen' ? 11 : 12)
  const started = Date.now()
  for (const [page, job] of jobs.entries()) {
    const gray = toGray(await decodeImage(job.jpg))
    for (let jitter = 0; jitter <= JITTERS; jitter++) {
      const corners = jitter ? jitterCorners(job.corners, JITTER, r) : job.corners
      const { patches, cells } = cutPage(cv, gray, corners)
      patches.forEach((patch, cell) => {
        const [kind, digit] = job.truth(cell)
        const source = which === 'pen' ? SOURCE.pen : SOURCE.wicht
        out.add({ source, page, fold: job.fold, cell, kind, digit, jitter, marks: 0 }, patch.data, digit ? cells.cells[cell].image.data : undefined)
      })
    }
    if (page % 10 === 9) console.log(`${page + 1}/${jobs.length} photos, ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  out.save(which)
  console.log(`${which}: ${out.count} cells from ${jobs.length} photos`)
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
