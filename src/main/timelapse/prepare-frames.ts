/**
 * The per-frame work done in Node before ffmpeg: stabilising and stamping the elapsed time. When
 * neither is asked for the frames go to ffmpeg as they are; otherwise processed copies are written
 * to a staging folder under contiguous numbers. Source frames are never modified.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CV } from '../../shared/vision/cv'
import type { Corners } from '../../shared/vision/image'
import { FRAME_PATTERN, frameName, FRAME_PREFIX } from './frame-names'
import { decodeJpeg, encodeJpeg } from './jpeg'
import { readableSequence, type ReadableSequence } from './sequence'
import { Stabiliser, type LocateCorners } from './stabilise'
import { formatElapsed, stampJpeg } from './stamp'
import { abortError } from './encode'

export interface PrepareOptions {
  readonly dir: string
  /** Frame numbers on disk, ascending. */
  readonly numbers: readonly number[]
  readonly prefix?: string
  readonly stagingDir: string
  readonly stabilise?: { readonly cv: CV; readonly locate: LocateCorners } | null
  /** Stamp `(number - first) × intervalSeconds` on each frame. */
  readonly stamp?: { readonly intervalSeconds: number } | null
  readonly signal?: AbortSignal
  readonly onFrame?: (done: number, total: number) => void
}

export interface PreparedFrames {
  readonly sequence: ReadableSequence
  /** Frames that stayed unwarped because their corners were not found (stabilised mode only). */
  readonly registrationFailures: number
  /** Corners of the reference frame (stabilised mode), which every registered frame now shares. */
  readonly referenceCorners: Corners | undefined
}

export async function prepareFrames(o: PrepareOptions): Promise<PreparedFrames> {
  const prefix = o.prefix ?? FRAME_PREFIX
  if (!o.stabilise && !o.stamp)
    return { sequence: await readableSequence(o.dir, o.numbers, o.stagingDir, prefix), registrationFailures: 0, referenceCorners: undefined }

  await rm(o.stagingDir, { recursive: true, force: true })
  await mkdir(o.stagingDir, { recursive: true })
  const stabiliser = o.stabilise ? new Stabiliser(o.stabilise.cv, o.stabilise.locate) : undefined
  const first = o.numbers[0]
  try {
    for (let i = 0; i < o.numbers.length; i++) {
      if (o.signal?.aborted) throw abortError()
      const n = o.numbers[i]
      let jpeg: Uint8Array = await readFile(join(o.dir, frameName(n, prefix)))
      if (stabiliser) {
        const { image, registered } = await stabiliser.next(await decodeJpeg(jpeg))
        if (registered) jpeg = await encodeJpeg(image, 92)
      }
      if (o.stamp) jpeg = await stampJpeg(jpeg, formatElapsed((n - first) * o.stamp.intervalSeconds), 92)
      await writeFile(join(o.stagingDir, frameName(i + 1)), jpeg)
      o.onFrame?.(i + 1, o.numbers.length)
    }
  } catch (error) {
    await rm(o.stagingDir, { recursive: true, force: true })
    throw error
  }
  return {
    sequence: {
      dir: o.stagingDir,
      pattern: FRAME_PATTERN,
      startNumber: 1,
      frameCount: o.numbers.length,
      cleanup: () => rm(o.stagingDir, { recursive: true, force: true }),
    },
    registrationFailures: stabiliser?.failed ?? 0,
    referenceCorners: stabiliser?.referenceCorners,
  }
}
