import type { Detection, ReadOutcome, ReadStage } from '../workers/vision-protocol'

const STAGE_TEXT: Record<ReadStage, string> = {
  'loading-opencv': 'Loading the image tools…',
  'loading-ocr': 'Starting the digit reader (first time only)…',
  detecting: 'Finding the grid…',
  reading: 'Reading the digits…',
}

export type ReadSource = 'camera' | 'photo'

/**
 * The last image read: the photo (kept for the cell crops and the AR export) and where the grid
 * is in it. What was read in each cell travels with the board (`BoardState.paper`), so undo and
 * redo keep the two together.
 */
export class ReadResult {
  outcome = $state.raw<ReadOutcome | null>(null)
  /** The image the outcome refers to (the UI's own copy; the worker got another). */
  photo = $state.raw<ImageBitmap | null>(null)
  source = $state<ReadSource>('photo')
  stage = $state<ReadStage | null>(null)
  /** "No grid found": the photo and what was detected, shown so the user can retake it. */
  missed = $state.raw<{ photo: ImageBitmap; detection: Detection; message: string } | null>(null)

  progressText = $derived(this.stage ? STAGE_TEXT[this.stage] : '')

  accept(outcome: ReadOutcome, photo: ImageBitmap, source: ReadSource): void {
    this.clearPhotos()
    this.outcome = outcome
    this.photo = photo
    this.source = source
    this.stage = null
  }

  miss(photo: ImageBitmap, detection: Detection, message: string): void {
    this.clearPhotos()
    this.outcome = null
    this.missed = { photo, detection, message }
    this.stage = null
  }

  clear(): void {
    this.clearPhotos()
    this.outcome = null
    this.stage = null
  }

  private clearPhotos(): void {
    this.photo?.close()
    this.missed?.photo.close()
    this.photo = null
    this.missed = null
  }
}
