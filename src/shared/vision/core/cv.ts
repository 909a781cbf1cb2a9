/**
 * OpenCV.js's type and the ownership of Mats for the length of one call. Types only from the
 * package: a vision step takes `cv` as an argument, so importing a step never pulls the 10 MB of
 * OpenCV.js into a bundle. Only the vision worker and the Node reader load it (core/opencv.ts).
 */
import type cvModule from '@techstark/opencv-js'

export type CV = typeof cvModule

export interface Deletable {
  delete(): void
}

/** Hands a Mat (or MatVector) to the enclosing `withMats`, which deletes it; returns it. */
export type Own = <M extends Deletable>(m: M) => M

/**
 * Runs `fn` with an `own` function; everything passed to `own` is deleted when `fn` returns or
 * throws, in reverse order. The wasm heap never shrinks, so one leaked Mat per video frame
 * exhausts it within minutes.
 */
export function withMats<T>(fn: (own: Own) => T): T {
  const owned: Deletable[] = []
  try {
    return fn((m) => (owned.push(m), m))
  } finally {
    for (const m of owned.reverse()) m.delete()
  }
}
