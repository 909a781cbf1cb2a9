/**
 * The reader's standard voters, the same in Node and in a browser worker; only the Tesseract
 * workers (src/node/reader/tesseract.ts, src/renderer/src/workers/tesseract-browser.ts) and the
 * classifier's loading differ per platform.
 *
 * Order matters: templates are labelled by the voters before them.
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
 * Weights in the ensemble's weighted product of probabilities. Fitted by maximum likelihood on the
 * shared photos (bench/voter-weights.ts; bench:read prints the fit per fold of printed puzzles):
 * the classifier at 2 (its probabilities are under-confident, so the fit sharpens them), Tesseract
 * and the templates at or near 0, because their confident misreads of broken or blurred digits
 * (a 4 read as 1) coincide with each other. They are kept at 0.1, a twentieth of the classifier,
 * which costs nothing on these photos (same grids, log-likelihood within 1%) and lets them break
 * the classifier's near-ties on fonts it was never trained on.
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
