/**
 * Wicht's sudoku_dataset (v2 train split, CC-BY-4.0; B. Wicht, J. Hennebert, "Camera-based Sudoku
 * recognition with Deep Belief Network", SoCPaR 2014): photo paths, ground-truth grids and the
 * contributed outlines, for the reading benchmark and the vision tests.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Corners } from '../src/shared/vision/core/image'
import { WICHT_DIR } from './paths'

export { WICHT_DIR }

export interface WichtPhoto {
  readonly name: string
  readonly jpg: string
  /** 81 digits, 0 = empty. */
  readonly truth: Uint8Array
  /** Hand-made outline, absent where the dataset's note says it is missing, outside or wrong. */
  readonly outline?: Corners
}

/** `.dat`: two header lines (camera, format) then 9 lines of 9 digits; spacing varies. */
export function parseDat(text: string): Uint8Array {
  const lines = text.split(/\r?\n/).slice(2).join(' ')
  const digits = lines.match(/[0-9]/g) ?? []
  if (digits.length < 81) throw new Error(`expected 81 digits, found ${digits.length}`)
  return Uint8Array.from(digits.slice(0, 81).map(Number))
}

/** Outlines the dataset's README says not to trust (outside the image, or wrong). */
const BAD_OUTLINES = new Set(['image1036', 'image1038', 'image1040', 'image1039', 'image118'])

/** Every row of outlines.csv, trusted or not (TL, TR, BR, BL in image pixels). */
export function readAllOutlines(dir = WICHT_DIR): Map<string, Corners> {
  const out = new Map<string, Corners>()
  const file = join(dir, 'outlines.csv')
  if (!existsSync(file)) return out
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/).slice(1)) {
    const [name, ...nums] = line.split(',')
    if (!name || nums.length < 8) continue
    const v = nums.map(Number)
    out.set(name, [
      { x: v[0], y: v[1] },
      { x: v[2], y: v[3] },
      { x: v[4], y: v[5] },
      { x: v[6], y: v[7] },
    ])
  }
  return out
}

/** The outlines to measure corner error against: all but the ones the dataset's note distrusts. */
export function readOutlines(dir = WICHT_DIR): Map<string, Corners> {
  return new Map([...readAllOutlines(dir)].filter(([name]) => !BAD_OUTLINES.has(name)))
}

export function listPhotos(dir = WICHT_DIR): WichtPhoto[] {
  const outlines = readOutlines(dir)
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.slice(0, -4))
    .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))
    .map((name) => ({
      name,
      jpg: join(dir, `${name}.jpg`),
      truth: parseDat(readFileSync(join(dir, `${name}.dat`), 'utf8')),
      outline: outlines.get(name),
    }))
}
