/**
 * Tesseract as a voter. Alone it misreads too many givens and its confidence does not tell right
 * from wrong, but its set-ups err differently, so each votes. The cells go into one mosaic per grid,
 * read once per set-up; each symbol counts for the cell under its box's centre. The workers are
 * made per platform (src/node/reader/tesseract.ts, src/renderer/src/workers/tesseract-browser.ts) and handed in.
 */
import type { CellImage } from '../cells/extract-cells'
import { CELL_IMAGE_SIZE } from '../cells/extract-cells'
import type { GrayImage } from '../core/image'

/** The slice of a tesseract.js worker this module uses. */
export interface TesseractLike {
  setParameters(params: Record<string, string>): Promise<unknown>
  recognize(image: Uint8Array, options?: Record<string, unknown>, output?: Record<string, boolean>): Promise<{ data: { blocks: TesseractBlock[] | null } }>
}

interface TesseractBox {
  x0: number
  y0: number
  x1: number
  y1: number
}
interface TesseractSymbol {
  text: string
  confidence: number
  bbox: TesseractBox
}
interface TesseractBlock {
  paragraphs: { lines: { words: { symbols: TesseractSymbol[] }[] }[] }[]
}

/** Long-lived Tesseract workers as the reader votes with them. */
export interface TesseractSetups {
  readonly setups: OcrSetup[]
  terminate(): Promise<void>
}

/**
 * The reader's set-ups from a legacy-engine and an LSTM-engine worker, each reading the mosaic as
 * one block; the same in Node and in the browser, only the workers' creation differs.
 */
export function engineSetups(legacy: TesseractLike & Terminable, lstm: TesseractLike & Terminable): TesseractSetups {
  return {
    setups: [
      { name: 'legacy-psm6', worker: legacy, psm: '6' },
      { name: 'lstm-psm6', worker: lstm, psm: '6' },
    ],
    async terminate() {
      await Promise.all([legacy.terminate(), lstm.terminate()])
    },
  }
}

interface Terminable {
  terminate(): Promise<unknown>
}

/** One way of running Tesseract: a worker (engine) and a page segmentation mode. */
export interface OcrSetup {
  readonly name: string
  readonly worker: TesseractLike
  /** Tesseract page segmentation mode, e.g. '6' (one block) or '11' (sparse text). */
  readonly psm: string
  /** Vote weight relative to the other set-ups. */
  readonly weight?: number
}

/** One set-up's reading of one cell. */
export interface OcrRead {
  readonly digit: number
  /** Tesseract's confidence, 0..1 (not calibrated). */
  readonly confidence: number
}

/** Gap between cells in the mosaic: keeps Tesseract from joining neighbours into one word. */
const GAP = 20
const PITCH = CELL_IMAGE_SIZE + GAP
export const MOSAIC_SIDE = 9 * PITCH + GAP

/** The filled cells' images at their grid positions on one white page; empty cells stay blank. */
export function mosaic(cells: readonly CellImage[]): GrayImage {
  const data = new Uint8Array(MOSAIC_SIDE * MOSAIC_SIDE).fill(255)
  cells.forEach((cell, i) => {
    if (!cell.filled) return
    const ox = GAP + (i % 9) * PITCH
    const oy = GAP + Math.floor(i / 9) * PITCH
    for (let y = 0; y < CELL_IMAGE_SIZE; y++) {
      data.set(cell.image.data.subarray(y * CELL_IMAGE_SIZE, (y + 1) * CELL_IMAGE_SIZE), (oy + y) * MOSAIC_SIDE + ox)
    }
  })
  return { width: MOSAIC_SIDE, height: MOSAIC_SIDE, data }
}

/** Binary PGM (P5): Tesseract's image reader (Leptonica) decodes it on every platform. */
export function encodePgm(image: GrayImage): Uint8Array {
  const header = Uint8Array.from(`P5\n${image.width} ${image.height}\n255\n`, (ch) => ch.charCodeAt(0))
  const out = new Uint8Array(header.length + image.data.length)
  out.set(header)
  out.set(image.data, header.length)
  return out
}

/** The cell under a mosaic box's centre, or -1 in a gap. */
export function cellAtMosaic(box: TesseractBox): number {
  const cx = (box.x0 + box.x1) / 2 - GAP / 2
  const cy = (box.y0 + box.y1) / 2 - GAP / 2
  const col = Math.floor(cx / PITCH)
  const row = Math.floor(cy / PITCH)
  return col >= 0 && col < 9 && row >= 0 && row < 9 ? row * 9 + col : -1
}

/** Runs one set-up over the mosaic; per cell the best digit it read there, or null. */
export async function readWithSetup(setup: OcrSetup, page: Uint8Array): Promise<(OcrRead | null)[]> {
  await setup.worker.setParameters({
    tessedit_char_whitelist: '123456789',
    tessedit_pageseg_mode: setup.psm,
  })
  const { data } = await setup.worker.recognize(page, {}, { blocks: true, text: false })
  const reads: (OcrRead | null)[] = Array.from({ length: 81 }, () => null)
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words)
          for (const symbol of word.symbols) {
            const digit = Number(symbol.text)
            if (!(digit >= 1 && digit <= 9)) continue
            const cell = cellAtMosaic(symbol.bbox)
            const confidence = Math.max(0, Math.min(1, symbol.confidence / 100))
            if (cell >= 0 && (!reads[cell] || confidence > reads[cell].confidence)) reads[cell] = { digit, confidence }
          }
  return reads
}

export interface OcrVotes {
  /** Per set-up, per cell. */
  readonly reads: readonly (readonly (OcrRead | null)[])[]
  /** Per cell: 9 probabilities (index d - 1) for filled cells, null for empty ones. */
  readonly probs: (Float32Array | null)[]
}

/** Reads the filled cells with every set-up in turn (a worker runs one job at a time), as probabilities. */
export async function readCellsWithTesseract(cells: readonly CellImage[], setups: readonly OcrSetup[]): Promise<OcrVotes> {
  const page = encodePgm(mosaic(cells))
  const reads: (OcrRead | null)[][] = []
  for (const setup of setups) reads.push(await readWithSetup(setup, page))
  return {
    reads,
    probs: votesToProbs(
      cells,
      reads,
      setups.map((s) => s.weight ?? 1),
    ),
  }
}

/** A vote counts (0.5 + confidence / 2) times its set-up's weight; a cell nobody read comes out flat, swaying nothing. */
export function votesToProbs(
  cells: readonly { filled: boolean }[],
  reads: readonly (readonly (OcrRead | null)[])[],
  weights: readonly number[],
): (Float32Array | null)[] {
  return cells.map((cell, i) => {
    if (!cell.filled) return null
    const votes = new Float32Array(9).fill(0.05)
    reads.forEach((perCell, s) => {
      const r = perCell[i]
      if (r) votes[r.digit - 1] += weights[s] * (0.5 + r.confidence / 2)
    })
    const sum = votes.reduce((a, b) => a + b, 0)
    return votes.map((v) => v / sum)
  })
}
