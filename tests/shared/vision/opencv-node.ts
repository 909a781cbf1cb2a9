/**
 * Import this FIRST in a vision test file. Importing `@techstark/opencv-js` through vitest's ESM
 * interop never settles: vitest awaits the namespace, and the CommonJS module's own `then` (which
 * calls back with the module, itself thenable) spins forever in microtasks. Loading it through
 * Node's require and dropping `then` before anything imports `src/shared/vision/core/opencv.ts` puts the
 * cleaned object in Node's module cache, so core/opencv.ts's import and `loadOpenCV()` then work as in the
 * app. (The same build either way; see also tests/node/timelapse/helpers.ts.)
 */
import { createRequire } from 'node:module'

const mod = createRequire(import.meta.url)('@techstark/opencv-js') as { then?: unknown }
delete mod.then
