/**
 * Frames on disk -> film: the one code path behind the app's "Encode", the session list's
 * re-encode and the CLI. Prepares frames when stabilising or stamping, resolves the crop, then
 * runs ffmpeg; staging files are removed whatever happens.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { outputFrameCount, type TimelapseSettings } from '../../shared/timelapse'
import type { CV } from '../../shared/vision/cv'
import type { Corners } from '../../shared/vision/image'
import { cropRect } from './crop'
import { encodeSequence, type EncodeResult } from './encode'
import type { X264Preset } from './ffmpeg-args'
import { frameName, FRAME_PREFIX } from './frame-names'
import { decodeJpeg } from './jpeg'
import { prepareFrames } from './prepare-frames'
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
  readonly settings: TimelapseSettings
  readonly output: string
  /** Scratch folder for staged frames; removed afterwards. */
  readonly stagingDir: string
  /** Finds the sheet's corners; needed for stabilising and for the `puzzle` crop. */
  readonly locate?: LocateCorners
  readonly loadCV?: () => Promise<CV>
  readonly ffmpegPath?: string
  readonly preset?: X264Preset
  readonly threads?: number
  readonly signal?: AbortSignal
  readonly onProgress?: (p: FramesEncodeProgress) => void
}

export interface EncodeFramesResult extends EncodeResult {
  readonly frames: number
  readonly registrationFailures: number
  /** Things the user should know, e.g. that the puzzle was not found for cropping. */
  readonly notes: readonly string[]
}

/** The puzzle's corners in one of the first few frames, for cropping without stabilising. */
async function findCorners(dir: string, numbers: readonly number[], prefix: string, locate: LocateCorners): Promise<Corners | null> {
  for (const n of numbers.slice(0, 5)) {
    const corners = await Promise.resolve(locate(await decodeJpeg(await readFile(join(dir, frameName(n, prefix)))))).catch(() => null)
    if (usableCorners(corners)) return corners
  }
  return null
}

export async function encodeFrames(o: EncodeFramesOptions): Promise<EncodeFramesResult> {
  const prefix = o.prefix ?? FRAME_PREFIX
  const s = o.settings
  if (o.numbers.length === 0) throw new Error('There are no frames to encode')
  const notes: string[] = []
  const total = o.numbers.length

  let stabilise: { cv: CV; locate: LocateCorners } | null = null
  if (s.stabilise) {
    if (o.locate && o.loadCV) stabilise = { cv: await o.loadCV(), locate: o.locate }
    else notes.push('Stabilising needs the puzzle detector, which is not available here; frames were left as shot.')
  }

  const prepared = await prepareFrames({
    dir: o.dir,
    numbers: o.numbers,
    prefix,
    stagingDir: o.stagingDir,
    stabilise,
    stamp: s.stampElapsed ? { intervalSeconds: s.intervalSeconds } : null,
    signal: o.signal,
    onFrame: (done) => o.onProgress?.({ phase: 'preparing', percent: (100 * done) / total, frame: done, totalFrames: total }),
  })
  if (prepared.registrationFailures > 0)
    notes.push(`${prepared.registrationFailures} of ${total} frames could not be registered and were left unwarped.`)

  const filmFrames = outputFrameCount(total, s.fpsIn, s.fpsOut)
  try {
    let crop = null
    if (s.crop.kind !== 'full') {
      const meta = await sharp(join(o.dir, frameName(o.numbers[0], prefix))).metadata()
      let corners: Corners | null = prepared.referenceCorners ?? null
      if (s.crop.kind === 'puzzle' && !corners && o.locate) corners = await findCorners(o.dir, o.numbers, prefix, o.locate)
      crop = cropRect(s.crop, meta.width ?? 0, meta.height ?? 0, corners)
      if (s.crop.kind === 'puzzle' && !crop) notes.push('The puzzle was not found in the first frames; the full frame was used.')
    }
    const result = await encodeSequence({
      framesDir: prepared.sequence.dir,
      inputPattern: prepared.sequence.pattern,
      startNumber: prepared.sequence.startNumber,
      frameCount: prepared.sequence.frameCount,
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
      onProgress: (p) => o.onProgress?.({ phase: 'encoding', percent: p.percent, frame: p.frame, totalFrames: filmFrames }),
    })
    return { ...result, frames: total, registrationFailures: prepared.registrationFailures, notes }
  } finally {
    await prepared.sequence.cleanup()
  }
}
