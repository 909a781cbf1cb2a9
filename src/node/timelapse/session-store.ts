/**
 * Records one session: shots arrive as JPEG bytes and are written as numbered frames in the
 * session folder, with the manifest kept up to date.
 *
 * Capture must never wait on the disk, so `addFrame` only queues: when the queue is full the shot
 * is dropped and counted (its number is skipped, so the gap shows where time passed). Disk full or
 * an unwritable folder stops the session with a message and keeps every frame already saved.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { TimelapseManifest, TimelapseSettings } from '../../shared/timelapse/settings'
import { SKIPPED_LOOK_SECONDS, type SkipReason } from '../../shared/timelapse/skipped'
import type { ShotBoard } from '../../shared/timelapse/shots'
import { writeFileAtomic } from '../atomic-file'
import { FRAME_PREFIX, frameName, lastNumberOnDisk, listFrames, MAX_FRAME_NUMBER, SKIPPED_PREFIX } from './frame-names'
import { newSessionId, readManifest, sessionDir, writeManifest } from './manifest'
import { isStoppingError, storageMessage } from './storage-errors'

export interface RecorderOptions {
  /** Shots waiting to be written before new ones are dropped. Default 8 (seconds at 1 shot/s). */
  readonly queueLimit?: number
  /** Flush every frame to the disk (survives power cuts). Default true. */
  readonly fsync?: boolean
  readonly now?: () => Date
  /** Called once when the session stops: by `stop()`, at the shot limit, or on a storage error. */
  readonly onStop?: (manifest: TimelapseManifest) => void
}

export type AddFrameResult =
  | { readonly status: 'queued'; readonly frame: number }
  | { readonly status: 'dropped'; readonly frame: number }
  | { readonly status: 'stopped'; readonly error: string | null }

/** JPEG files start with the SOI marker and another marker byte. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}

export class SessionRecorder {
  readonly dir: string
  private state: TimelapseManifest
  private readonly queue: { n: number; bytes: Uint8Array; prefix: string }[] = []
  private draining: Promise<void> | undefined
  private accepting = true
  private settled: Promise<void> | undefined

  private constructor(
    dir: string,
    manifest: TimelapseManifest,
    private readonly options: RecorderOptions,
  ) {
    this.dir = dir
    this.state = manifest
  }

  /** Makes a new session folder under `baseDir` and writes its first manifest. */
  static async create(baseDir: string, settings: TimelapseSettings, options: RecorderOptions = {}): Promise<SessionRecorder> {
    const now = options.now?.() ?? new Date()
    const id = newSessionId(now)
    const dir = sessionDir(baseDir, id)
    try {
      await mkdir(baseDir, { recursive: true })
      // Not recursive: two sessions started in the same second with the same random suffix must
      // not share a folder, so an existing one is an error (EEXIST), not a reuse.
      await mkdir(dir)
    } catch (error) {
      throw new Error(storageMessage(error, baseDir), { cause: error })
    }
    const manifest: TimelapseManifest = {
      version: 1,
      id,
      settings,
      startedAt: now.toISOString(),
      state: 'recording',
      frameCount: 0,
      nextFrame: 1,
      dropped: 0,
      error: null,
      video: null,
      updatedAt: now.toISOString(),
      shots: [],
    }
    try {
      await writeManifest(dir, manifest, options.fsync ?? true)
    } catch (error) {
      throw new Error(storageMessage(error, dir), { cause: error })
    }
    return new SessionRecorder(dir, manifest, options)
  }

  /** Continues an existing session after the last frame on disk (after a crash or a stop). */
  static async resume(baseDir: string, id: string, options: RecorderOptions = {}): Promise<SessionRecorder> {
    const dir = sessionDir(baseDir, id)
    const manifest = await readManifest(dir)
    if (!manifest) throw new Error(`No readable time-lapse session ${id}`)
    const { numbers } = await listFrames(dir)
    const resumed: TimelapseManifest = {
      ...manifest,
      state: 'recording',
      frameCount: numbers.length,
      nextFrame: Math.max(manifest.nextFrame, (await lastNumberOnDisk(dir)) + 1),
      error: null,
      updatedAt: (options.now?.() ?? new Date()).toISOString(),
    }
    await writeManifest(dir, resumed, options.fsync ?? true)
    return new SessionRecorder(dir, resumed, options)
  }

  get id(): string {
    return this.state.id
  }

  get manifest(): TimelapseManifest {
    return this.state
  }

  get recording(): boolean {
    return this.accepting
  }

  get queued(): number {
    return this.queue.length
  }

  /**
   * Never waits: queues the shot for writing, or drops and counts it when the queue is full. The
   * board read from the shot, when given, is recorded with its time either way: the paper's
   * progress is known even when the picture could not be kept.
   */
  addFrame(jpeg: Uint8Array, board?: ShotBoard): AddFrameResult {
    if (!this.accepting) return { status: 'stopped', error: this.state.error }
    if (!isJpeg(jpeg)) throw new TypeError('A time-lapse frame must be JPEG bytes')
    const n = this.state.nextFrame
    if (n > MAX_FRAME_NUMBER) {
      this.finish(null)
      return { status: 'stopped', error: null }
    }
    this.state = { ...this.state, nextFrame: n + 1 }
    if (board) this.state = { ...this.state, shots: [...(this.state.shots ?? []), { frame: n, seconds: this.secondsSinceStart(), ...board }] }
    let result: AddFrameResult
    if (this.queue.length >= (this.options.queueLimit ?? 8)) {
      this.state = { ...this.state, dropped: this.state.dropped + 1 }
      result = { status: 'dropped', frame: n }
    } else {
      this.queue.push({ n, bytes: jpeg, prefix: FRAME_PREFIX })
      result = { status: 'queued', frame: n }
    }
    const limit = this.state.settings.stopAfterFrames
    if (limit !== null && n >= limit) this.finish(null)
    this.kick()
    return result
  }

  /**
   * Keeps a look that was not filmed, marked with why, under the skipped prefix and the next shot
   * number. Never waits, and keeps at most one per SKIPPED_LOOK_SECONDS: a look sooner after the
   * last kept one, or one the queue has no room for, is let go (it is no shot, so not counted).
   */
  addSkippedLook(jpeg: Uint8Array, reason: SkipReason): AddFrameResult {
    if (!this.accepting) return { status: 'stopped', error: this.state.error }
    if (!isJpeg(jpeg)) throw new TypeError('A time-lapse frame must be JPEG bytes')
    const n = this.state.nextFrame
    const seconds = this.secondsSinceStart()
    const last = this.state.looks?.at(-1)
    const full = this.queue.length >= (this.options.queueLimit ?? 8)
    if (n > MAX_FRAME_NUMBER || full || (last && seconds - last.seconds < SKIPPED_LOOK_SECONDS)) return { status: 'dropped', frame: n }
    this.state = { ...this.state, nextFrame: n + 1, looks: [...(this.state.looks ?? []), { frame: n, seconds, kind: 'skipped', reason }] }
    this.queue.push({ n, bytes: jpeg, prefix: SKIPPED_PREFIX })
    this.kick()
    return { status: 'queued', frame: n }
  }

  /** Stops taking shots, writes what is queued, and marks the session stopped. */
  async stop(): Promise<TimelapseManifest> {
    this.accepting = false
    await this.idle()
    await this.settle()
    return this.state
  }

  /** Resolves when every queued frame has been written (or given up on). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining
  }

  private kick(): void {
    if (this.draining || this.queue.length === 0) return
    this.draining = this.drain().finally(() => {
      this.draining = undefined
      if (this.queue.length) this.kick()
      else if (!this.accepting) void this.settle()
    })
  }

  private async drain(): Promise<void> {
    const fsync = this.options.fsync ?? true
    while (this.queue.length) {
      const { n, bytes, prefix } = this.queue[0]
      try {
        await writeFileAtomic(join(this.dir, frameName(n, prefix)), bytes, { fsync })
      } catch (error) {
        this.fail(error)
        return
      }
      this.queue.shift()
      this.state = { ...this.state, frameCount: this.state.frameCount + (prefix === FRAME_PREFIX ? 1 : 0), updatedAt: this.nowIso() }
      // The manifest follows each write batch, not each frame, when shots queue up.
      if (this.queue.length === 0) {
        try {
          await this.saveManifest()
        } catch (error) {
          this.fail(error)
          return
        }
      }
    }
  }

  /** Storage failure: stop, keep what is saved, and count the shots that can no longer be written. */
  private fail(error: unknown): void {
    if (!isStoppingError(error)) console.error('time-lapse: unexpected write error', error)
    const lost = this.queue.length
    this.queue.length = 0
    this.state = { ...this.state, dropped: this.state.dropped + lost, error: storageMessage(error, this.dir) }
    this.finish(this.state.error)
  }

  private finish(error: string | null): void {
    this.accepting = false
    this.state = { ...this.state, error }
    if (!this.draining && this.queue.length === 0) void this.settle()
  }

  /** Writes the final manifest once the queue is empty, then tells the owner; runs once. */
  private settle(): Promise<void> {
    this.settled ??= (async () => {
      this.state = { ...this.state, state: 'stopped', updatedAt: this.nowIso() }
      // On a full disk this may fail too; the frames are the truth and recovery recounts them.
      await this.saveManifest().catch(() => undefined)
      this.options.onStop?.(this.state)
    })()
    return this.settled
  }

  private saveManifest(): Promise<void> {
    return writeManifest(this.dir, this.state, this.options.fsync ?? true)
  }

  private secondsSinceStart(): number {
    return Math.max(0, (this.now().getTime() - Date.parse(this.state.startedAt)) / 1000)
  }

  private now(): Date {
    return this.options.now?.() ?? new Date()
  }

  private nowIso(): string {
    return this.now().toISOString()
  }
}
