/**
 * The shipped cell model's digit head on a cut sample set whose writers it never saw: the synthetic
 * pages (MNIST's train part and handwriting fonts; the shipped cell model is trained on the pen
 * photos and Wicht's alone), by true kind. paper/cell-judge.ts's HEAD_DIGIT_ERROR is its error on the
 * entries (README.md, "Other writers").
 *
 *   npx tsx training/paper/head-writers.ts [synth-1]
 */
import { loadCellClassifier } from '../../src/shared/vision/paper/cell-classifier'
import { argmax } from '../../src/shared/vision/core/nn'
import { KIND, readSamples } from './samples'

const name = process.argv[2] ?? 'synth-1'
const { meta, patch } = readSamples(name)
const digitSamples = meta.map((m, i) => ({ ...m, i })).filter((m) => m.digit > 0)
const model = await loadCellClassifier()
const probs = model.classifyCells(digitSamples.map((m) => patch(m.i)))
for (const [label, kind] of [
  ['givens', KIND.given],
  ['entries', KIND.entry],
] as const) {
  const rows = digitSamples.map((m, k) => ({ m, k })).filter(({ m }) => m.kind === kind)
  const right = rows.filter(({ m, k }) => argmax(probs[k].digit) + 1 === m.digit).length
  console.log(`${name} ${label}: the digit head reads ${right} of ${rows.length} right (${((100 * right) / rows.length).toFixed(1)}%)`)
}
