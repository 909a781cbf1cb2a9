/**
 * Runs the bundled ffmpeg over a numbered JPEG sequence as a cancellable process. Progress comes
 * from its stderr status lines; a failure rejects with the exit code and ffmpeg's own message;
 * the film appears under its name only when complete (written to a temp name, then renamed).
 */
import { spawn } from 'node:child_process'
import { rename, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { outputFrameCount, type EncodeProgress } from '../../shared/timelapse'
import { buildEncodeArgs, type EncodeArgsInput } from './ffmpeg-args'
import { resolveFfmpegPath } from './ffmpeg-path'
import { createProgressReader, ffmpegErrorMessage } from './ffmpeg-progress'

export interface EncodeJob extends Omit<EncodeArgsInput, 'output'> {
  /** Folder holding the frames; ffmpeg runs there, so a `%` in its path cannot be misread as a pattern. */
  readonly framesDir: string
  /** Frames in the contiguous run from `startNumber` (for the percentage). */
  readonly frameCount: number
  readonly output: string
  readonly ffmpegPath?: string
  readonly signal?: AbortSignal
  readonly onProgress?: (p: EncodeProgress) => void
}

export interface EncodeResult {
  readonly output: string
  /** Frames written to the film, as ffmpeg last reported them. */
  readonly framesWritten: number
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

export function abortError(): Error {
  const error = new Error('Encoding was cancelled')
  error.name = 'AbortError'
  return error
}

const STDERR_KEEP = 16_000

export async function encodeSequence(job: EncodeJob): Promise<EncodeResult> {
  if (job.signal?.aborted) throw abortError()
  const ffmpeg = job.ffmpegPath ?? (await resolveFfmpegPath())
  const output = resolve(job.output)
  const partial = join(dirname(output), `.${basename(output, '.mp4')}.partial.mp4`)
  const args = buildEncodeArgs({ ...job, output: partial })
  const total = outputFrameCount(job.frameCount, job.fpsIn, job.fpsOut)
  const started = performance.now()
  let framesWritten = 0

  try {
    await new Promise<void>((resolvePromise, reject) => {
      const child = spawn(ffmpeg, args, { cwd: job.framesDir, stdio: ['ignore', 'ignore', 'pipe'] })
      let stderr = ''
      const read = createProgressReader((p) => {
        framesWritten = p.frame
        job.onProgress?.(p)
      }, total)
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_KEEP)
        read(chunk)
      })
      let aborted = false
      let killTimer: NodeJS.Timeout | undefined
      const onAbort = () => {
        aborted = true
        // SIGTERM lets ffmpeg stop cleanly; a stuck one is killed outright.
        child.kill('SIGTERM')
        killTimer = setTimeout(() => child.kill('SIGKILL'), 3000)
      }
      job.signal?.addEventListener('abort', onAbort, { once: true })
      child.on('error', (error) => {
        job.signal?.removeEventListener('abort', onAbort)
        reject(new Error(`Could not start ffmpeg at ${ffmpeg}: ${error.message}`, { cause: error }))
      })
      child.on('close', (code, signal) => {
        job.signal?.removeEventListener('abort', onAbort)
        clearTimeout(killTimer)
        if (aborted) reject(abortError())
        else if (code === 0) resolvePromise()
        else reject(new FfmpegError(code, signal, stderr))
      })
    })
    await rename(partial, output)
  } catch (error) {
    await unlink(partial).catch(() => undefined)
    throw error
  }
  // ffmpeg's last status line can come before the final flush; the bar should end full.
  job.onProgress?.({ frame: framesWritten, fps: 0, timeSeconds: framesWritten / job.fpsOut, speed: null, percent: 100 })
  return { output, framesWritten, elapsedSeconds: (performance.now() - started) / 1000 }
}
