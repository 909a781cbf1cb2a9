/**
 * What the reader asks a person to check. Its own module because the renderer's main thread
 * imports it: pulling in read.ts would bring the whole vision pipeline (and OpenCV) with it.
 */

/** Below this confidence a read digit is marked for review (bench:read counts what it catches). */
export const LOW_CONFIDENCE = 0.6
