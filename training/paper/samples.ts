/**
 * Cell samples for training the cell model, cached under the repository's git-ignored `.cache/`
 * so the slow steps (decoding 16 MP photos, rendering pages) run once. One sample set is four raw
 * files that train.py reads with numpy:
 *
 *   NAME.meta.bin   int16 x META_FIELDS per sample (see `SampleMeta`)
 *   NAME.patch.bin  uint8 PATCH_SIDE^2 per sample: cells/patch.ts's patch (paper ~255)
 *   NAME.img80.bin  uint8 80x80 per sample that has one: cells.ts's normalised digit image
 *   NAME.img80.idx  int32 per img80: the sample it belongs to
 *
 * Cut every sample through `cutPage` (cut.ts), which runs the app's own steps.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PATCH_SIDE } from '../../src/shared/vision/cells/patch'
import type { GrayImage } from '../../src/shared/vision/core/image'

export const CACHE_DIR = join(import.meta.dirname, '../../.cache/train-paper')

/** Where the sample came from. */
export const SOURCE = { pen: 0, wicht: 1, synth: 2 } as const

/** Kind indices, as cell-reading.ts's CELL_KINDS; UNKNOWN_KIND: a digit, given or entry not known. */
export const KIND = { empty: 0, given: 1, entry: 2, marks: 3 } as const
export const UNKNOWN_KIND = -1

export interface SampleMeta {
  readonly source: number
  /** Photo (or rendered page) index within its source. */
  readonly page: number
  /** By-puzzle fold of a real photo, -1 for data that is never held out (synthetic). */
  readonly fold: number
  readonly cell: number
  /** KIND value or UNKNOWN_KIND. */
  readonly kind: number
  /** 1-9 for a given or an entry, 0 otherwise. */
  readonly digit: number
  /** 0: cut from the exact corners; 1..: corners jittered like a detector's. */
  readonly jitter: number
  /** Candidates pencilled in the cell (a marks cell's, or those an entry is written over) as a 9-bit mask (bit d-1), 0 when none or unknown. */
  readonly marks: number
}

const META_FIELDS = 8

export class SampleWriter {
  private readonly meta: number[] = []
  private readonly patches: Uint8Array[] = []
  private readonly img80: Uint8Array[] = []
  private readonly img80Index: number[] = []

  add(meta: SampleMeta, patch: Uint8Array, image80?: Uint8Array): void {
    if (patch.length !== PATCH_SIDE * PATCH_SIDE) throw new Error(`patch must be ${PATCH_SIDE}x${PATCH_SIDE}`)
    if (image80) {
      this.img80.push(image80)
      this.img80Index.push(this.patches.length)
    }
    this.meta.push(meta.source, meta.page, meta.fold, meta.cell, meta.kind, meta.digit, meta.jitter, meta.marks)
    this.patches.push(patch)
  }

  get count(): number {
    return this.patches.length
  }

  save(name: string): void {
    mkdirSync(CACHE_DIR, { recursive: true })
    const base = join(CACHE_DIR, name)
    if (this.meta.length !== this.patches.length * META_FIELDS) throw new Error('sample meta out of step')
    writeFileSync(`${base}.meta.bin`, new Uint8Array(Int16Array.from(this.meta).buffer))
    writeFileSync(`${base}.patch.bin`, concat(this.patches))
    writeFileSync(`${base}.img80.bin`, concat(this.img80))
    writeFileSync(`${base}.img80.idx`, new Uint8Array(Int32Array.from(this.img80Index).buffer))
  }
}

/** A saved sample set's metadata and patches (SampleWriter's files), for checks in TypeScript. */
export function readSamples(name: string): { meta: SampleMeta[]; patch: (sample: number) => GrayImage } {
  const base = join(CACHE_DIR, name)
  const fields = new Int16Array(readFileSync(`${base}.meta.bin`).buffer.slice(0))
  const patches = readFileSync(`${base}.patch.bin`)
  const meta = Array.from({ length: fields.length / META_FIELDS }, (_, i): SampleMeta => {
    const [source, page, fold, cell, kind, digit, jitter, marks] = fields.subarray(i * META_FIELDS, (i + 1) * META_FIELDS)
    return { source, page, fold, cell, kind, digit, jitter, marks }
  })
  const side = PATCH_SIDE * PATCH_SIDE
  return { meta, patch: (i) => ({ width: PATCH_SIDE, height: PATCH_SIDE, data: new Uint8Array(patches.subarray(i * side, (i + 1) * side)) }) }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0))
  let at = 0
  for (const p of parts) out.set(p, (at += p.length) - p.length)
  return out
}
