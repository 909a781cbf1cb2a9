/**
 * Looks the "shots when the paper changes" mode does not film but keeps on disk, marked: how often
 * one is kept, why it was skipped, and how a manifest's record of them is read back.
 */
import { isFiniteNumber, isInt, isRecord } from './settings'

/** At most one skipped look is kept per this many seconds: at ~150 KB a shot, an hour costs at most 240 files, ~36 MB. */
export const SKIPPED_LOOK_SECONDS = 15

/** Why a look was not filmed: a hand (or its pen) over the grid, nothing new on the paper, or no grid in view. */
export type SkipReason = 'covered' | 'unchanged' | 'no-grid'
export const SKIP_REASONS: readonly SkipReason[] = ['covered', 'unchanged', 'no-grid']

/** A look kept on disk but not filmed; its number is taken from the shots' sequence, so it sorts among them. */
export interface SkippedLook {
  readonly frame: number
  /** Seconds since the session started. */
  readonly seconds: number
  readonly kind: 'skipped'
  readonly reason: SkipReason
}

/** The skipped looks of a manifest read from disk: none in an older manifest, damaged records left out. */
export function skippedLooksOf(raw: unknown): SkippedLook[] {
  if (!Array.isArray(raw)) return []
  return raw
    .filter(
      (r): r is SkippedLook =>
        isRecord(r) &&
        isInt(r.frame) &&
        r.frame >= 1 &&
        isFiniteNumber(r.seconds) &&
        r.seconds >= 0 &&
        r.kind === 'skipped' &&
        SKIP_REASONS.includes(r.reason as SkipReason),
    )
    .map(({ frame, seconds, reason }) => ({ frame, seconds, kind: 'skipped', reason }))
}
