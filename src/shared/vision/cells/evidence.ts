/** The size tests both looks (extract-cells.ts, faint.ts) ask of a cell's ink blob. */

/** `filledScore` from which a cell is filled. Set from the shared photos: empty cells score at most ~0.45, givens at least ~0.8. */
export const FILLED_THRESHOLD = 0.6
/** A blob scores 1 at a small digit's height (share of the cell's side) and ink (share of its area). Chosen by hand. */
export const DIGIT_HEIGHT_SHARE = 0.28
export const DIGIT_INK_SHARE = 0.012
/** A blob narrower than this (px) is a line remnant; a wide enough one's score is capped at 2. */
export const MIN_DIGIT_WIDTH = 2
export const MAX_SIZE_SCORE = 2
