/**
 * Messages between the UI thread and the vision worker. Frames and photos cross as
 * `ImageBitmap`s in the transfer list (moved, never copied); results come back as plain data.
 */
import type { CellReading } from '../../../shared/vision/cell-reading'
import type { CellInk } from '../../../shared/vision/watch/cell-ink'
import type { Corners } from '../../../shared/vision/core/image'

export interface Fiducial {
  readonly x: number
  readonly y: number
  readonly r: number
}

/** What one video frame showed: the grid outline (null when none) in frame pixels. */
export interface Detection {
  readonly corners: Corners | null
  readonly fiducials: readonly Fiducial[]
  /** Frame size the coordinates refer to. */
  readonly width: number
  readonly height: number
  /** Time spent in the worker on this frame. */
  readonly ms: number
  /** Each cell's ink and shade (watch/cell-ink.ts), when the grid was found, on single-frame detections: for watching a page change. */
  readonly cells?: CellInk
}

/** A full read of a photo or a captured frame: the page as it is, perhaps half solved in pen. */
export interface ReadOutcome {
  /** The printed givens: 81 digits, 0 elsewhere. */
  readonly grid: number[]
  /** Per cell: printed given, written entry, pencil marks or empty (see cell-reading.ts). */
  readonly cells: readonly CellReading[]
  /** The digits written by a person: 81 digits, 0 elsewhere; never changed to fit the solution. */
  readonly entries: number[]
  /** Entries that contradict the givens' solution: the person's mistakes. */
  readonly mistakes: number[]
  /** Entries whose reading the solution decided between close alternatives (to review). */
  readonly informed: number[]
  /** 81 numbers 0..1: how sure the reader is of each cell (empty cells included). */
  readonly confidence: number[]
  /** Cells whose digit was decided by the Sudoku rules rather than the reading. */
  readonly repaired: number[]
  /** Solutions of the grid as read, counted up to 2 (anything but 1 means a misread or a bad puzzle). */
  readonly solutions: number
  readonly corners: Corners
  readonly fiducials: readonly Fiducial[]
  readonly width: number
  readonly height: number
  /** Milliseconds per stage, as the reader reports them. */
  readonly ms: Record<string, number>
}

export type ReadStage = 'loading-opencv' | 'loading-ocr' | 'detecting' | 'reading'

/**
 * A read that is a time-lapse shot of the paper: the worker remembers the page's print and the ink
 * of the cells each shot reads as pencil marks, and reads later shots against them
 * (watch/paper-memory.ts); 'first' starts afresh.
 */
export type ShotOf = 'first' | 'next'

export type VisionRequest =
  | { readonly type: 'detect'; readonly id: number; readonly frame: ImageBitmap; readonly sentAt: number }
  /** A camera's frames straight into the worker (MediaStreamTrackProcessor's readable, transferred). */
  | { readonly type: 'stream'; readonly id: number; readonly frames: ReadableStream<VideoFrame> }
  | { readonly type: 'stream-pause'; readonly id: number; readonly paused: boolean }
  | { readonly type: 'stream-stop'; readonly id: number }
  /** A Blob (a photo file) is decoded in the worker, so a 12 MP photo never costs the UI a copy. */
  | { readonly type: 'read'; readonly id: number; readonly image: ImageBitmap | Blob; readonly shot?: ShotOf }
  | { readonly type: 'warm-up'; readonly id: number; readonly ocr: boolean }

export type VisionReply =
  /** `sentAt`: when the frame was grabbed (UI clock) or, for streams, reached the worker (epoch ms). */
  | { readonly type: 'detected'; readonly id: number; readonly detection: Detection; readonly sentAt: number }
  | { readonly type: 'progress'; readonly id: number; readonly stage: ReadStage }
  | { readonly type: 'read'; readonly id: number; readonly outcome: ReadOutcome }
  /** No grid in the image: `detection` says what was found, for showing the photo. */
  | { readonly type: 'no-grid'; readonly id: number; readonly message: string; readonly detection: Detection }
  | { readonly type: 'ready'; readonly id: number }
  | { readonly type: 'error'; readonly id: number; readonly name: string; readonly message: string }
