/**
 * The shipped cell model's digit head on a cut sample set whose writers it never saw: the synthetic
 * pages (MNIST's train part and handwriting fonts; the shipped cell model is trained on the pen
 * photos and Wicht's alone), by true kind. paper-judge.ts's HEAD_DIGIT_ERROR is its error on the
 * entries (README.md, "Other writers").
 *
 *   npx tsx scripts/train-paper/head-writers.ts [synth-1]
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadCellClassifier } from '../../src/shared/vision/cell-classifier'
import { PATCH_SIDE } from '../../src/shared/vision/cell-patch'
import { argmax } from '../../src/shared/vision/nn'
import { CACHE_DIR, KIND } from './samples'

const name = process.argv[2] ?? 'synth-1'
const meta = new Int16Array(readFileSync(join(CACHE_DIR, `${name}.meta.bin`)).buffer.slice(0))
const patches = readFileSync(join(CACHE_DIR, `${name}.patch.bin`))
const META_FIELDS = 8
const PATCH = PATCH_SIDE * PATCH_SIDE
const digitRows = Array.from({ length: meta.length / META_FIELDS }, (_, i) => i).filter((i) => meta[i * META_FIELDS + 5] > 0)
const model = await loadCellClassifier()
const probs = model.classifyCells(
  digitRows.map((i) => ({ width: PATCH_SIDE, height: PATCH_SIDE, data: new Uint8Array(patches.subarray(i * PATCH, (i + 1) * PATCH)) })),
)
for (const [label, kind] of [
  ['givens', KIND.given],
  ['entries', KIND.entry],
] as const) {
  const rows = digitRows.map((row, k) => ({ row, k })).filter(({ row }) => meta[row * META_FIELDS + 4] === kind)
  const right = rows.filter(({ row, k }) => argmax(probs[k].digit) + 1 === meta[row * META_FIELDS + 5]).length
  console.log(`${name} ${label}: the digit head reads ${right} of ${rows.length} right (${((100 * right) / rows.length).toFixed(1)}%)`)
}
