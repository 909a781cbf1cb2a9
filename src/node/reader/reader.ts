/**
 * The reader as Node runs it (CLI, tests, benchmarks): OpenCV, the Tesseract set-ups, the
 * per-photo templates and, when its weights are present, the trained classifier, created once
 * and reused for every image.
 */
import { dropEmscriptenHandlers } from '../process-errors'
import type { CV } from '../../shared/vision/core/cv'
import { loadOpenCV } from '../../shared/vision/core/opencv'
import { loadPaperJudge } from '../../shared/vision/paper/cell-judge'
import type { CellJudge, DigitVoter } from '../../shared/vision/read-types'
import { type CellClassifier, standardVoters } from '../../shared/vision/digits/voters'
import { createTesseractSetups } from './tesseract'

export interface NodeReader {
  readonly cv: CV
  readonly voters: DigitVoter[]
  /** Tells printed, written and pencilled cells apart (null: every digit is read as print). */
  readonly judge: CellJudge | null
  close(): Promise<void>
}

export interface NodeReaderOptions {
  readonly tesseract?: boolean
  /** A classifier to use, `null` for none; by default the shipped one when it loads. */
  readonly classifier?: CellClassifier | null
  /** A cell judge to use, `null` for none (every digit read as print); by default the shipped models'. */
  readonly judge?: CellJudge | null
}

/** The shipped classifier, or null while its weights are not in the tree. */
export async function shippedClassifier(): Promise<CellClassifier | null> {
  try {
    const { loadDigitClassifier } = await import('../../shared/vision/digits/classifier')
    return await loadDigitClassifier()
  } catch {
    return null
  }
}

export async function createNodeReader(options: NodeReaderOptions = {}): Promise<NodeReader> {
  const cv = await loadOpenCV()
  // OpenCV.js installs process-wide error handlers when it loads in Node; the process keeps its own.
  dropEmscriptenHandlers()
  const setups = (options.tesseract ?? true) ? await createTesseractSetups() : null
  const classifier = options.classifier === undefined ? await shippedClassifier() : options.classifier
  const voters = standardVoters(setups?.setups ?? null, classifier)
  const judge = options.judge === undefined ? await loadPaperJudge() : options.judge
  return { cv, voters, judge, close: async () => void (await setups?.terminate()) }
}
