/**
 * bench:classifier — the digit classifier alone, on real cells of the shared training photos
 * (B. Wicht's sudoku_dataset v2_train, CC-BY-4.0; Wicht & Hennebert, SoCPaR 2014).
 *
 * Each photo is warped by its hand-made outline (outlines.csv, so grid detection is not to blame)
 * and cut by src/shared/vision/cells/extract-cells.ts; every cell that holds a given digit and that it
 * marks filled is classified by the fold model that never saw the photo's puzzle
 * (bench/digit-folds.ts). Prints per-digit accuracy, the confusion matrix, the errors, the same
 * for the synthetic-only model when training/fold-models/digits-synthetic-only.json exists, and
 * inference time, and writes its section of bench/README.md (not with --limit).
 *
 *   npm run bench:classifier [-- --limit N]
 *
 * `--quick`: the first QUICK_PHOTOS photos, QUICK_TIMED_RUNS timed runs.
 */
import { existsSync, readFileSync } from 'node:fs'
import { DigitClassifier, type EncodedDigitModel } from '../src/shared/vision/digits/classifier'
import type { GrayImage } from '../src/shared/vision/core/image'
import { loadPhotos } from '../datasets/wicht-folds'
import { openCV, photoCells } from '../datasets/wicht-cells'
import { FOLD_MODELS_DIR } from '../datasets/paths'
import { heldOutClassifiers } from './digit-folds'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

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

const percent = (right: number, total: number): string => `${((100 * right) / Math.max(1, total)).toFixed(2)}%`
const perDigit = (t: Tally): string =>
  t.confusion
    .map((row, i) =>
      percent(
        row[i],
        row.reduce((a, b) => a + b, 0),
      ),
    )
    .join(' / ')
const confusionLines = (t: Tally): string[] => t.confusion.map((row, i) => `  ${i + 1} | ${row.map((v) => String(v).padStart(4)).join('')}`)

function report(title: string, t: Tally): void {
  console.log(`\n${title}: ${percent(t.right, t.total)} of ${t.total} given digits (${t.total - t.right} wrong)`)
  console.log(`per digit 1-9: ${perDigit(t)}`)
  console.log('confusion (rows = truth, columns = read as 1..9):')
  for (const line of confusionLines(t)) console.log(line)
  if (t.errors.length) console.log('errors: ' + t.errors.join('; '))
}

const QUICK_PHOTOS = 3
const QUICK_TIMED_RUNS = 3

const tableRow = (model: string, t: Tally): string => `| ${model} | **${percent(t.right, t.total)}** | ${t.total - t.right} of ${t.total} | ${perDigit(t)} |`

async function main(): Promise<void> {
  const limitAt = process.argv.indexOf('--limit')
  const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : QUICK ? QUICK_PHOTOS : Infinity
  const { cv } = await openCV()
  const heldOut = heldOutClassifiers()
  const synthFile = `${FOLD_MODELS_DIR}digits-synthetic-only.json`
  const synthOnly = existsSync(synthFile) ? new DigitClassifier(JSON.parse(readFileSync(synthFile, 'utf8')) as EncodedDigitModel) : undefined
  const photos = loadPhotos()
    .filter((p) => p.corners)
    .slice(0, limit)
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
  console.log(
    `${photos.length} photos, ${((performance.now() - t0) / 1000).toFixed(0)} s; ${missed} given digits not marked filled by cells/extract-cells.ts (not scored here)`,
  )
  report(`Held-out fold models (${heldOut.folds}-fold cross-validation by puzzle)`, cv5)
  if (synthOnly) report('Synthetic-fonts-only model', synth)

  // Inference time: 81 cells through one classifier (a full grid; real grids have ~25-35 givens).
  const clf = heldOut.classifierFor(photos[0].name)
  const cells = Array.from({ length: 81 }, (_, i) => sample[i % sample.length])
  for (let i = 0; i < 5; i++) clf.classifyAll(cells)
  const times: number[] = []
  const cpu0 = process.cpuUsage()
  const runs = QUICK ? QUICK_TIMED_RUNS : 30
  for (let i = 0; i < runs; i++) {
    const s = performance.now()
    clf.classifyAll(cells)
    times.push(performance.now() - s)
  }
  const cpu = process.cpuUsage(cpu0)
  const cpuMs = (cpu.user + cpu.system) / 1000 / runs
  times.sort((a, b) => a - b)
  // On a shared machine wall time mostly measures waiting for a core; CPU time is the cost.
  const inference =
    `inference, 81 cells: CPU ${cpuMs.toFixed(1)} ms per grid (${(cpuMs / 81).toFixed(3)} ms per cell); ` +
    `wall median ${times[runs >> 1].toFixed(1)} ms, min ${times[0].toFixed(1)} ms`
  console.log(`\n${inference}`)
  if (limit !== Infinity && !QUICK) return

  writeReadmeSection(
    'Digit classifier',
    [
      `\`npm run bench:classifier\` (bench/classifier.ts): the digit classifier alone (src/shared/vision/digits/classifier.ts) on every given ` +
        `digit of the ${photos.length} photos of B. Wicht's sudoku_dataset v2_train (CC-BY-4.0; Wicht & Hennebert, SoCPaR 2014) that ` +
        `have a usable outline. Each photo is decoded as the CLI does (EXIF orientation applied), warped by its outlines.csv corners ` +
        `(so detection is not to blame) and cut by the app's grid/warp.ts and cells/extract-cells.ts; the ${missed} givens it does not mark filled ` +
        `are not scored. Each photo is read by the fold model that never saw its printed puzzle (${heldOut.folds} folds split by ` +
        `puzzle, training/fold-models/, bench/digit-folds.ts); the shipped model saw every photo and is not scored here.`,
      '',
      '| model | given digits right (held out) | wrong | per digit 1 / 2 / ... / 9 |',
      '|---|---|---|---|',
      tableRow(`${heldOut.folds} fold models (by puzzle)`, cv5),
      ...(synthOnly ? [tableRow('synthetic fonts only (no real cell)', synth)] : []),
      '',
      '```',
      'confusion, fold models (rows = truth, columns = read as 1..9)',
      ...confusionLines(cv5),
      '```',
      '',
      `${inference[0].toUpperCase()}${inference.slice(1)}.`,
      '',
      measuredLine('npm run bench:classifier'),
    ].join('\n'),
  )
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
