/**
 * Tesseract workers for Node (CLI, tests, benchmarks), fully offline: the language data comes from
 * node_modules/@tesseract.js-data/eng/4.0.0 (it holds both the legacy and the LSTM models), nothing
 * is cached to disk (`cacheMethod: 'none'`), and no CDN is ever asked.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createWorker, OEM, type Worker } from 'tesseract.js'
import { type TesseractSetups, engineSetups } from '../../shared/vision/digits/ocr'

export type { TesseractSetups }
const require = createRequire(import.meta.url)
export const LANG_PATH = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0')

export type Engine = 'legacy' | 'lstm'

export async function createTesseractWorker(engine: Engine): Promise<Worker> {
  return createWorker('eng', engine === 'legacy' ? OEM.TESSERACT_ONLY : OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    legacyCore: engine === 'legacy',
    legacyLang: engine === 'legacy',
  })
}

/**
 * The set-ups the reader votes with: the legacy engine and the LSTM engine, each reading the
 * mosaic as one block. Two long-lived workers, reused for every image.
 */
export async function createTesseractSetups(): Promise<TesseractSetups> {
  const [legacy, lstm] = await Promise.all([createTesseractWorker('legacy'), createTesseractWorker('lstm')])
  return engineSetups(legacy, lstm)
}
