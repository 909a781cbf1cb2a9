/**
 * Tesseract inside the vision worker, fully offline: tesseract.js's worker script, its wasm core
 * and the English data are build assets (Vite `?url`), never a CDN, and nothing is cached.
 * The core file is picked here (SIMD builds; every Chromium the app runs in has wasm SIMD).
 * tesseract.js fetches `${langPath}/eng.traineddata.gz`, but the built asset's name carries a
 * hash, so langPath is the asset's own URL followed by '#': the appended name becomes a fragment,
 * which fetch never sends, and the request is for the asset itself.
 * The reader's browser factory (the Node one is src/node/reader/tesseract.ts); same set-ups.
 */
import engData from '@tesseract.js-data/eng/4.0.0/eng.traineddata.gz?url'
import { OEM, type Worker, createWorker } from 'tesseract.js'
import workerPath from 'tesseract.js/dist/worker.min.js?url'
import legacyCore from 'tesseract.js-core/tesseract-core-simd.wasm.js?url'
import lstmCore from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url'
import { type TesseractLike, type TesseractSetups, engineSetups } from '../../../shared/vision/digits/ocr'

export type { TesseractSetups }

/** The reader's two set-ups (legacy and LSTM engines, mosaic as one block), as in src/node/reader/tesseract.ts. */
export async function createTesseractSetups(): Promise<TesseractSetups> {
  const absolute = (url: string): string => new URL(url, self.location.href).href
  const start = (legacy: boolean): Promise<Worker> =>
    createWorker('eng', legacy ? OEM.TESSERACT_ONLY : OEM.LSTM_ONLY, {
      workerPath: absolute(workerPath),
      corePath: absolute(legacy ? legacyCore : lstmCore),
      langPath: `${absolute(engData)}#`,
      workerBlobURL: false,
      gzip: true,
      cacheMethod: 'none',
      legacyCore: legacy,
      legacyLang: legacy,
    })
  const [legacy, lstm] = await Promise.all([start(true), start(false)])
  return engineSetups(legacy as unknown as TesseractLike & Worker, lstm as unknown as TesseractLike & Worker)
}
