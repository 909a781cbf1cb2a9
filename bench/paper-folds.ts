/**
 * Held-out cell judges for honest benchmarks on the pen train photos.
 *
 * The shipped cell model and written-digit model (src/shared/vision/models/cells.ts,
 * written-digits.ts) were trained on every pen train photo, so reading those photos with them
 * measures memory, not reading. training/fold-models/paper-fold-K/ holds both models trained exactly as
 * the shipped ones (same data set-up, epochs, seed) with fold K's puzzles left out (penFolds: the
 * 20 train puzzles dealt into 5 folds of 4, all four photos of a puzzle on one side; the fold
 * models of `train.py cv --no-synth` and `train_digits.py cv`). `heldOutPaperJudge(photo)`
 * returns the judge whose models never saw that photo's puzzle; `bench:paper --split train
 * --folds` reads with it.
 *
 * Regenerate with the CV runs and `export.py folds` (see training/paper/README.md).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { basename } from 'node:path'
import { CellClassifier } from '../src/shared/vision/paper/cell-classifier'
import { DigitClassifier, type EncodedDigitModel } from '../src/shared/vision/digits/classifier'
import type { EncodedNet } from '../src/shared/vision/core/nn'
import { paperJudge } from '../src/shared/vision/paper/cell-judge'
import type { CellJudge } from '../src/shared/vision/read-types'
import { listPenPhotos, penFolds } from '../datasets/kubiesa'
import { FOLD_MODELS_DIR } from '../datasets/paths'

interface Fold {
  readonly fold: number
  readonly folds: number
}

/** The fold models, in fold order: [cell model, written-digit model] of each. */
export function loadPaperFoldModels(): { cells: EncodedNet & Fold; written: EncodedDigitModel & Fold }[] {
  const dirs = readdirSync(FOLD_MODELS_DIR)
    .filter((d) => /^paper-fold-\d+$/.test(d))
    .sort((a, b) => Number(a.slice(11)) - Number(b.slice(11)))
  const read = <T>(dir: string, file: string): T => JSON.parse(readFileSync(`${FOLD_MODELS_DIR}${dir}/${file}`, 'utf8')) as T
  return dirs.map((dir) => ({ cells: read(dir, 'cells.json'), written: read(dir, 'written-digits.json') }))
}

export interface HeldOutPaper {
  /** Fold (0..k-1) of a pen train photo, by its file stem or path. */
  foldOf(photo: string): number
  /** The cell judge of the fold models that never saw this photo's puzzle. */
  judgeFor(photo: string): CellJudge
  readonly folds: number
}

export function heldOutPaperJudges(): HeldOutPaper {
  const models = loadPaperFoldModels()
  if (!models.length) throw new Error(`no paper fold models in ${FOLD_MODELS_DIR}`)
  const k = models[0].cells.folds
  const complete = models.length === k && models.every((m, i) => m.cells.fold === i && m.written.fold === i && m.cells.folds === k && m.written.folds === k)
  if (!complete) throw new Error('incomplete set of paper fold models')
  const photos = listPenPhotos('train')
  const foldOfPuzzle = penFolds(photos, k)
  const byName = new Map(photos.map((p) => [p.name, foldOfPuzzle.get(p.puzzle)!]))
  const judges = models.map((m) => paperJudge(new CellClassifier(m.cells), new DigitClassifier(m.written)))
  const foldOf = (photo: string): number => {
    const f = byName.get(basename(photo).replace(/\.[^.]*$/, ''))
    if (f === undefined) throw new Error(`${photo} is not one of the pen train photos`)
    return f
  }
  return { foldOf, judgeFor: (photo) => judges[foldOf(photo)], folds: k }
}

let shared: HeldOutPaper | undefined

/** The judge for a pen train photo (name or path) built from the fold that left its puzzle out. */
export function heldOutPaperJudge(photo: string): CellJudge {
  shared ??= heldOutPaperJudges()
  return shared.judgeFor(photo)
}
