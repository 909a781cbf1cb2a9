import type { Cell, Grid } from '../../../shared/sudoku/board'
import type { Detection, ReadOutcome, ReadStage } from '../workers/vision-protocol'

import { LOW_CONFIDENCE } from '../../../shared/vision/review'

export { LOW_CONFIDENCE }

const STAGE_TEXT: Record<ReadStage, string> = {
  'loading-opencv': 'Loading the image tools…',
  'loading-ocr': 'Starting the digit reader (first time only)…',
  detecting: 'Finding the grid…',
  reading: 'Reading the digits…',
}

export type ReadSource = 'camera' | 'photo'

/**
 * The last image read into the board: the photo (kept for the cell crops and the AR export),
 * where the grid is, and how sure the reader was of each cell. `marks` feeds the Board's
 * per-cell classes while the board still shows what was read.
 */
export class ReadResult {
  outcome = $state.raw<ReadOutcome | null>(null)
  /** The image the outcome refers to (the UI's own copy; the worker got another). */
  photo = $state.raw<ImageBitmap | null>(null)
  /** The grid as read, to tell read digits from later edits. */
  readGrid = $state.raw<Grid | null>(null)
  source = $state<ReadSource>('photo')
  stage = $state<ReadStage | null>(null)
  /** "No grid found": the photo and what was detected, shown so the user can retake it. */
  missed = $state.raw<{ photo: ImageBitmap; detection: Detection; message: string } | null>(null)

  progressText = $derived(this.stage ? STAGE_TEXT[this.stage] : '')

  /** Per-cell classes for the Board: `low-confidence` and `repaired` on cells still as read. */
  marks = (cell: Cell): string[] => {
    const outcome = this.outcome
    const grid = this.readGrid
    if (!outcome || !grid || !grid[cell]) return []
    const list: string[] = []
    if (outcome.repaired.includes(cell)) list.push('repaired')
    else if (outcome.confidence[cell] < LOW_CONFIDENCE) list.push('low-confidence')
    return list
  }

  /** Whether the board's cell still holds what was read (so the marks and crops apply). */
  isAsRead(cell: Cell, boardGrid: Grid): boolean {
    return this.readGrid !== null && this.readGrid[cell] === boardGrid[cell]
  }

  accept(outcome: ReadOutcome, photo: ImageBitmap, source: ReadSource): void {
    this.clearPhotos()
    this.outcome = outcome
    this.photo = photo
    this.readGrid = Uint8Array.from(outcome.grid)
    this.source = source
    this.stage = null
  }

  miss(photo: ImageBitmap, detection: Detection, message: string): void {
    this.clearPhotos()
    this.outcome = null
    this.readGrid = null
    this.missed = { photo, detection, message }
    this.stage = null
  }

  clear(): void {
    this.clearPhotos()
    this.outcome = null
    this.readGrid = null
    this.stage = null
  }

  private clearPhotos(): void {
    this.photo?.close()
    this.missed?.photo.close()
    this.photo = null
    this.missed = null
  }
}
