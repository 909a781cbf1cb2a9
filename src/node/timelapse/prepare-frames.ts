/**
 * The per-frame work done in Node before ffmpeg: stabilising, stamping the elapsed time and drawing
 * the annotations, into copies in a staging folder (source frames are never modified; with none
 * asked for, frames go to ffmpeg as they are). A shot that cannot be decoded is left out and
 * counted; only a failing disk (an error with a code: EIO, ENOSPC …) stops the work.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CV } from '../../shared/vision/core/cv'
import type { Corners, RgbaImage } from '../../shared/vision/core/image'
import { abortError } from './encode'
import type { CropRect } from './ffmpeg-args'
import { isWholeJpeg } from './frame-check'
import { frameName, FRAME_PREFIX, sequenceFile } from './frame-names'
import { decodeJpeg, encodeJpeg } from './jpeg'
import { Stabiliser, steadyCorners, type LocateCorners } from './stabilise'
import { formatElapsed } from '../../shared/elapsed'
import type { FinalCard, FrameAnnotation } from '../../shared/timelapse/annotations'
import { annotationSvg, cardSvg } from './annotate'
import { overlayJpeg } from './overlay'
import { stampJpeg } from './stamp'
import { errorCode } from './storage-errors'

export interface PrepareOptions {
  readonly dir: string
  /** Frame numbers on disk, ascending. */
  readonly numbers: readonly number[]
  readonly prefix?: string
  /** Numbers among `numbers` that are kept looks (SKIPPED_PREFIX files), encoded in their place. */
  readonly skipped?: ReadonlySet<number>
  readonly stagingDir: string
  /** `reference`: the corners to register every frame to (else the first frame's where found). */
  readonly stabilise?: { readonly cv: CV; readonly locate: LocateCorners; readonly reference?: Corners } | null
  /** Stamp `(number - first) × intervalSeconds` on each frame, inside `area` (the film's crop) when given. */
  readonly stamp?: { readonly intervalSeconds: number; readonly area?: CropRect | null } | null
  /** Draw each recorded shot's annotation, and end on the card (shown for `cardFrames` frames). */
  readonly annotate?: FilmAnnotations | null
  readonly signal?: AbortSignal
  readonly onFrame?: (done: number, total: number) => void
}

export interface FilmAnnotations {
  readonly byFrame: ReadonlyMap<number, FrameAnnotation>
  readonly card: FinalCard
  readonly cardFrames: number
  /** The film's crop: the overlays are drawn inside it. */
  readonly area?: CropRect | null
}

export interface PreparedFrames {
  /** The JPEG files to encode, in order: the shots themselves, or their processed copies. */
  readonly files: readonly string[]
  /** Shots left out because they could not be decoded (empty, cut off, not a JPEG). */
  readonly skipped: number
  /** Frames that stayed unwarped because their corners were not found (stabilised mode only). */
  readonly registrationFailures: number
  /** Removes the staging folder, if one was made. */
  cleanup(): Promise<void>
}

/** A shot read (and, when stabilising, decoded and located) that waits for the next one's corners. */
interface LoadedFrame {
  readonly number: number
  readonly jpeg: Uint8Array
  readonly image: RgbaImage | null
  readonly corners: Corners | null
}

export async function prepareFrames(o: PrepareOptions): Promise<PreparedFrames> {
  const prefix = o.prefix ?? FRAME_PREFIX
  const sources = o.numbers.map((n) => sequenceFile(o.dir, n, prefix, o.skipped))
  if (!o.stabilise && !o.stamp && !o.annotate) return { files: sources, skipped: 0, registrationFailures: 0, cleanup: async () => undefined }

  await rm(o.stagingDir, { recursive: true, force: true })
  await mkdir(o.stagingDir, { recursive: true })
  const cleanup = () => rm(o.stagingDir, { recursive: true, force: true })
  const stabiliser = o.stabilise ? new Stabiliser(o.stabilise.cv, o.stabilise.locate, o.stabilise.reference) : undefined
  const first = o.numbers[0]
  const files: string[] = []
  let skipped = 0
  let done = 0
  const progress = () => o.onFrame?.(++done, o.numbers.length)
  // A shot's technique lines stay up until newer ones replace them: one shot is a tenth of a second of film.
  let notes: readonly string[] = []
  /** A shot that cannot be decoded or drawn on is left out and counted; a failing disk stops the work. */
  const skip = (error: unknown): null => {
    if (errorCode(error) !== undefined) throw error
    skipped++
    progress()
    return null
  }
  /** A shot read, and when stabilising decoded and located; null where it cannot be decoded (counted). */
  const load = async (i: number): Promise<LoadedFrame | null> => {
    const jpeg: Uint8Array = await readFile(sources[i])
    try {
      if (!(await isWholeJpeg(jpeg))) throw new Error('not a whole JPEG')
      if (!stabiliser) return { number: o.numbers[i], jpeg, image: null, corners: null }
      const image = await decodeJpeg(jpeg)
      return { number: o.numbers[i], jpeg, image, corners: await stabiliser.corners(image) }
    } catch (error) {
      return skip(error)
    }
  }
  /** A loaded shot registered by `corners`, stamped, annotated and staged. */
  const finish = async (frame: LoadedFrame, corners: Corners | null): Promise<void> => {
    let jpeg = frame.jpeg
    try {
      if (stabiliser && frame.image) {
        const { image, registered } = stabiliser.register(frame.image, corners)
        if (registered) jpeg = await encodeJpeg(image, 92)
      }
      if (o.stamp) jpeg = await stampJpeg(jpeg, formatElapsed((frame.number - first) * o.stamp.intervalSeconds), 92, o.stamp.area)
      const annotation = o.annotate?.byFrame.get(frame.number)
      if (annotation) {
        if (annotation.notes.length) notes = annotation.notes
        jpeg = await overlayJpeg(jpeg, (width, height) => annotationSvg(width, height, annotation, notes, o.annotate?.area))
      }
    } catch (error) {
      skip(error)
      return
    }
    const staged = join(o.stagingDir, frameName(files.length + 1))
    await writeFile(staged, jpeg)
    files.push(staged)
    progress()
  }
  try {
    // Each shot waits for the next one's corners: a quad found elsewhere in one shot alone is put
    // back where its neighbours place the sheet (steadyCorners).
    let waiting: LoadedFrame | null = null
    let before: Corners | null = null
    for (let i = 0; i < o.numbers.length; i++) {
      if (o.signal?.aborted) throw abortError()
      const frame = await load(i)
      if (!frame) continue
      if (waiting) {
        await finish(waiting, steadyCorners(before, waiting.corners, frame.corners))
        before = waiting.corners
      }
      waiting = frame
    }
    if (waiting) await finish(waiting, steadyCorners(before, waiting.corners, null))
    if (o.annotate?.card.lines.length && files.length) await appendCard(files, o.stagingDir, o.annotate)
  } catch (error) {
    await cleanup()
    throw error
  }
  return {
    files,
    skipped,
    registrationFailures: stabiliser?.failed ?? 0,
    cleanup,
  }
}

/** The closing card over the last frame, repeated so it stays up for its time. */
async function appendCard(files: string[], stagingDir: string, annotate: FilmAnnotations): Promise<void> {
  const card = await overlayJpeg(await readFile(files[files.length - 1]), (width, height) => cardSvg(width, height, annotate.card, annotate.area))
  for (let i = 0; i < annotate.cardFrames; i++) {
    const staged = join(stagingDir, frameName(files.length + 1))
    await writeFile(staged, card)
    files.push(staged)
  }
}
