/**
 * The reader as Node runs it (CLI, tests, benchmarks): OpenCV, the Tesseract set-ups, the
 * per-photo templates and, when its weights are present, the trained classifier, created once
 * and reused for every image.
 */
import { loadOpenCV, type CV } from '../shared/vision/cv'
import type { GrayImage } from '../shared/vision/image'
import { readCellsWithTesseract } from '../shared/vision/ocr'
import { combineVotes, type DigitVoter } from '../shared/vision/read'
import { templateVotes } from '../shared/vision/templates'
import { createTesseractSetups, type TesseractSetups } from './tesseract-node'

/** The slice of the classifier (src/shared/vision/classifier.ts) the reader uses. */
export interface CellClassifier {
  classify(cell: GrayImage): { probs: Float32Array }
}

export interface NodeReader {
  readonly cv: CV
  readonly voters: DigitVoter[]
  close(): Promise<void>
}

export interface NodeReaderOptions {
  readonly tesseract?: boolean
  readonly templates?: boolean
  /** A classifier to use, `null` for none; by default the shipped one when it loads. */
  readonly classifier?: CellClassifier | null
}

export const TESSERACT_WEIGHT = 1
export const TEMPLATES_WEIGHT = 0.3
export const CLASSIFIER_WEIGHT = 1

export function tesseractVoter(setups: TesseractSetups, weight = TESSERACT_WEIGHT): DigitVoter {
  return { name: 'tesseract', weight, vote: async (cells) => (await readCellsWithTesseract(cells, setups.setups)).probs }
}

/**
 * Templates labelled by the voters before them (Tesseract and, when present, the classifier),
 * combined: a cell becomes a template only where they agree confidently.
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

export function classifierVoter(classifier: CellClassifier, weight = CLASSIFIER_WEIGHT): DigitVoter {
  return { name: 'classifier', weight, vote: (cells) => cells.map((c) => (c.filled ? classifier.classify(c.image).probs : null)) }
}

/** The shipped classifier, or null while its weights are not in the tree. */
export async function shippedClassifier(): Promise<CellClassifier | null> {
  try {
    const { loadDigitClassifier } = await import('../shared/vision/classifier')
    return await loadDigitClassifier()
  } catch {
    return null
  }
}

export async function createNodeReader(options: NodeReaderOptions = {}): Promise<NodeReader> {
  const cv = await loadOpenCV()
  const setups = (options.tesseract ?? true) ? await createTesseractSetups() : null
  const classifier = options.classifier === undefined ? await shippedClassifier() : options.classifier
  const voters: DigitVoter[] = []
  if (setups) voters.push(tesseractVoter(setups))
  if (classifier) voters.push(classifierVoter(classifier))
  if (setups && (options.templates ?? true)) voters.push(templatesVoter())
  return { cv, voters, close: async () => void (await setups?.terminate()) }
}
