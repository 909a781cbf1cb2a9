/**
 * Held-out digit classifiers for honest benchmarks on the shared training photos.
 *
 * The shipped model (src/shared/vision/models/digits.ts) was trained on every shared photo, so
 * scoring it on those photos measures memory, not reading. training/fold-models/digits-fold-K.json are
 * the same network trained with one fold of printed puzzles left out (5 folds split by puzzle:
 * the 160 photos show 63 puzzles, several photographed many times). `heldOutClassifier(name)`
 * returns the model whose training never saw that photo's puzzle; bench:read uses it for the
 * classifier voter, bench:classifier for the cross-validation figures.
 *
 * Regenerate with `npx tsx training/digits/train.ts cv` (see training/digits/README.md).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { basename } from 'node:path'
import { DigitClassifier, type EncodedDigitModel } from '../src/shared/vision/digits/classifier'
import { loadPhotos, puzzleFolds } from '../datasets/wicht-folds'
import { FOLD_MODELS_DIR } from '../datasets/paths'

export interface FoldModel extends EncodedDigitModel {
  readonly fold: number
  readonly folds: number
}

export function loadFoldModels(): FoldModel[] {
  return readdirSync(FOLD_MODELS_DIR)
    .filter((f) => /^digits-fold-\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(FOLD_MODELS_DIR + f, 'utf8')) as FoldModel)
    .sort((a, b) => a.fold - b.fold)
}

export interface HeldOut {
  /** Fold (0..k-1) of a photo, by its file stem (`image1082`) or path. */
  foldOf(photo: string): number
  /** A classifier trained without any photo of this photo's printed puzzle. */
  classifierFor(photo: string): DigitClassifier
  readonly folds: number
}

export function heldOutClassifiers(): HeldOut {
  const models = loadFoldModels()
  if (!models.length) throw new Error(`no fold models in ${FOLD_MODELS_DIR}`)
  const k = models[0].folds
  if (models.length !== k || models.some((m, i) => m.fold !== i || m.folds !== k)) throw new Error('incomplete set of fold models')
  const photos = loadPhotos()
  const foldOfPhoto = puzzleFolds(photos, k)
  const byName = new Map(photos.map((p, i) => [p.name, foldOfPhoto[i]]))
  const classifiers = models.map((m) => new DigitClassifier(m))
  const foldOf = (photo: string): number => {
    const f = byName.get(basename(photo).replace(/\.[^.]*$/, ''))
    if (f === undefined) throw new Error(`${photo} is not one of the shared training photos`)
    return f
  }
  return { foldOf, classifierFor: (photo) => classifiers[foldOf(photo)], folds: k }
}
