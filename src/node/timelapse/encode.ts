/**
 * Runs the bundled ffmpeg over a stream of images as a cancellable process. The images go through
 * its standard input, so ffmpeg ends when its parent does (see ffmpeg-args.ts). Progress comes
 * from its stderr status lines; a failure rejects with the exit code and ffmpeg's own message.
 * The film is written to a temp file reserved for this run (film-output.ts), its frame count and
 * duration are read back, and only a film that has them replaces the old one.
 */
import { spawn } from 'node:child_process'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { filmSeconds, outputFrameCount, type EncodeProgress } from '../../shared/timelapse/settings'
import { buildEncodeArgs, type EncodeArgsInput } from './ffmpeg-args'
import { resolveFfmpegPath } from './ffmpeg-path'
import { inspectFilm } from './ffmpeg-probe'
import { createProgressReader, ffmpegErrorMessage, framesDecoded } from './ffmpeg-progress'
import type { ReservedFilm } from './film-output'
import { errorCode } from './storage-errors'

export interface EncodeJob extends Omit<EncodeArgsInput, 'output'> {
  /** The images, in film order, each the whole bytes of one image file. */
  readonly frames: AsyncIterable<Uint8Array> | Iterable<Uint8Array>
  /** How many images `frames` should give (for the percentage). */
  readonly frameCount: number
  /** From reserveFilm(): checked before any work, replaced only by a complete film. */
  readonly output: ReservedFilm
  readonly ffmpegPath?: string
  readonly signal?: AbortSignal
  readonly onProgress?: (p: EncodeProgress) => void
}

export interface EncodeResult {
  readonly output: string
  /** Images that went into the film. */
  readonly frames: number
  /** Frames in the film, as read back from it. */
  readonly framesWritten: number
  readonly durationSeconds: number
  readonly elapsedSeconds: number
}

/** ffmpeg exited with an error; `message` is ffmpeg's own explanation. */
export class FfmpegError extends Error {
  override readonly name = 'FfmpegError'
  constructor(
    readonly exitCode: number | null,
    readonly signalName: string | null,
    /** The last part of stderr, for logs and bug reports. */
    readonly stderrTail: string,
  ) {
    const said = ffmpegErrorMessage(stderrTail)
    super(`ffmpeg failed (${exitCode !== null ? `exit code ${exitCode}` : `signal ${signalName}`})${said ? `: ${said}` : ''}`)
  }
}

/** The film ffmpeg wrote is not the one asked for; the previous film, if any, is untouched. */
export class FilmCheckError extends Error {
  override readonly name = 'FilmCheckError'
  readonly userFacing = true
}

export function abortError(): Error {
  const error = new Error('Encoding was cancelled')
  error.name = 'AbortError'
  return error
}

const STDERR_KEEP = 16_000

/** Errors of the pipe itself when ffmpeg has gone (its exit status says why). */
const isPipeError = (error: unknown): boolean => ['EPIPE', 'ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED'].includes(errorCode(error) ?? '')

/**
 * How far ffmpeg's frame-rate conversion may round a film's end, in output frames. Repeating
 * shots (fpsOut ≥ fpsIn) it is within one; dropping them it may keep up to two more frames
 * (measured with the bundled ffmpeg: 17 shots at 24/s written at 10 fps give 9 frames, not 7.1).
 */
const ROUNDING_FRAMES = 2

/**
 * A film of `frames` images at `fpsIn` written at `fpsOut` has about `outputFrameCount` frames and
 * lasts about as long as the images at `fpsIn`, both within ffmpeg's rounding. (Whether every
 * image went in is checked exactly, from ffmpeg's own count of the images it decoded.)
 */
export function filmMatches(film: { frames: number | undefined; durationSeconds: number | undefined }, frames: number, fpsIn: number, fpsOut: number): boolean {
  const expectedFrames = outputFrameCount(frames, fpsIn, fpsOut)
  const expectedSeconds = filmSeconds(frames, fpsIn)
  return (
    film.frames !== undefined &&
    film.durationSeconds !== undefined &&
    Math.abs(film.frames - expectedFrames) <= ROUNDING_FRAMES &&
    Math.abs(film.durationSeconds - expectedSeconds) <= ROUNDING_FRAMES / fpsOut + 0.02
  )
}

export async function encodeSequence(job: EncodeJob): Promise<EncodeResult> {
  const started = performance.now()
  try {
    if (job.signal?.aborted) throw abortError()
    const ffmpeg = job.ffmpegPath ?? (await resolveFfmpegPath())
    const args = buildEncodeArgs({ ...job, output: job.output.temp })
    const total = outputFrameCount(job.frameCount, job.fpsIn, job.fpsOut)
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] })

    let stderr = ''
    const read = createProgressReader((p) => job.onProgress?.(p), total)
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP)
      read(chunk)
    })
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.on('error', (error) => reject(new Error(`Could not start ffmpeg at ${ffmpeg}: ${error.message}`, { cause: error })))
      child.on('close', (code, signal) => resolve({ code, signal }))
    })

    let killTimer: NodeJS.Timeout | undefined
    const stop = (): void => {
      // SIGTERM lets ffmpeg stop cleanly; a stuck one is killed outright.
      child.kill('SIGTERM')
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), 3000)
    }
    job.signal?.addEventListener('abort', stop, { once: true })

    let fed = 0
    let feedError: unknown
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const frame of job.frames) {
        if (job.signal?.aborted) return
        fed++
        yield frame
      }
    }
    const feeding = pipeline(Readable.from(counted()), child.stdin).catch((error: unknown) => {
      feedError = error
      // A frame that could not be read ends the run: ffmpeg must not finish a film without it.
      if (!isPipeError(error)) stop()
    })

    const [exit] = await Promise.all([exited, feeding]).finally(() => {
      job.signal?.removeEventListener('abort', stop)
      clearTimeout(killTimer)
    })
    if (job.signal?.aborted) throw abortError()
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- what the pipeline rejected with, passed on as it came
    if (feedError !== undefined && !isPipeError(feedError)) throw feedError
    if (fed === 0) throw new FilmCheckError('There were no readable frames to encode.')
    if (exit.code !== 0) throw new FfmpegError(exit.code, exit.signal, stderr)

    const decoded = framesDecoded(stderr)
    if (decoded !== fed) throw new FilmCheckError(`ffmpeg read ${decoded ?? 'an unknown number of'} images where ${fed} were sent; any earlier film was kept.`)
    const film = await inspectFilm(ffmpeg, job.output.temp)
    if (!filmMatches(film, fed, job.fpsIn, job.fpsOut)) {
      throw new FilmCheckError(
        `The film came out wrong (${film.frames ?? 'no'} frames, ${film.durationSeconds ?? '?'} s instead of ` +
          `${outputFrameCount(fed, job.fpsIn, job.fpsOut)} frames, ${filmSeconds(fed, job.fpsIn)} s); any earlier film was kept.`,
      )
    }
    await job.output.commit()
    // ffmpeg's last status line can come before the final flush; the bar should end full.
    job.onProgress?.({ frame: film.frames!, fps: 0, timeSeconds: film.durationSeconds!, speed: null, percent: 100 })
    return {
      output: job.output.path,
      frames: fed,
      framesWritten: film.frames!,
      durationSeconds: film.durationSeconds!,
      elapsedSeconds: (performance.now() - started) / 1000,
    }
  } catch (error) {
    await job.output.discard()
    throw error
  }
}
