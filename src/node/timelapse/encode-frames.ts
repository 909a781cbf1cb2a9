/**
 * Frames on disk -> film: the one code path behind the app's "Encode", the session list's
 * re-encode and the CLI. Resolves the crop, prepares frames when stabilising or stamping, then
 * streams every readable frame to ffmpeg; a damaged frame is left out and counted, and staging
 * files are removed whatever happens.
 */
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { outputFrameCount, type TimelapseSettings } from '../../shared/timelapse/settings'
import type { CV } from '../../shared/vision/core/cv'
import type { Corners } from '../../shared/vision/core/image'
import { cropRect } from './crop'
import { encodeSequence, type EncodeResult } from './encode'
import type { CropRect, X264Preset } from './ffmpeg-args'
import type { ReservedFilm } from './film-output'
import { isWholeJpeg } from './frame-check'
import { FRAME_PREFIX, sequenceFile } from './frame-names'
import { decodeJpeg } from './jpeg'
import { type FilmAnnotations, prepareFrames } from './prepare-frames'
import { CARD_SECONDS } from './annotate'
import { annotationsOf, finalCard } from '../../shared/timelapse/annotations'
import { pagesOf } from '../../shared/timelapse/pages'
import type { ShotRecord } from '../../shared/timelapse/shots'
import { usableCorners, type LocateCorners } from './stabilise'

export type EncodePhase = 'preparing' | 'encoding'

export interface FramesEncodeProgress {
  readonly phase: EncodePhase
  /** 0..100 within the phase, or null when unknown. */
  readonly percent: number | null
  /** Frames done: source frames while preparing, film frames while encoding. */
  readonly frame: number
  readonly totalFrames: number
}

export interface EncodeFramesOptions {
  readonly dir: string
  readonly numbers: readonly number[]
  readonly prefix?: string
  /** Numbers among `numbers` that are kept looks (SKIPPED_PREFIX files), encoded in their place. */
  readonly skipped?: ReadonlySet<number>
  readonly settings: TimelapseSettings
  /** From reserveFilm(), before any work: a folder that cannot take the film fails at once. */
  readonly output: ReservedFilm
  /** Scratch folder for stabilised or stamped copies; removed afterwards. */
  readonly stagingDir: string
  /** Finds the sheet's corners; needed for stabilising and for the `puzzle` crop. */
  readonly locate?: LocateCorners
  readonly loadCV?: () => Promise<CV>
  /** The boards recorded per shot (the session's manifest), for `settings.annotate`. */
  readonly shots?: readonly ShotRecord[]
  readonly ffmpegPath?: string
  readonly preset?: X264Preset
  readonly threads?: number
  readonly signal?: AbortSignal
  readonly onProgress?: (p: FramesEncodeProgress) => void
}

export interface EncodeFramesResult extends EncodeResult {
  readonly registrationFailures: number
  /** Shots left out because they were empty or damaged. */
  readonly skippedFrames: number
  /** Things the user should know, e.g. that the puzzle was not found for cropping. */
  readonly notes: readonly string[]
}

/** What an annotated film draws, from the boards recorded per shot; null (and a note) when there are none. */
function filmAnnotations(shots: readonly ShotRecord[], s: TimelapseSettings, area: CropRect | null, notes: string[]): FilmAnnotations | null {
  if (!shots.length) {
    notes.push('No boards were recorded with these shots (a session shot every interval, or frames from elsewhere), so the film is not annotated.')
    return null
  }
  const pages = pagesOf(shots)
  return { byFrame: annotationsOf(pages), card: finalCard(pages), cardFrames: Math.max(1, Math.round(CARD_SECONDS * s.fpsIn)), area }
}

/** The shots that are whole JPEGs, in order, read one at a time. */
async function* readableShots(files: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const file of files) {
    const bytes = await readFile(file)
    if (await isWholeJpeg(bytes)) yield bytes
  }
}

/** The puzzle's corners in the first of the first few readable frames where they are found. */
async function findCorners(files: readonly string[], locate: LocateCorners): Promise<Corners | null> {
  let tried = 0
  for await (const bytes of readableShots(files)) {
    if (tried++ >= 5) break
    const corners = await Promise.resolve()
      .then(async () => locate(await decodeJpeg(bytes)))
      .catch(() => null)
    if (usableCorners(corners)) return corners
  }
  return null
}

async function firstFrameSize(files: readonly string[]): Promise<{ width: number; height: number }> {
  for await (const bytes of readableShots(files)) {
    const meta = await sharp(bytes).metadata()
    return { width: meta.width ?? 0, height: meta.height ?? 0 }
  }
  return { width: 0, height: 0 }
}

export async function encodeFrames(o: EncodeFramesOptions): Promise<EncodeFramesResult> {
  try {
    return await encodeReserved(o)
  } catch (error) {
    // The temp file reserved for the film goes, whatever failed (preparing, ffmpeg, the check).
    await o.output.discard()
    throw error
  }
}

/**
 * The film's crop, worked out on the shots as taken before any is prepared: the stamp and the
 * annotations are drawn inside it, and stabilising registers to the corners it was taken from.
 */
async function resolveCrop(
  sources: readonly string[],
  crop: TimelapseSettings['crop'],
  locate: LocateCorners | undefined,
): Promise<{ crop: CropRect | null; corners: Corners | null; notes: string[] }> {
  if (crop.kind === 'full') return { crop: null, corners: null, notes: [] }
  const size = await firstFrameSize(sources)
  const corners = crop.kind === 'puzzle' && locate ? await findCorners(sources, locate) : null
  const rect = cropRect(crop, size.width, size.height, corners)
  const notes = crop.kind === 'puzzle' && !rect ? ['The puzzle was not found in the first frames; the full frame was used.'] : []
  return { crop: rect, corners, notes }
}

async function encodeReserved(o: EncodeFramesOptions): Promise<EncodeFramesResult> {
  const s = o.settings
  if (o.numbers.length === 0) throw new Error('There are no frames to encode')
  const total = o.numbers.length
  const prefix = o.prefix ?? FRAME_PREFIX
  const { crop, corners, notes } = await resolveCrop(
    o.numbers.map((n) => sequenceFile(o.dir, n, prefix, o.skipped)),
    s.crop,
    o.locate,
  )

  let stabilise: { cv: CV; locate: LocateCorners; reference?: Corners } | null = null
  if (s.stabilise) {
    if (o.locate && o.loadCV) stabilise = { cv: await o.loadCV(), locate: o.locate, reference: corners ?? undefined }
    else notes.push('Stabilising needs the puzzle detector, which is not available here; frames were left as shot.')
  }

  const prepared = await prepareFrames({
    dir: o.dir,
    numbers: o.numbers,
    prefix,
    skipped: o.skipped,
    stagingDir: o.stagingDir,
    stabilise,
    stamp: s.stampElapsed ? { intervalSeconds: s.intervalSeconds, area: crop } : null,
    annotate: s.annotate ? filmAnnotations(o.shots ?? [], s, crop, notes) : null,
    signal: o.signal,
    onFrame: (done) => o.onProgress?.({ phase: 'preparing', percent: (100 * done) / total, frame: done, totalFrames: total }),
  })
  try {
    if (prepared.registrationFailures > 0) notes.push(`${prepared.registrationFailures} of ${total} frames could not be registered and were left unwarped.`)
    let skipped = prepared.skipped
    async function* frames(): AsyncGenerator<Uint8Array> {
      for (const file of prepared.files) {
        const bytes = await readFile(file)
        if (await isWholeJpeg(bytes)) yield bytes
        else skipped++
      }
    }
    const expected = prepared.files.length
    const result = await encodeSequence({
      frames: frames(),
      frameCount: expected,
      inputCodec: 'mjpeg',
      fpsIn: s.fpsIn,
      fpsOut: s.fpsOut,
      crf: s.crf,
      crop,
      size: s.size,
      output: o.output,
      preset: o.preset,
      threads: o.threads,
      ffmpegPath: o.ffmpegPath,
      signal: o.signal,
      onProgress: (p) => o.onProgress?.({ phase: 'encoding', percent: p.percent, frame: p.frame, totalFrames: outputFrameCount(expected, s.fpsIn, s.fpsOut) }),
    })
    if (skipped > 0) notes.push(`${skipped} of ${total} frames were empty or damaged and were left out.`)
    return { ...result, registrationFailures: prepared.registrationFailures, skippedFrames: skipped, notes }
  } finally {
    await prepared.cleanup()
  }
}
