/**
 * Phone photos of newspaper Sudokus partly or fully solved in pen, some cells holding pencil
 * candidates: Alex Kubiesa's sudoku-scanner datasets (end_to_end), MIT licence, (c) 2024 Alex
 * Kubiesa. Two splits of 80 photos (20 puzzles x 2 phones x 2 orientations), other puzzles in each;
 * the four photos of a puzzle show the same paper.
 *
 * Labels per cell: 0 blank, 1-9 a digit (printed or handwritten: the files do not say which), 10
 * pencil candidates. Which digits are printed (givens) and which are written (entries) is derived by
 * training/kubiesa-kinds/ and recorded in kubiesa-kinds.txt beside this file (`readPenKinds`).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { CellKind } from '../src/shared/vision/cell-reading'
import type { Corners } from '../src/shared/vision/core/image'
import { PHOTOS_DIR } from './paths'

export type PenSplit = 'train' | 'val'

/** A label file's value for a cell holding pencil candidates. */
export const MARKS_LABEL = 10

export interface PenPhoto {
  /** File stem, e.g. `02_17_honor_view_10_0`. */
  readonly name: string
  readonly jpg: string
  readonly split: PenSplit
  /** `MM_DD`: the four photos of one puzzle share it. */
  readonly puzzle: string
  readonly phone: string
  readonly width: number
  readonly height: number
  /** 81 labels, row-major: 0 blank, 1-9 a digit, MARKS_LABEL pencil candidates. */
  readonly labels: Uint8Array
  /** The grid's outer corners from metadata.csv (TL, TR, BR, BL) in the decoded photo's pixels. */
  readonly corners: Corners
  /** Each cell's kind (row-major) from kubiesa-kinds.txt; absent when the file lacks the puzzle. */
  readonly kinds?: readonly CellKind[]
}

export const penDir = (split: PenSplit): string => join(PHOTOS_DIR, `kubiesa-pen-${split}`)

/** Whether a split's photos are present (tests and benchmarks skip with a message otherwise). */
export const hasPenPhotos = (split: PenSplit): boolean => existsSync(join(penDir(split), 'metadata.csv'))

/** 9 rows of 9 whitespace-separated labels. */
export function parsePenLabels(text: string): Uint8Array {
  const values = text.trim().split(/\s+/).map(Number)
  if (values.length !== 81 || values.some((v) => !Number.isInteger(v) || v < 0 || v > MARKS_LABEL)) {
    throw new Error(`expected 81 labels 0-${MARKS_LABEL}, found ${values.length}`)
  }
  return Uint8Array.from(values)
}

/**
 * metadata.csv lists the corners as top-left, bottom-left, bottom-right, top-right, in pixels of
 * the stored image (none of these photos carries an EXIF orientation, so stored = decoded).
 */
function readCorners(dir: string): Map<string, { puzzle: string; phone: string; width: number; height: number; corners: Corners }> {
  const rows = readFileSync(join(dir, 'metadata.csv'), 'utf8').trim().split(/\r?\n/)
  const header = rows[0].split(',')
  const at = (name: string): number => {
    const i = header.indexOf(name)
    if (i < 0) throw new Error(`metadata.csv has no column ${name}`)
    return i
  }
  const point = (cols: string[], corner: string) => ({ x: Number(cols[at(`x_${corner}_absolute`)]), y: Number(cols[at(`y_${corner}_absolute`)]) })
  const out = new Map<string, { puzzle: string; phone: string; width: number; height: number; corners: Corners }>()
  for (const line of rows.slice(1)) {
    const cols = line.split(',')
    out.set(cols[at('Name')].replace(/\.jpg$/i, ''), {
      puzzle: cols[at('Puzzle')],
      phone: cols[at('Source')],
      width: Number(cols[at('Width')]),
      height: Number(cols[at('Height')]),
      corners: [point(cols, 'topleft'), point(cols, 'topright'), point(cols, 'bottomright'), point(cols, 'bottomleft')],
    })
  }
  return out
}

/** One character per kind in kubiesa-kinds.txt. */
export const KINDS_CHAR: Readonly<Record<CellKind, string>> = { empty: '.', given: 'g', entry: 'e', marks: 'm' }

export const KINDS_FILE = join(import.meta.dirname, 'kubiesa-kinds.txt')

/** Lines `MM_DD <81 kind characters>`, row-major; `#` lines are comments. */
export function parsePenKinds(text: string): Map<string, readonly CellKind[]> {
  const byChar = new Map(Object.entries(KINDS_CHAR).map(([kind, ch]) => [ch, kind as CellKind]))
  const out = new Map<string, readonly CellKind[]>()
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue
    const [puzzle, cells] = line.trim().split(/\s+/)
    const kinds = [...(cells ?? '')].map((ch) => byChar.get(ch))
    if (kinds.length !== 81 || kinds.includes(undefined)) throw new Error(`kinds of ${puzzle}: expected 81 of ${[...byChar.keys()].join('')}`)
    if (out.has(puzzle)) throw new Error(`kinds of ${puzzle} given twice`)
    out.set(puzzle, kinds as CellKind[])
  }
  return out
}

/** Per puzzle (`MM_DD`, both splits) the kind of each cell: given, entry, marks or empty. */
export function readPenKinds(): Map<string, readonly CellKind[]> {
  return existsSync(KINDS_FILE) ? parsePenKinds(readFileSync(KINDS_FILE, 'utf8')) : new Map<string, readonly CellKind[]>()
}

/** Every photo of a split, sorted by name (so by puzzle, then phone, then orientation). */
export function listPenPhotos(split: PenSplit): PenPhoto[] {
  const dir = penDir(split)
  const meta = readCorners(dir)
  const kinds = readPenKinds()
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.slice(0, -4))
    .sort()
    .map((name) => {
      const m = meta.get(name)
      if (!m) throw new Error(`${name}.jpg has no row in ${split}'s metadata.csv`)
      const labels = parsePenLabels(readFileSync(join(dir, `${name}.txt`), 'utf8'))
      return { name, jpg: join(dir, `${name}.jpg`), split, ...m, labels, kinds: kinds.get(m.puzzle) }
    })
}

/** The puzzles of a split in a fixed order; `folds` deals them round-robin (split by puzzle, never by photo). */
export function penFolds(photos: readonly PenPhoto[], folds: number): Map<string, number> {
  const puzzles = [...new Set(photos.map((p) => p.puzzle))].sort()
  return new Map(puzzles.map((puzzle, i) => [puzzle, i % folds]))
}
