/**
 * What both looks at a cell (cells.ts's first, cells/faint.ts's second) ask of an ink blob before
 * the cell counts as holding a digit: its size against the cell's.
 */

/**
 * `filledScore` at or above which a cell counts as filled. Set from the shared photos: empty cells
 * score at most ~0.45, given digits at least ~0.8.
 */
export const FILLED_THRESHOLD = 0.6
/**
 * A typical small digit's height and ink, as shares of the cell's side (height) and area (ink):
 * a blob scores 1 at these. Digits are ~40-70% of the cell tall. Chosen by hand with the first
 * cell cutter.
 */
export const DIGIT_HEIGHT_SHARE = 0.28
export const DIGIT_INK_SHARE = 0.012
/** A blob narrower than this (pixels) is a line remnant, never a digit; a wide enough one is capped at 2. */
export const MIN_DIGIT_WIDTH = 2
export const MAX_SIZE_SCORE = 2
