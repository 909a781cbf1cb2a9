/**
 * The ffmpeg command line for a numbered JPEG sequence -> H.264 MP4. Pure: settings in, argument
 * list out, so every option is unit-tested without running ffmpeg.
 */
import type { FrameSize } from '../../shared/timelapse'

/** x264 speed/size trade-offs; `veryfast` keeps 1000 frames at 720p well under a minute on 2 cores. */
export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium' | 'slow'

export interface CropRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface EncodeArgsInput {
  /** printf-style pattern relative to ffmpeg's working folder, e.g. `frame%07d.jpg`. */
  readonly inputPattern: string
  /** Number of the first frame (ffmpeg stops at the first missing number after it). */
  readonly startNumber: number
  readonly fpsIn: number
  readonly fpsOut: number
  readonly crf: number
  /** Part of each frame to keep, in source pixels; null keeps it all. */
  readonly crop: CropRect | null
  /** Output size (fitted inside, padded black); null keeps the (cropped) frame size. */
  readonly size: FrameSize | null
  readonly output: string
  readonly preset?: X264Preset
  /** x264 threads; 0 lets x264 choose from the core count. */
  readonly threads?: number
}

/** yuv420p halves chroma resolution, so x264 needs even widths and heights. */
export const even = (n: number): number => Math.max(2, Math.floor(n / 2) * 2)

/** The -vf chain: crop, then fit into the output size with even dimensions, then pad to exactly it. */
export function videoFilters(crop: CropRect | null, size: FrameSize | null): string {
  const filters: string[] = []
  if (crop) filters.push(`crop=${even(crop.width)}:${even(crop.height)}:${Math.round(crop.x)}:${Math.round(crop.y)}`)
  if (size) {
    const w = even(size.width)
    const h = even(size.height)
    // Scale to fit, rounding each side down to even; quoted so the commas stay inside min().
    const k = `min(${w}/iw,${h}/ih)`
    filters.push(`scale=w='trunc(${k}*iw/2)*2':h='trunc(${k}*ih/2)*2'`)
    filters.push(`pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`)
  } else {
    filters.push('crop=trunc(iw/2)*2:trunc(ih/2)*2')
  }
  filters.push('setsar=1')
  return filters.join(',')
}

export function buildEncodeArgs(input: EncodeArgsInput): string[] {
  if (!/%0\dd/.test(input.inputPattern)) throw new Error(`input pattern needs a %0Nd field: ${input.inputPattern}`)
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f', 'image2',
    '-framerate', String(input.fpsIn),
    '-start_number', String(input.startNumber),
    '-i', input.inputPattern,
    '-vf', videoFilters(input.crop, input.size),
    '-r', String(input.fpsOut),
    '-c:v', 'libx264',
    '-preset', input.preset ?? 'veryfast',
    '-crf', String(input.crf),
    '-g', '15',
    '-pix_fmt', 'yuv420p',
    ...(input.threads ? ['-threads', String(input.threads)] : []),
    // Index at the front so the film starts playing before it has fully loaded.
    '-movflags', '+faststart',
    input.output,
  ]
}
