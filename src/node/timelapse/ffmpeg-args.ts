/**
 * The ffmpeg command line for a stream of images on its standard input -> H.264 MP4. Pure:
 * settings in, argument list out, so every option is unit-tested without running ffmpeg.
 *
 * The frames come through stdin (`image2pipe`) rather than as files ffmpeg opens itself: the
 * parent holds the only write end of that pipe, so when it dies, however it dies, ffmpeg reads
 * end-of-file, finishes and exits instead of running on as an orphan.
 */
import type { FrameSize } from '../../shared/timelapse/settings'

/** x264 speed/size trade-offs; `veryfast` keeps 1000 frames at 720p well under a minute on 2 cores. */
export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium' | 'slow'

export interface CropRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** How the piped images are encoded: camera shots are JPEG, drawn boards PNG. */
export type ImageCodec = 'mjpeg' | 'png'

export interface EncodeArgsInput {
  readonly inputCodec: ImageCodec
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
  return [
    '-hide_banner',
    // Verbose for the closing statistics: how many images ffmpeg decoded, checked against those sent.
    '-v',
    'verbose',
    // No keyboard commands: stdin carries the frames.
    '-nostdin',
    '-y',
    '-f',
    'image2pipe',
    '-framerate',
    String(input.fpsIn),
    '-c:v',
    input.inputCodec,
    '-i',
    'pipe:0',
    '-vf',
    videoFilters(input.crop, input.size),
    '-r',
    String(input.fpsOut),
    '-c:v',
    'libx264',
    '-preset',
    input.preset ?? 'veryfast',
    '-crf',
    String(input.crf),
    '-g',
    '15',
    '-pix_fmt',
    'yuv420p',
    ...(input.threads ? ['-threads', String(input.threads)] : []),
    // Index at the front so the film starts playing before it has fully loaded.
    '-movflags',
    '+faststart',
    // Named rather than guessed from the (temp) file name.
    '-f',
    'mp4',
    input.output,
  ]
}
