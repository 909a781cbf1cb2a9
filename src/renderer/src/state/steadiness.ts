/**
 * Decides when the sheet has been held still long enough to capture: every corner must stay
 * within a small share of the grid's size from where it was, for a minimum time.
 */
import { STEADY_CORNER_MOVEMENT, cornerMovement } from '../../../shared/vision/core/geometry'
import type { Corners } from '../../../shared/vision/core/image'

export interface SteadinessOptions {
  /** Largest corner movement between frames, as a share of the grid's diagonal. */
  readonly tolerance: number
  /** How long the grid must stay steady, in ms. */
  readonly holdMs: number
}

export const DEFAULT_STEADINESS: SteadinessOptions = { tolerance: STEADY_CORNER_MOVEMENT, holdMs: 700 }

export class Steadiness {
  private last: Corners | null = null
  private since = 0

  constructor(private readonly options: SteadinessOptions = DEFAULT_STEADINESS) {}

  /** Feeds one detection; returns progress 0..1 (1 = steady long enough). */
  update(corners: Corners | null, now: number): number {
    const moved = !corners || !this.last || cornerMovement(this.last, corners) > this.options.tolerance
    this.last = corners
    if (moved) this.since = now
    if (!corners) return 0
    return Math.min(1, (now - this.since) / this.options.holdMs)
  }

  reset(): void {
    this.last = null
  }
}
