/**
 * Labelled cell images for training, cached on disk (training/digits/.cache/, git-ignored)
 * so the slow steps (decoding photos, rendering fonts) run once.
 *
 * A sample set is one binary file: for each sample a 4-byte header (label digit 1..9, source
 * index as uint16 little-endian, cell 0..80) and the 80x80 cell image as produced by
 * src/shared/vision/cells/extract-cells.ts. `source` is the photo index for real cells (see datasets/wicht.ts) and
 * the rendered grid's index for synthetic cells.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { CELL_SIDE } from '../../src/shared/vision/digits/classifier'

export const CACHE_DIR = new URL('./.cache/', import.meta.url).pathname
const PIXELS = CELL_SIDE * CELL_SIDE
const RECORD = 4 + PIXELS

export interface SampleSet {
  readonly count: number
  readonly labels: Uint8Array
  readonly sources: Uint16Array
  readonly cells: Uint8Array
  /** All images back to back, PIXELS bytes each. */
  readonly pixels: Uint8Array
}

export function cachePath(name: string): string {
  return join(CACHE_DIR, name)
}

export class SampleWriter {
  private readonly chunks: Uint8Array[] = []
  add(label: number, source: number, cell: number, image: Uint8Array): void {
    if (image.length !== PIXELS) throw new Error('cell image must be 80x80')
    const rec = new Uint8Array(RECORD)
    rec[0] = label
    rec[1] = source & 255
    rec[2] = source >> 8
    rec[3] = cell
    rec.set(image, 4)
    this.chunks.push(rec)
  }
  get count(): number {
    return this.chunks.length
  }
  save(path: string): void {
    mkdirSync(dirname(path), { recursive: true })
    const out = new Uint8Array(this.chunks.length * RECORD)
    this.chunks.forEach((c, i) => out.set(c, i * RECORD))
    writeFileSync(path, out)
  }
}

export function loadSamples(path: string): SampleSet {
  if (!existsSync(path)) throw new Error(`missing ${path}: run the extraction step first`)
  const raw = new Uint8Array(readFileSync(path))
  const count = raw.length / RECORD
  const labels = new Uint8Array(count)
  const sources = new Uint16Array(count)
  const cells = new Uint8Array(count)
  const pixels = new Uint8Array(count * PIXELS)
  for (let i = 0; i < count; i++) {
    const o = i * RECORD
    labels[i] = raw[o]
    sources[i] = raw[o + 1] | (raw[o + 2] << 8)
    cells[i] = raw[o + 3]
    pixels.set(raw.subarray(o + 4, o + RECORD), i * PIXELS)
  }
  return { count, labels, sources, cells, pixels }
}

export function sampleImage(set: SampleSet, i: number): Uint8Array {
  return set.pixels.subarray(i * PIXELS, (i + 1) * PIXELS)
}
