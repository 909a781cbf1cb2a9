/**
 * The reader's standard voters, the same in Node and in a browser worker (only the Tesseract workers
 * and the classifier's loading differ). Order matters: templates are labelled by the voters before them.
 */
import type { GrayImage } from '../core/image'
import { readCellsWithTesseract, type OcrSetup } from './ocr'
import { combineVotes } from './votes'
import type { DigitVoter } from '../read-types'
import { templateVotes } from './templates'

/** The slice of the classifier (classifier.ts `DigitClassifier`) the reader uses. */
export interface CellClassifier {
  classify(cell: GrayImage): { probs: Float32Array }
}

/**
 * Weights in the ensemble's product, fitted by maximum likelihood on the shared photos
 * (bench/voter-weights.ts): the classifier 2 (it is under-confident), Tesseract and templates near 0,
 * as their confident misreads coincide; kept at 0.1 to break the classifier's ties on new fonts.
 */
export const TESSERACT_WEIGHT = 0.1
export const CLASSIFIER_WEIGHT = 2
export const TEMPLATES_WEIGHT = 0.1

export function tesseractVoter(setups: readonly OcrSetup[], weight = TESSERACT_WEIGHT): DigitVoter {
  return { name: 'tesseract', weight, vote: async (cells) => (await readCellsWithTesseract(cells, setups)).probs }
}

export function classifierVoter(classifier: CellClassifier, weight = CLASSIFIER_WEIGHT): DigitVoter {
  return { name: 'classifier', weight, cheap: true, vote: (cells) => cells.map((c) => (c.filled ? classifier.classify(c.image).probs : null)) }
}

/**
 * Per-photo templates labelled by the voters before them (Tesseract and, when present, the
 * classifier), combined: a cell becomes a template only where they agree confidently.
 */
export function templatesVoter(weight = TEMPLATES_WEIGHT): DigitVoter {
  return {
    name: 'templates',
    weight,
    vote: (cells, previous) => {
      const sources = Object.values(previous).map((probs) => ({ probs, weight: 1 }))
      return templateVotes(cells, sources.length ? combineVotes(cells, sources) : [])
    },
  }
}

/** Tesseract, then the classifier when there is one, then the templates. */
export function standardVoters(setups: readonly OcrSetup[] | null, classifier: CellClassifier | null): DigitVoter[] {
  const voters: DigitVoter[] = []
  if (setups) voters.push(tesseractVoter(setups))
  if (classifier) voters.push(classifierVoter(classifier))
  if (setups || classifier) voters.push(templatesVoter())
  return voters
}
