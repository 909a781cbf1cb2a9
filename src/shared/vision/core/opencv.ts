/**
 * Loads OpenCV.js (10 MB) once. Only the vision worker and the Node reader import this module
 * (eslint.config.js holds them to it); everything else takes `cv` as an argument.
 *
 * The module object is a thenable whose `then` never settles, so it must never be awaited or
 * passed to `resolve()` directly: we wait for `onRuntimeInitialized` and hand it over in a box.
 */
import cvModule from '@techstark/opencv-js'
import type { CV } from './cv'

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
