/**
 * Trains the digit network of src/shared/vision/digits/classifier.ts (plain TypeScript, one core).
 *
 *   npx tsx training/digits/train.ts cv [folds=5]   by-puzzle cross-validation; writes the
 *                                                        fold models to training/fold-models/
 *   npx tsx training/digits/train.ts synth-only     trained on rendered fonts only, scored
 *                                                        on every real cell
 *   npx tsx training/digits/train.ts final          everything -> src/shared/vision/models/digits.ts
 *
 * Needs .cache/real.bin (photo-cells.ts) and .cache/synth-*.bin (synth.ts). Options through the
 * environment: EPOCHS (default 5), SYNTH_PER_EPOCH (8000), REAL_REPEAT (2), SEED (1), WIDTHS (conv1,conv2,hidden: 6,12,48), SYNTH=0 (real cells only),
 * ONLY=0,2 (train only these folds, so folds can run as parallel processes), OUT_DIR (fold models'
 * folder), FINAL_OUT (the final model's file).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import {
  CLASSES,
  cellInput,
  type DigitNet,
  type DigitNetShape,
  DigitClassifier,
  encodeDigitModel,
  type EncodedDigitModel,
} from '../../src/shared/vision/digits/classifier'
import { augmentCell } from './augment'
import { FOLD_MODELS_DIR } from '../../datasets/paths'
import { rng } from '../../devkit/random'
import { initNet, Trainer } from './cnn'
import { loadPhotos, puzzleFolds } from '../../datasets/wicht-folds'
import { CACHE_DIR, cachePath, loadSamples, sampleImage, type SampleSet } from './samples'

const [conv1, conv2, hidden] = (process.env.WIDTHS ?? '6,12,48').split(',').map(Number)
export const SHAPE: DigitNetShape = { input: 20, crop: 60, conv1, conv2, hidden }

export const FOLD_DIR = process.env.OUT_DIR ?? FOLD_MODELS_DIR

interface Pool {
  readonly set: SampleSet
  readonly index: number[]
  /** Samples drawn from this pool per epoch (real cells are scarcer and the target: drawn twice). */
  readonly perEpoch: number
}

function log(msg: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`)
}

function shuffle<T>(xs: T[], r: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j], xs[i]]
  }
  return xs
}

export function trainNet(pools: Pool[], epochs: number, seed: number, label: string): DigitNet {
  const r = rng(seed)
  const { net, flat } = initNet(SHAPE, r)
  const trainer = new Trainer(net, flat)
  const batch = 32
  const perEpoch = pools.reduce((a, p) => a + p.perEpoch, 0)
  const steps = Math.ceil(perEpoch / batch) * epochs
  const aug = new Uint8Array(80 * 80),
    tmp = new Uint8Array(80 * 80)
  // Each pool is walked in a fresh random order, wrapping around, so a pool larger than its
  // per-epoch share shows different samples every epoch.
  const queues = pools.map((p) => ({ pool: p, order: shuffle([...p.index], r), at: 0 }))
  let step = 0
  for (let e = 0; e < epochs; e++) {
    const order: [SampleSet, number][] = []
    for (const q of queues)
      for (let k = 0; k < q.pool.perEpoch; k++) {
        if (q.at === q.order.length) {
          q.at = 0
          shuffle(q.order, r)
        }
        order.push([q.pool.set, q.order[q.at++]])
      }
    shuffle(order, r)
    let loss = 0,
      right = 0
    for (let b = 0; b < order.length; b += batch) {
      const end = Math.min(order.length, b + batch)
      for (let k = b; k < end; k++) {
        const [set, i] = order[k]
        // One in five samples is shown as extracted, so the exact cells.ts look stays in view.
        const img = r() < 0.2 ? sampleImage(set, i) : augmentCell(sampleImage(set, i), r, aug, tmp)
        cellInput({ width: 80, height: 80, data: img }, SHAPE, trainer.input)
        const res = trainer.step(set.labels[i] - 1, 0.02)
        loss += res.loss
        if (res.correct) right++
      }
      // Warm-up then cosine decay.
      const t = step / steps
      const lr = 2e-3 * Math.min(1, step / 200) * (0.03 + 0.97 * 0.5 * (1 + Math.cos(Math.PI * t)))
      trainer.update(end - b, lr)
      step++
    }
    log(`${label} epoch ${e + 1}/${epochs}: loss ${(loss / order.length).toFixed(4)}, train acc ${((100 * right) / order.length).toFixed(2)}%`)
  }
  return net
}

export interface Evaluation {
  readonly total: number
  readonly right: number
  /** confusion[truth - 1][predicted - 1] */
  readonly confusion: number[][]
  readonly errors: { source: number; cell: number; truth: number; predicted: number; p: number }[]
}

export function evaluate(model: DigitNet | EncodedDigitModel, set: SampleSet, index: readonly number[]): Evaluation {
  const clf = new DigitClassifier(model)
  const confusion = Array.from({ length: CLASSES }, () => new Array<number>(CLASSES).fill(0))
  const errors: Evaluation['errors'] = []
  let right = 0
  for (const i of index) {
    const { ranked } = clf.classify({ width: 80, height: 80, data: sampleImage(set, i) })
    const truth = set.labels[i]
    confusion[truth - 1][ranked[0].digit - 1]++
    if (ranked[0].digit === truth) right++
    else errors.push({ source: set.sources[i], cell: set.cells[i], truth, predicted: ranked[0].digit, p: ranked[0].p })
  }
  return { total: index.length, right, confusion, errors }
}

function synthSets(): SampleSet[] {
  const files = readdirSync(CACHE_DIR)
    .filter((f) => /^synth-\d+\.bin$/.test(f))
    .sort()
  if (!files.length) throw new Error('no synthetic cells: run synth.ts first')
  return files.map((f) => loadSamples(cachePath(f)))
}

const all = (s: SampleSet): number[] => Array.from({ length: s.count }, (_, i) => i)
const pct = (e: Evaluation): string => `${((100 * e.right) / e.total).toFixed(2)}% (${e.total - e.right} wrong of ${e.total})`

async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'cv'
  const epochs = Number(process.env.EPOCHS ?? 5)
  const seed = Number(process.env.SEED ?? 1)
  const realRepeat = Number(process.env.REAL_REPEAT ?? 2)
  const real = loadSamples(cachePath('real.bin'))
  const synth = process.env.SYNTH === '0' ? [] : synthSets()
  const synthCount = synth.reduce((a, s) => a + s.count, 0)
  const synthShare = Number(process.env.SYNTH_PER_EPOCH ?? 8000)
  const synthPools = synth.map((set) => ({ set, index: all(set), perEpoch: Math.round((set.count / synthCount) * Math.min(synthCount, synthShare)) }))
  log(`${real.count} real cells, ${synthCount} synthetic cells, ${epochs} epochs`)
  const date = new Date().toISOString().slice(0, 10)

  if (mode === 'synth-only') {
    const net = trainNet(synthPools, epochs, seed, 'synth-only')
    const ev = evaluate(net, real, all(real))
    log(`synthetic-only model on all real cells: ${pct(ev)}`)
    mkdirSync(FOLD_DIR, { recursive: true })
    writeFileSync(`${FOLD_DIR}digits-synthetic-only.json`, JSON.stringify(encodeDigitModel(net, `rendered fonts only (no real cells), ${date}`)))
  } else if (mode === 'cv') {
    const k = Number(process.argv[3] ?? 5)
    const photos = loadPhotos()
    const foldOfPhoto = puzzleFolds(photos, k)
    mkdirSync(FOLD_DIR, { recursive: true })
    let right = 0,
      total = 0
    const only = process.env.ONLY?.split(',').map(Number)
    for (let f = 0; f < k; f++) {
      if (only && !only.includes(f)) continue
      const train = all(real).filter((i) => foldOfPhoto[real.sources[i]] !== f)
      const test = all(real).filter((i) => foldOfPhoto[real.sources[i]] === f)
      const net = trainNet([...synthPools, { set: real, index: train, perEpoch: Math.round(realRepeat * train.length) }], epochs, seed + f, `fold ${f}`)
      const ev = evaluate(net, real, test)
      right += ev.right
      total += ev.total
      log(`fold ${f}: held-out real cells ${pct(ev)}`)
      for (const e of ev.errors) log(`  ${photos[e.source].name} cell ${e.cell}: ${e.truth} read as ${e.predicted} (p=${e.p.toFixed(3)})`)
      const about = `fold ${f} of ${k} (by puzzle): trained on synthetic cells and the real cells of the other folds' puzzles, ${date}`
      writeFileSync(`${FOLD_DIR}digits-fold-${f}.json`, JSON.stringify({ ...encodeDigitModel(net, about), fold: f, folds: k }))
    }
    log(`cross-validation (${k} folds by puzzle): ${((100 * right) / total).toFixed(2)}% (${total - right} wrong of ${total})`)
  } else if (mode === 'final') {
    const net = trainNet([...synthPools, { set: real, index: all(real), perEpoch: Math.round(realRepeat * real.count) }], epochs, seed, 'final')
    const about = `trained ${date} on ${real.count} real cells (all shared training photos) and ${synthCount} synthetic cells; see training/digits/README.md`
    const model = encodeDigitModel(net, about)
    const ev = evaluate(model, real, all(real))
    log(`final model on its own training cells (not a validation figure): ${pct(ev)}`)
    writeFileSync(
      process.env.FINAL_OUT ?? new URL('../../src/shared/vision/models/digits.ts', import.meta.url).pathname,
      `/** Generated by training/digits/train.ts final; do not edit. ${about}. */\n` +
        `import type { EncodedDigitModel } from '../classifier'\n\n` +
        `export const digitsModel: EncodedDigitModel = ${JSON.stringify(model, null, 1).replace(/\n\s*/g, ' ')}\n`,
    )
  } else throw new Error(`unknown mode ${mode}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (e) => (console.error(e), process.exit(1)),
  )
}
