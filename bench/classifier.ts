/**
 * bench:classifier — the digit classifier alone, on real cells of the shared training photos
 * (B. Wicht's sudoku_dataset v2_train, CC-BY-4.0; Wicht & Hennebert, SoCPaR 2014).
 *
 * Each photo is warped by its hand-made outline (outlines.csv, so grid detection is not to blame)
 * and cut by src/shared/vision/cells.ts; every cell that holds a given digit and that cells.ts
 * marks filled is classified by the fold model that never saw the photo's puzzle
 * (bench/digit-folds.ts). Prints per-digit accuracy, the confusion matrix, the errors, the same
 * for the synthetic-only model when bench/models/digits-synthetic-only.json exists, and
 * inference time.
 *
 *   npm run bench:classifier [-- --limit N]
 */
import { existsSync, readFileSync } from 'node:fs'
import { DigitClassifier, type EncodedDigitModel } from '../src/shared/vision/classifier'
import type { GrayImage } from '../src/shared/vision/image'
import { loadPhotos } from '../datasets/wicht-folds'
import { openCV, photoCells } from '../datasets/wicht-cells'
import { FOLD_MODELS_DIR } from '../datasets/paths'
import { heldOutClassifiers } from './digit-folds'

interface Tally {
  right: number
  total: number
  confusion: number[][]
  errors: string[]
}

const newTally = (): Tally => ({ right: 0, total: 0, confusion: Array.from({ length: 9 }, () => new Array<number>(9).fill(0)), errors: [] })

function record(t: Tally, truth: number, got: number, where: string): void {
  t.total++
  t.confusion[truth - 1][got - 1]++
  if (got === truth) t.right++
  else t.errors.push(`${where}: ${truth} read as ${got}`)
}

function report(title: string, t: Tally): void {
  console.log(`\n${title}: ${((100 * t.right) / t.total).toFixed(2)}% of ${t.total} given digits (${t.total - t.right} wrong)`)
  console.log('per digit: ' + t.confusion.map((row, i) => `${i + 1}: ${((100 * row[i]) / Math.max(1, row.reduce((a, b) => a + b, 0))).toFixed(1)}%`).join('  '))
  console.log('confusion (rows = truth, columns = read as 1..9):')
  t.confusion.forEach((row, i) => console.log(`  ${i + 1} | ${row.map((v) => String(v).padStart(4)).join('')}`))
  if (t.errors.length) console.log('errors: ' + t.errors.join('; '))
}

async function main(): Promise<void> {
  const limitAt = process.argv.indexOf('--limit')
  const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Infinity
  const { cv } = await openCV()
  const heldOut = heldOutClassifiers()
  const synthFile = `${FOLD_MODELS_DIR}digits-synthetic-only.json`
  const synthOnly = existsSync(synthFile) ? new DigitClassifier(JSON.parse(readFileSync(synthFile, 'utf8')) as EncodedDigitModel) : undefined
  const photos = loadPhotos().filter((p) => p.corners).slice(0, limit)
  const cv5 = newTally()
  const synth = newTally()
  let missed = 0
  const sample: GrayImage[] = []
  const t0 = performance.now()
  for (const photo of photos) {
    const { images } = await photoCells(cv, photo)
    const clf = heldOut.classifierFor(photo.name)
    images.forEach((img, cell) => {
      const truth = photo.truth[cell]
      if (!truth) return
      if (!img) return void missed++
      if (sample.length < 81) sample.push(img)
      const where = `${photo.name} r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`
      record(cv5, truth, clf.classify(img).ranked[0].digit, where)
      if (synthOnly) record(synth, truth, synthOnly.classify(img).ranked[0].digit, where)
    })
  }
  console.log(`${photos.length} photos, ${((performance.now() - t0) / 1000).toFixed(0)} s; ${missed} given digits not marked filled by cells.ts (not scored here)`)
  report(`Held-out fold models (${heldOut.folds}-fold cross-validation by puzzle)`, cv5)
  if (synthOnly) report('Synthetic-fonts-only model', synth)

  // Inference time: 81 cells through one classifier (a full grid; real grids have ~25-35 givens).
  const clf = heldOut.classifierFor(photos[0].name)
  const cells = Array.from({ length: 81 }, (_, i) => sample[i % sample.length])
  for (let i = 0; i < 5; i++) clf.classifyAll(cells)
  const times: number[] = []
  const cpu0 = process.cpuUsage()
  const runs = 30
  for (let i = 0; i < runs; i++) {
    const s = performance.now()
    clf.classifyAll(cells)
    times.push(performance.now() - s)
  }
  const cpu = process.cpuUsage(cpu0)
  const cpuMs = (cpu.user + cpu.system) / 1000 / runs
  times.sort((a, b) => a - b)
  // On a shared machine wall time mostly measures waiting for a core; CPU time is the cost.
  console.log(
    `\ninference, 81 cells: CPU ${cpuMs.toFixed(1)} ms per grid (${(cpuMs / 81).toFixed(3)} ms per cell); ` +
      `wall median ${times[runs >> 1].toFixed(1)} ms, min ${times[0].toFixed(1)} ms`,
  )
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
