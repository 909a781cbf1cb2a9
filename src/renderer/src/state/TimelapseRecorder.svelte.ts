import { counted } from '../../../shared/counted'
import type { Events } from '../../../shared/ipc'
import {
  DEFAULT_TIMELAPSE_SETTINGS,
  type EncodeOutcome,
  type TimelapseSessionSummary,
  type TimelapseSettings,
  filmSeconds,
} from '../../../shared/timelapse/settings'
import type { SkipReason } from '../../../shared/timelapse/skipped'
import type { ShotBoard } from '../../../shared/timelapse/shots'
import type { TriggerOptions } from '../../../shared/timelapse/trigger'
import { host } from '../host'
import { PaperWatch } from './PaperWatch.svelte'
import { DEFAULT_STEADINESS } from './steadiness'

export type EncodeProgress = Events['timelapse:progress']

/** The settings as the panel's form edits them. */
export type EditableSettings = { -readonly [K in keyof TimelapseSettings]: TimelapseSettings[K] }

/** JPEG quality of the shots sent to main: high, since the film is compressed again by x264. */
const SHOT_QUALITY = 0.9

/** How often the elapsed time and the next-shot countdown are refreshed while recording: a quarter second reads as live. */
const CLOCK_TICK_MS = 250

/**
 * Records a time-lapse from a camera stream: grabs a shot every interval, sends it as JPEG to the
 * main process (which writes the numbered sequence), and encodes sessions with progress. A shot
 * whose predecessor is still being sent is dropped and counted, so capture never piles up.
 */
export class TimelapseRecorder {
  settings = $state<EditableSettings>({ ...DEFAULT_TIMELAPSE_SETTINGS })
  current = $state.raw<TimelapseSessionSummary | null>(null)
  shots = $state(0)
  dropped = $state(0)
  message = $state('')
  sessions = $state.raw<TimelapseSessionSummary[]>([])
  unfinished = $state.raw<TimelapseSessionSummary[]>([])
  progress = $state.raw<EncodeProgress | null>(null)
  encodingId = $state<string | null>(null)
  lastFilm = $state.raw<EncodeOutcome | null>(null)
  /** True from the click on Record until the session exists, so a second click cannot start a second recording. */
  starting = $state(false)
  /** When the recording and its last shot began (ms, `Date.now()`), and the clock ticking between them. */
  startedAt = $state(0)
  lastShotAt = $state(0)
  now = $state(0)

  /** Watches the paper in "changes" mode: shots, boards, digits filled, the check on demand. */
  readonly paper = new PaperWatch()
  /** Stop by itself once the paper is solved without a mistake ("changes" mode). */
  stopWhenSolved = $state(true)

  /** Film length the recording so far gives. */
  filmLength = $derived(filmSeconds(this.shots - this.dropped, this.settings.fpsIn))
  recording = $derived(this.current !== null)
  elapsedSeconds = $derived(this.recording ? Math.max(0, (this.now - this.startedAt) / 1000) : 0)
  /** Seconds until the next shot, for the countdown beside the Stop button. */
  nextShotSeconds = $derived(this.recording ? Math.max(0, this.settings.intervalSeconds - (this.now - this.lastShotAt) / 1000) : 0)

  private timer: ReturnType<typeof setInterval> | undefined
  private clock: ReturnType<typeof setInterval> | undefined
  private sending = false
  private delivering: Promise<void> = Promise.resolve()
  private canvas: HTMLCanvasElement | undefined
  private video: HTMLVideoElement | undefined
  private unsubscribe: (() => void) | undefined

  /** Listens to progress and to recordings that stop on their own; lists sessions. */
  async connect(): Promise<void> {
    this.unsubscribe = host.onEvent((event, payload) => {
      if (event === 'timelapse:progress') this.progress = payload as EncodeProgress
      if (event === 'timelapse:stopped') this.onStoppedByMain(payload as TimelapseSessionSummary)
    })
    await this.refresh()
  }

  disconnect(): void {
    this.unsubscribe?.()
    this.paper.dispose()
    if (this.current) void this.stop()
  }

  async refresh(): Promise<void> {
    this.sessions = await host.call('timelapse:list')
    this.unfinished = await host.call('timelapse:unfinished')
  }

  /**
   * Starts a session and shoots every interval. `video` must be playing; a call while a recording
   * is starting or running is ignored (one recording at a time).
   */
  async start(video: HTMLVideoElement): Promise<void> {
    if (this.recording || this.starting) return
    this.starting = true
    try {
      this.current = await host.call('timelapse:start', $state.snapshot(this.settings))
    } finally {
      this.starting = false
    }
    this.video = video
    this.shots = 0
    this.dropped = 0
    this.message = ''
    this.startedAt = this.now = this.lastShotAt = Date.now()
    this.clock = setInterval(() => (this.now = Date.now()), CLOCK_TICK_MS)
    if (this.settings.shotMode === 'changes') {
      const keep = this.settings.keepSkipped ? (frame: HTMLCanvasElement, reason: SkipReason) => this.keepSkipped(frame, reason) : undefined
      this.paper.start(video, triggerOptions(this.settings), (frame, board) => this.shootPaper(frame, board), keep)
      return
    }
    this.timer = setInterval(() => void this.shoot(), this.settings.intervalSeconds * 1000)
    void this.shoot()
  }

  async stop(): Promise<void> {
    this.halt()
    const current = this.current
    this.current = null
    if (!current) return
    // A shot already taken is still on its way to main: it is part of the recording the counter showed.
    await this.delivering
    const summary = await host.call('timelapse:stop', { id: current.id })
    this.message = recordedText(summary)
    await this.refresh()
  }

  async encode(id: string, withCurrentSettings: boolean): Promise<void> {
    this.encodingId = id
    this.progress = null
    this.message = 'Encoding…'
    try {
      const settings = withCurrentSettings ? ($state.snapshot(this.settings) as TimelapseSettings) : undefined
      this.lastFilm = await host.call('timelapse:encode', { id, ...(settings ? { settings } : {}) })
      const notes = this.lastFilm.notes.length ? ` ${this.lastFilm.notes.join(' ')}` : ''
      this.message = `Film ready: ${counted(this.lastFilm.frames, 'frame')}, ${formatSeconds(this.lastFilm.filmSeconds)}.${notes}`
    } catch (error) {
      this.message = `Encoding failed: ${(error as Error).message}`
    } finally {
      this.encodingId = null
      await this.refresh()
    }
  }

  /** Saves a session's moves as a plain text log where the user chooses (web mode: a download). */
  async saveMoves(id: string): Promise<void> {
    try {
      if (await host.saveFile({ name: `sudoku-moves-${id}.txt`, data: await host.call('timelapse:moves', { id }) })) this.message = 'Moves saved.'
    } catch (error) {
      this.message = `Could not save the moves: ${(error as Error).message}`
    }
  }

  cancelEncode(): void {
    if (this.encodingId) void host.call('timelapse:cancel-encode', { id: this.encodingId })
  }

  async act(action: 'timelapse:resume' | 'timelapse:delete-frames' | 'timelapse:delete', id: string): Promise<void> {
    try {
      await host.call(action, { id })
    } catch (error) {
      this.message = (error as Error).message
    }
    await this.refresh()
  }

  private async shoot(): Promise<void> {
    const current = this.current
    const video = this.video
    if (!current || !video || video.readyState < 2) return
    this.lastShotAt = Date.now()
    this.shots++
    if (this.sending) {
      this.dropped++
      return
    }
    this.sending = true
    try {
      const canvas = (this.canvas ??= document.createElement('canvas'))
      const receipt = await this.deliver(async () => host.call('timelapse:frame', { id: current.id, jpeg: await grabJpeg(video, canvas) }))
      if (receipt.status === 'dropped') this.dropped++
      if (receipt.status === 'stopped') this.onStoppedByMain(await host.call('timelapse:stop', { id: current.id }))
      // The limit is on frames in the film (the panel says how long a film it gives): a shot dropped because the last was still being sent is none.
      if (this.settings.stopAfterFrames !== null && this.shots - this.dropped >= this.settings.stopAfterFrames) await this.stop()
    } catch (error) {
      this.message = `Recording stopped: ${(error as Error).message}`
      await this.stop()
    } finally {
      this.sending = false
    }
  }

  /** A "changes" shot: the frame the paper watch saw change, with the board read from it. */
  private async shootPaper(frame: HTMLCanvasElement, board: ShotBoard): Promise<void> {
    const current = this.current
    if (!current) return
    this.shots++
    try {
      const receipt = await this.deliver(async () => host.call('timelapse:frame', { id: current.id, jpeg: await canvasJpeg(frame), board }))
      if (receipt.status === 'dropped') this.dropped++
      if (receipt.status === 'stopped') this.onStoppedByMain(await host.call('timelapse:stop', { id: current.id }))
      else if (this.stopWhenSolved && this.paper.solvedCorrectly()) {
        await this.stop()
        this.message = `Solved without a mistake: recording stopped by itself after ${counted(this.shots - this.dropped, 'frame')}.`
      }
    } catch (error) {
      this.message = `Recording stopped: ${(error as Error).message}`
      await this.stop()
    }
  }

  /** A look not filmed, kept on disk marked with why; no shot, so the counters stay as they are. */
  private async keepSkipped(frame: HTMLCanvasElement, reason: SkipReason): Promise<void> {
    const current = this.current
    if (!current) return
    try {
      await this.deliver(async () => host.call('timelapse:frame', { id: current.id, jpeg: await canvasJpeg(frame), skipped: reason }))
    } catch {
      // A look is a nice-to-have: one that could not be kept does not stop the recording.
    }
  }

  private onStoppedByMain(summary: TimelapseSessionSummary): void {
    if (summary.id !== this.current?.id) return
    this.halt()
    this.current = null
    this.message = summary.error ? `Recording stopped: ${summary.error} ${savedText(summary.frameCount)}` : recordedText(summary)
    void this.refresh()
  }

  /** Sends one shot, remembered until it has arrived so that stop() waits for it. */
  private deliver<T>(send: () => Promise<T>): Promise<T> {
    const sent = send()
    this.delivering = sent.then(
      () => undefined,
      () => undefined,
    )
    return sent
  }

  private halt(): void {
    this.paper.stop()
    clearInterval(this.timer)
    clearInterval(this.clock)
    this.timer = this.clock = undefined
  }
}

async function grabJpeg(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<Uint8Array> {
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  canvas.getContext('2d')!.drawImage(video, 0, 0)
  return canvasJpeg(canvas)
}

async function canvasJpeg(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SHOT_QUALITY))
  if (!blob) throw new Error('The camera frame could not be encoded.')
  return new Uint8Array(await blob.arrayBuffer())
}

/** The trigger's intervals from the settings; the hold is the camera view's steadiness hold. */
function triggerOptions(s: TimelapseSettings): TriggerOptions {
  return { minIntervalMs: s.intervalSeconds * 1000, maxIntervalMs: s.maxIntervalSeconds * 1000, holdMs: DEFAULT_STEADINESS.holdMs }
}

export function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds * 10) / 10
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${Math.round(whole % 60)} s`
}

/** The same words whether the person stopped the recording or it stopped itself (a shot limit, the puzzle solved). */
function recordedText(summary: TimelapseSessionSummary): string {
  return `Recorded ${counted(summary.frameCount, 'frame')} (${formatSeconds(summary.filmSeconds)} of film).`
}

/** What a recording that stopped on an error kept. */
function savedText(frames: number): string {
  if (frames === 0) return 'No frame had been saved.'
  return frames === 1 ? 'The frame saved is kept.' : `The ${frames} frames saved are kept.`
}
