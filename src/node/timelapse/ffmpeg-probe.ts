/**
 * What a video file holds, read from `ffmpeg -i <file>` (the bundled build has no ffprobe):
 * codec, size, frame rate and duration; and its exact frame count, by reading every packet.
 * The encoder checks each new film with these before it replaces anything.
 */
import { spawn } from 'node:child_process'
import { parseTimestamp } from './ffmpeg-progress'

export interface VideoInfo {
  readonly durationSeconds: number | undefined
  readonly codec: string | undefined
  readonly profile: string | undefined
  readonly pixelFormat: string | undefined
  readonly width: number | undefined
  readonly height: number | undefined
  readonly fps: number | undefined
}

/** Pure: the stderr of `ffmpeg -i file` -> the first video stream's properties. */
export function parseVideoInfo(stderr: string): VideoInfo {
  const duration = /Duration:\s*([\d:.]+)/.exec(stderr)
  const stream = /Stream #\d+:\d+(?:\[\w+\])?(?:\(\w+\))?: Video: (.*)/.exec(stderr)?.[1] ?? ''
  const codec = /^(\w+)(?:\s*\(([^)]*)\))?/.exec(stream)
  // The pixel format follows the first comma, the size is the first WxH, the rate is "N fps".
  const pixelFormat = /^[^,]*,\s*(\w+)/.exec(stream)?.[1]
  const size = /\b(\d{2,5})x(\d{2,5})\b/.exec(stream)
  const fps = /([\d.]+)\s*fps\b/.exec(stream)
  return {
    durationSeconds: duration ? parseTimestamp(duration[1]) : undefined,
    codec: codec?.[1],
    profile: codec?.[2],
    pixelFormat,
    width: size ? Number(size[1]) : undefined,
    height: size ? Number(size[2]) : undefined,
    fps: fps ? Number(fps[1]) : undefined,
  }
}

function runFfmpeg(ffmpegPath: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', () => resolve(stderr))
  })
}

export async function probeVideo(ffmpegPath: string, file: string): Promise<VideoInfo> {
  // `ffmpeg -i` with no output exits 1 after printing the input; the printout is what we want.
  return parseVideoInfo(await runFfmpeg(ffmpegPath, ['-hide_banner', '-i', file]))
}

/** The frame count and duration of a film, read without decoding it (a stream copy to nowhere). */
export async function inspectFilm(ffmpegPath: string, file: string): Promise<{ frames: number | undefined; durationSeconds: number | undefined }> {
  const stderr = await runFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-'])
  const all = [...stderr.matchAll(/frame=\s*(\d+)/g)]
  return { frames: all.length ? Number(all[all.length - 1][1]) : undefined, durationSeconds: parseVideoInfo(stderr).durationSeconds }
}

/** Decodes the whole file and counts its frames (exact, unlike duration × rate). */
export async function countVideoFrames(ffmpegPath: string, file: string): Promise<number | undefined> {
  const stderr = await runFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-f', 'null', '-'])
  const all = [...stderr.matchAll(/frame=\s*(\d+)/g)]
  return all.length ? Number(all[all.length - 1][1]) : undefined
}
