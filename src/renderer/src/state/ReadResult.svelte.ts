import type { Detection, ReadStage } from '../workers/vision-protocol'
import type { Paper } from './PuzzleSession.svelte'

const STAGE_TEXT: Record<ReadStage, string> = {
  'loading-opencv': 'Loading the image tools…',
  'loading-ocr': 'Starting the digit reader (first time only)…',
  detecting: 'Finding the grid…',
  reading: 'Reading the digits…',
}

export type ReadSource = 'camera' | 'photo'

/**
 * The photo of the game on the board (kept for the cell crops and the AR export) and the paper
 * read from it, which holds where the grid is in it. What was read in each cell travels with the
 * board (`BoardState.paper`); the games library puts the photo back with its game.
 */
export class ReadResult {
  outcome = $state.raw<Paper | null>(null)
  /** The image the outcome refers to (the UI's own copy; the worker got another). */
  photo = $state.raw<ImageBitmap | null>(null)
  source = $state<ReadSource>('photo')
  stage = $state<ReadStage | null>(null)
  /** "No grid found": the photo and what was detected, shown so the user can retake it. */
  missed = $state.raw<{ photo: ImageBitmap; detection: Detection; message: string } | null>(null)

  progressText = $derived(this.stage ? STAGE_TEXT[this.stage] : '')

  accept(outcome: Paper, photo: ImageBitmap, source: ReadSource): void {
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
