/**
 * Loads OpenCV.js once and owns Mats for the length of one call.
 *
 * The module object is a thenable whose `then` never settles, so it must never be awaited or
 * passed to `resolve()` directly: we wait for `onRuntimeInitialized` and hand it over in a box.
 */
import cvModule from '@techstark/opencv-js'

export type CV = typeof cvModule

let ready: Promise<{ cv: CV }> | undefined

export async function loadOpenCV(): Promise<CV> {
  ready ??= new Promise((resolve) => {
    const mod = cvModule as CV & { onRuntimeInitialized?: () => void }
    if (typeof mod.Mat === 'function') resolve({ cv: mod })
    else mod.onRuntimeInitialized = () => resolve({ cv: mod })
  })
  const { cv } = await ready
  // Once initialised, the module's `then` only calls back with the module itself, so resolving an
  // async function's promise with it loops forever in microtasks (timers never fire). Dropping it
  // makes the object a plain value that can be returned and awaited.
  if (typeof (cv as { then?: unknown }).then === 'function') delete (cv as { then?: unknown }).then
  return cv
}

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
