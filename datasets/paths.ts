/**
 * Where the shared data lives: `../shared/data` beside the repository (see its README), or the
 * folder named by SUDOKU_LENS_DATA, the one setting for all of it. Tests, benchmarks and training
 * scripts read photos and puzzle sets through the modules of this folder only.
 */
import { join } from 'node:path'

export const DATA_DIR = process.env.SUDOKU_LENS_DATA ?? join(import.meta.dirname, '../../shared/data')

export const PHOTOS_DIR = join(DATA_DIR, 'photos')

/** B. Wicht's newspaper photos (wicht.ts). */
export const WICHT_DIR = join(PHOTOS_DIR, 'wicht-v2-train')

/** Puzzle lists: tdoku's collections and the Sudoku Exchange bank (puzzles.ts). */
export const PUZZLES_DIR = join(DATA_DIR, 'puzzles')

/**
 * The by-puzzle fold models, committed in the repository (not shared data): the training scripts
 * write them (training/digits/train.ts, training/paper/export.py) and the benchmarks
 * read them (bench/digit-folds.ts, bench/paper-folds.ts). Ends with a separator.
 */
export const FOLD_MODELS_DIR = join(import.meta.dirname, '../training/fold-models/')
