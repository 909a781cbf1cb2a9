/**
 * The time-lapse service the main process exposes over IPC (and the web host over HTTP): start,
 * feed, stop and resume recordings, list sessions, encode, delete. Every argument comes from
 * outside and is checked here: settings by the shared validator, session ids by a strict pattern
 * (no path in a folder name), frames as bounded JPEG bytes. One closure over the live sessions,
 * the busy set and the running encodes; the work itself is in session-store, recovery,
 * encode-frames, manifest and solve-video.
 */
import { lstat, mkdir, readdir, rm, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type EncodeOutcome,
  type FrameReceipt,
  filmSeconds,
  isSessionId,
  validateTimelapseSettings,
  type TimelapseManifest,
  type TimelapseSessionSummary,
  type TimelapseSettings,
} from '../../shared/timelapse/settings'
import { SKIP_REASONS, type SkipReason } from '../../shared/timelapse/skipped'
import { ValidationError } from '../../shared/guards'
import { MAX_FRAME_BYTES } from '../../shared/ipc'
import { movesOf } from '../../shared/timelapse/moves'
import { movesText } from '../../shared/timelapse/moves-text'
import { shotBoardGuard } from '../../shared/timelapse/shots'
import type { CV } from '../../shared/vision/core/cv'
import { encodeFrames, type FramesEncodeProgress } from './encode-frames'
import type { X264Preset } from './ffmpeg-args'
import { reserveFilm } from './film-output'
import { frameNumber, listFrames, SKIPPED_PREFIX, withLooks } from './frame-names'
import { newSessionId, readManifest, writeManifest } from './manifest'
import { findUnfinishedSessions, listSessionsOnDisk, readSession, recoverSession, summarise } from './recovery'
import { isJpeg, SessionRecorder } from './session-store'
import { checkSolveVideoInput, renderSolveVideo } from '../solve-video/solve-video'
import { loadSheetLocator } from './locate'
import type { LocateCorners } from './stabilise'

export const VIDEO_NAME = 'timelapse.mp4'

export interface TimelapseServiceOptions {
  /** Folder holding one sub-folder per session; the app passes `app.getPath('userData')/timelapses`. */
  readonly baseDir: string
  readonly ffmpegPath?: string
  /**
   * Sheet corners for stabilising and the `puzzle` crop, with the OpenCV to warp with. Default:
   * the vision pipeline's grid detector (locate.ts), loaded on first use.
   */
  readonly locate?: LocateCorners
  readonly loadCV?: () => Promise<CV>
  readonly queueLimit?: number
  readonly fsync?: boolean
  readonly preset?: X264Preset
  readonly threads?: number
  /** Told whenever a session stops (stopSession, shot limit, disk full), to update the panel. */
  readonly onSessionStopped?: (summary: TimelapseSessionSummary) => void
}

export interface TimelapseService {
  startSession(settings: unknown): Promise<TimelapseSessionSummary>
  /**
   * `board`: what was read from the shot (givens, entries, marks), kept in the manifest. `skipped`:
   * the frame is a look kept but not filmed, and why (SkipReason); it is no shot.
   */
  addFrame(id: unknown, jpeg: unknown, board?: unknown, skipped?: unknown): FrameReceipt
  stopSession(id: unknown): Promise<TimelapseSessionSummary>
  resumeSession(id: unknown): Promise<TimelapseSessionSummary>
  listSessions(): Promise<TimelapseSessionSummary[]>
  unfinishedSessions(): Promise<TimelapseSessionSummary[]>
  recoverSession(id: unknown): Promise<TimelapseSessionSummary>
  encode(id: unknown, settings?: unknown, onProgress?: (p: FramesEncodeProgress) => void, signal?: AbortSignal): Promise<EncodeOutcome>
  videoPath(id: unknown): Promise<string | null>
  deleteFrames(id: unknown): Promise<TimelapseSessionSummary>
  deleteSession(id: unknown): Promise<void>
  /** The session's moves as a plain text log (timelapse/moves-text.ts), from the boards its shots read. */
  movesText(id: unknown): Promise<string>
  /**
   * Draws the solving engine's steps on the board and encodes them as a film in
   * `<baseDir>/solve-videos/`; `givens` is 81 digits (string, array or Uint8Array). Returns the path;
   * the caller deletes the file once it has used it (films left by a crash go at the next export).
   */
  exportSolveVideo(
    givens: unknown,
    steps: unknown,
    onProgress?: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<{ readonly video: string; readonly frames: number }>
  /** Stops every live recording and cancels every encode (app quit). */
  stopAll(): Promise<void>
}

// Arguments from outside that fail a check are the caller's mistake: ValidationError says so as it is.
function checkId(id: unknown): string {
  if (!isSessionId(id)) throw new ValidationError(`Not a time-lapse session id: ${JSON.stringify(id)?.slice(0, 60)}`)
  return id
}

function checkSettings(input: unknown): TimelapseSettings {
  const v = validateTimelapseSettings(input)
  if (!v.ok) throw new ValidationError(`Invalid time-lapse settings: ${v.errors.join('; ')}`)
  return v.value
}

/** Shots taken so far, dropped ones included: every number given out but the skipped looks'. */
function shotsTaken(m: TimelapseManifest): number {
  return m.nextFrame - 1 - (m.looks?.length ?? 0)
}

function checkFrame(jpeg: unknown): Uint8Array {
  // Over IPC a Buffer arrives as a Uint8Array; over the HTTP host the body is a Buffer.
  if (!(jpeg instanceof Uint8Array)) throw new ValidationError('A frame must be JPEG bytes (Uint8Array)')
  if (jpeg.byteLength > MAX_FRAME_BYTES) throw new ValidationError(`A frame must be under ${MAX_FRAME_BYTES} bytes`)
  if (!isJpeg(jpeg)) throw new ValidationError('A frame must be JPEG bytes')
  return jpeg
}

export function createTimelapseService(options: TimelapseServiceOptions): TimelapseService {
  const { baseDir } = options
  const live = new Map<string, SessionRecorder>()
  const busy = new Set<string>()
  /** Encodes under way, cancelled together (and waited for) by stopAll. */
  const running = new Map<AbortController, Promise<unknown>>()
  let solveVideoLeftovers: Promise<void> | undefined

  /** Runs `fn` with a signal that the caller's signal and stopAll both abort. */
  const cancellable = <T>(signal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const controller = new AbortController()
    const forward = () => controller.abort()
    if (signal?.aborted) controller.abort()
    signal?.addEventListener('abort', forward, { once: true })
    const task = fn(controller.signal).finally(() => {
      running.delete(controller)
      signal?.removeEventListener('abort', forward)
    })
    running.set(controller, task)
    return task
  }

  const liveSummary = (r: SessionRecorder): TimelapseSessionSummary => {
    const m = r.manifest
    return {
      id: m.id,
      state: m.state,
      startedAt: m.startedAt,
      frameCount: m.frameCount,
      dropped: m.dropped,
      filmSeconds: filmSeconds(m.frameCount, m.settings.fpsIn),
      error: m.error,
      video: m.video,
      settings: m.settings,
    }
  }

  /** Sessions that stopped while the renderer may still be sending shots, to answer them calmly. */
  const finished = new Map<string, TimelapseManifest>()

  const onStop = (r: SessionRecorder) => () => {
    live.delete(r.id)
    finished.set(r.id, r.manifest)
    options.onSessionStopped?.(liveSummary(r))
  }

  const recorderOptions = () => ({ queueLimit: options.queueLimit, fsync: options.fsync })

  const summaryOf = async (id: string): Promise<TimelapseSessionSummary> => {
    const r = live.get(id)
    if (r) return liveSummary(r)
    const s = await readSession(baseDir, id)
    if (!s) throw new Error(`No time-lapse session ${id}`)
    return summarise(s)
  }

  /** The sheet locator, only when these settings need one (stabilise, puzzle crop). */
  const locatorFor = async (s: TimelapseSettings) => {
    if (!s.stabilise && s.crop.kind !== 'puzzle') return undefined
    if (options.locate && options.loadCV) return { locate: options.locate, loadCV: options.loadCV }
    const sheet = await loadSheetLocator()
    return { locate: sheet.locate, loadCV: async () => sheet.cv }
  }

  const withBusy = async <T>(id: string, what: string, fn: () => Promise<T>): Promise<T> => {
    if (live.has(id)) throw new Error(`Session ${id} is still recording; stop it before you ${what}`)
    if (busy.has(id)) throw new Error(`Session ${id} is busy (encoding or deleting)`)
    busy.add(id)
    try {
      return await fn()
    } finally {
      busy.delete(id)
    }
  }

  return {
    async startSession(settings) {
      const valid = checkSettings(settings)
      let recorder: SessionRecorder | undefined = undefined
      recorder = await SessionRecorder.create(baseDir, valid, { ...recorderOptions(), onStop: () => recorder && onStop(recorder)() })
      live.set(recorder.id, recorder)
      return liveSummary(recorder)
    },

    addFrame(id, jpeg, board, skipped) {
      const key = checkId(id)
      const bytes = checkFrame(jpeg)
      const read = board === undefined ? undefined : shotBoardGuard(board)
      if (skipped !== undefined && !SKIP_REASONS.includes(skipped as SkipReason)) throw new ValidationError(`skipped must be one of ${SKIP_REASONS.join(', ')}`)
      const r = live.get(key)
      if (!r) {
        // Stopped by its shot limit or a full disk a moment ago: the panel learns from the receipt.
        const m = finished.get(key)
        if (!m) throw new Error(`Session ${key} is not recording`)
        return { status: 'stopped', shots: shotsTaken(m), dropped: m.dropped, filmSeconds: filmSeconds(m.frameCount, m.settings.fpsIn), error: m.error }
      }
      const result = skipped === undefined ? r.addFrame(bytes, read) : r.addSkippedLook(bytes, skipped as SkipReason)
      const m = r.manifest
      return {
        status: result.status,
        frame: result.status === 'stopped' ? undefined : result.frame,
        shots: shotsTaken(m),
        dropped: m.dropped,
        filmSeconds: filmSeconds(shotsTaken(m) - m.dropped, m.settings.fpsIn),
        error: m.error,
      }
    },

    async stopSession(id) {
      const key = checkId(id)
      const r = live.get(key)
      if (!r) return summaryOf(key)
      const manifest = await r.stop()
      live.delete(key)
      return summaryOf(manifest.id)
    },

    async resumeSession(id) {
      const key = checkId(id)
      if (live.has(key)) return liveSummary(live.get(key)!)
      return withBusy(key, 'resume it', async () => {
        finished.delete(key)
        await recoverSession(baseDir, key)
        let recorder: SessionRecorder | undefined = undefined
        recorder = await SessionRecorder.resume(baseDir, key, { ...recorderOptions(), onStop: () => recorder && onStop(recorder)() })
        live.set(key, recorder)
        return liveSummary(recorder)
      })
    },

    async listSessions() {
      const onDisk = (await listSessionsOnDisk(baseDir)).map(summarise)
      return onDisk.map((s) => (live.has(s.id) ? liveSummary(live.get(s.id)!) : s))
    },

    async unfinishedSessions() {
      return (await findUnfinishedSessions(baseDir, new Set(live.keys()))).map(summarise)
    },

    async recoverSession(id) {
      const key = checkId(id)
      return withBusy(key, 'recover it', async () => summarise(await recoverSession(baseDir, key)))
    },

    async encode(id, settings, onProgress, signal) {
      const key = checkId(id)
      if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError('onProgress must be a function')
      if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError('signal must be an AbortSignal')
      return withBusy(key, 'encode it', async () => {
        let session = await readSession(baseDir, key)
        if (!session) throw new Error(`No time-lapse session ${key}`)
        // A session a crash left open is closed first: its frames are all usable.
        if (session.manifest.state === 'recording') session = await recoverSession(baseDir, key)
        // The shot interval is how the frames were taken, not an encoding choice: a re-encode keeps
        // the recorded one, else the time stamps would count the panel's interval (0:18 for 4.5 s).
        const recorded = session.manifest.settings
        const chosen = settings === undefined ? recorded : { ...checkSettings(settings), intervalSeconds: recorded.intervalSeconds }
        // The film's folder is checked (and a temp name taken) before any frame is touched.
        const film = await reserveFilm(join(session.dir, VIDEO_NAME))
        const sheet = await locatorFor(chosen).catch(async (error: unknown) => {
          await film.discard()
          throw error
        })
        // Looks kept but not filmed go in only when asked for, in their place among the shots.
        const looks = chosen.includeSkipped ? (await listFrames(session.dir, [SKIPPED_PREFIX])).numbers : []
        const result = await cancellable(signal, (cancel) =>
          encodeFrames({
            dir: session.dir,
            numbers: withLooks(session.frames, looks),
            skipped: new Set(looks),
            settings: chosen,
            output: film,
            stagingDir: join(session.dir, '.staging'),
            locate: sheet?.locate,
            loadCV: sheet?.loadCV,
            shots: session.manifest.shots,
            ffmpegPath: options.ffmpegPath,
            preset: options.preset,
            threads: options.threads,
            signal: cancel,
            onProgress,
          }),
        )
        const manifest = (await readManifest(session.dir)) ?? session.manifest
        await writeManifest(session.dir, { ...manifest, state: 'encoded', video: VIDEO_NAME, updatedAt: new Date().toISOString() })
        return {
          id: key,
          video: result.output,
          frames: result.frames,
          filmSeconds: filmSeconds(result.frames, chosen.fpsIn),
          registrationFailures: result.registrationFailures,
          skippedFrames: result.skippedFrames,
          notes: result.notes,
          elapsedSeconds: result.elapsedSeconds,
        }
      })
    },

    async videoPath(id) {
      const key = checkId(id)
      const s = await readSession(baseDir, key)
      // The manifest names the film, but only our own fixed name is ever trusted as a path, and
      // only a regular file there: a symbolic link is not followed.
      if (!s || s.manifest.video !== VIDEO_NAME) return null
      const video = join(s.dir, VIDEO_NAME)
      return (await lstat(video).catch(() => null))?.isFile() ? video : null
    },

    async deleteFrames(id) {
      const key = checkId(id)
      return withBusy(key, 'delete its frames', async () => {
        const s = await readSession(baseDir, key)
        if (!s) throw new Error(`No time-lapse session ${key}`)
        // Only files in the session's own (real) folder; a link is removed as a link, never followed.
        for (const entry of await readdir(s.dir, { withFileTypes: true })) {
          const name = entry.name
          if (!entry.isDirectory() && (frameNumber(name) !== undefined || (name.startsWith('.') && name.endsWith('.tmp')))) await unlink(join(s.dir, name))
        }
        await writeManifest(s.dir, { ...s.manifest, state: s.manifest.state === 'recording' ? 'stopped' : s.manifest.state, frameCount: 0 })
        return summaryOf(key)
      })
    },

    async deleteSession(id) {
      const key = checkId(id)
      await withBusy(key, 'delete it', async () => {
        const s = await readSession(baseDir, key)
        if (!s) throw new Error(`No time-lapse session ${key}`)
        await rm(s.dir, { recursive: true, force: true })
        finished.delete(key)
      })
    },

    async movesText(id) {
      const key = checkId(id)
      const manifest = live.get(key)?.manifest ?? (await readSession(baseDir, key))?.manifest
      if (!manifest) throw new Error(`No time-lapse session ${key}`)
      // A session shot every interval read no boards: it has frames but no moves.
      if (!manifest.shots?.length) throw new Error('This session recorded no boards: it was shot every interval, not when the paper changed.')
      return movesText(movesOf(manifest.shots))
    },

    async exportSolveVideo(givens, steps, onProgress, signal) {
      const input = checkSolveVideoInput(givens, steps)
      if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError('onProgress must be a function')
      if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError('signal must be an AbortSignal')
      const name = `solve-${newSessionId()}`
      const dir = join(baseDir, 'solve-videos')
      // Films an earlier run handed out but never deleted (it crashed first) go once per run.
      solveVideoLeftovers ??= rm(dir, { recursive: true, force: true })
      await solveVideoLeftovers
      await mkdir(dir, { recursive: true })
      const output = await reserveFilm(join(dir, `${name}.mp4`))
      const result = await cancellable(signal, (cancel) =>
        renderSolveVideo(input.givens, input.steps, { output, ffmpegPath: options.ffmpegPath, preset: options.preset, signal: cancel, onProgress }),
      )
      return { video: result.output, frames: result.frames }
    },

    async stopAll() {
      for (const controller of running.keys()) controller.abort()
      await Promise.allSettled(running.values())
      await Promise.all([...live.values()].map((r) => r.stop()))
      live.clear()
    },
  }
}
