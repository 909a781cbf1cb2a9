/**
 * Where the shared data lives: `../shared/data` beside the repository (see its README), or the
 * folder named by SUDOKU_LENS_DATA. Tests, benchmarks and training scripts read photos and puzzle
 * sets through the modules of this folder only.
 */
import { join } from 'node:path'

export const DATA_DIR = process.env.SUDOKU_LENS_DATA ?? join(import.meta.dirname, '../../shared/data')

export const PHOTOS_DIR = join(DATA_DIR, 'photos')
