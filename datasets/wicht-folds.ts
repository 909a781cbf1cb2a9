/**
 * The shared training photos (B. Wicht's sudoku_dataset, v2_train split, CC-BY-4.0; B. Wicht,
 * J. Hennebert, "Camera-based Sudoku recognition with Deep Belief Network", SoCPaR 2014):
 * ground truth, outlines and the grouping of photos by printed puzzle.
 *
 * The 160 photos show only ~60 distinct printed puzzles, many photographed several times, so any
 * validation split must keep all photos of one puzzle on the same side (see issue 3).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Corners } from '../src/shared/vision/core/image'
import { WICHT_DIR, parseDat, readAllOutlines } from './wicht'

export interface Photo {
  /** File stem, e.g. `image1082`. */
  readonly name: string
  readonly jpg: string
  /** Ground truth, 81 digits row-major, 0 = empty. */
  readonly truth: Uint8Array
  /** Outer grid corners from outlines.csv, or undefined where they are missing or known bad. */
  readonly corners?: Corners
  /** Index of the printed puzzle this photo shows (photos of one puzzle share it). */
  readonly puzzle: number
}

/** Outlines the data README flags as unusable (points outside the image, or the title taken in). */
const BAD_OUTLINES = new Set(process.env.KEEP_ALL_OUTLINES ? [] : ['image1036', 'image1038', 'image1039', 'image1040'])

/**
 * Two ground truths are the same printed puzzle when they agree on nearly every cell: a strict
 * equality test would split a puzzle whose .dat files differ by a transcription slip.
 */
function samePuzzle(a: Uint8Array, b: Uint8Array): boolean {
  let same = 0
  for (let i = 0; i < 81; i++) if (a[i] === b[i]) same++
  return same >= 75
}

let cached: Photo[] | undefined

/** All photos, sorted by number, each tagged with its puzzle group. */
export function loadPhotos(): Photo[] {
  if (cached) return cached
  const outlines = readAllOutlines(WICHT_DIR)
  const names = readdirSync(WICHT_DIR)
    .filter((f) => f.endsWith('.dat'))
    .map((f) => f.slice(0, -4))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))
  const reps: Uint8Array[] = []
  cached = names.map((name) => {
    const truth = parseDat(readFileSync(join(WICHT_DIR, `${name}.dat`), 'utf8'))
    let puzzle = reps.findIndex((r) => samePuzzle(r, truth))
    if (puzzle < 0) puzzle = reps.push(truth) - 1
    const corners = BAD_OUTLINES.has(name) ? undefined : outlines.get(name)
    return { name, jpg: join(WICHT_DIR, `${name}.jpg`), truth, corners, puzzle }
  })
  return cached
}

/**
 * Assigns each puzzle to one of `k` folds so that folds hold similar numbers of given digits
 * (greedy, largest puzzle group first; deterministic).
 */
export function puzzleFolds(photos: readonly Photo[], k: number): number[] {
  const weight = new Map<number, number>()
  for (const p of photos) {
    const givens = p.truth.reduce((s, d) => s + (d > 0 ? 1 : 0), 0)
    weight.set(p.puzzle, (weight.get(p.puzzle) ?? 0) + givens)
  }
  const order = [...weight.keys()].sort((a, b) => weight.get(b)! - weight.get(a)! || a - b)
  const load = new Array<number>(k).fill(0)
  const foldOfPuzzle = new Map<number, number>()
  for (const puzzle of order) {
    const f = load.indexOf(Math.min(...load))
    foldOfPuzzle.set(puzzle, f)
    load[f] += weight.get(puzzle)!
  }
  return photos.map((p) => foldOfPuzzle.get(p.puzzle)!)
}
