/**
 * Time-lapse vocabulary shared by the renderer's panel, the main-process recorder and encoder,
 * and the CLI: the settings, their validation, the manifest kept next to the frames, and the
 * progress reported while encoding. Pure data and functions (no Node, no DOM).
 */
import type { ShotRecord } from './shots'
import type { SkippedLook } from './skipped'

/** Which part of each frame goes into the film. `puzzle` is resolved to a rectangle at encode time. */
export type TimelapseCrop =
  | { readonly kind: 'full' }
  | { readonly kind: 'puzzle' }
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly width: number; readonly height: number }

export interface FrameSize {
  readonly width: number
  readonly height: number
}

/**
 * `interval`: a shot every `intervalSeconds`. `changes`: a shot when something new is written on the
 * paper and the hand has left the grid (timelapse/trigger.ts), no closer than `intervalSeconds`
 * and at least every `maxIntervalSeconds` while the grid is in view.
 */
export type ShotMode = 'interval' | 'changes'

export interface TimelapseSettings {
  readonly shotMode: ShotMode
  /** Seconds between shots while recording (the shortest gap in `changes` mode). */
  readonly intervalSeconds: number
  /** `changes` mode: the longest gap between shots while the grid is in view. */
  readonly maxIntervalSeconds: number
  /** Stop on its own after this many shots; null runs until stopped. */
  readonly stopAfterFrames: number | null
  /** Shots per second of film. */
  readonly fpsIn: number
  /** Frame rate of the written video (ffmpeg repeats shots to reach it). */
  readonly fpsOut: number
  readonly crop: TimelapseCrop
  /** Output size; the picture is fitted inside and padded. null keeps the frames' own size. */
  readonly size: FrameSize | null
  /** x264 constant rate factor: 0 lossless … 51 worst; 18–23 looks good. */
  readonly crf: number
  /** Register every frame to the first one so the sheet stays still. */
  readonly stabilise: boolean
  /** Print the elapsed recording time in a corner of every frame. */
  readonly stampElapsed: boolean
  /**
   * Draw what the paper shows into the film (elapsed time, digits filled, the technique behind each
   * new digit, a final card) from the boards recorded per shot; the frames on disk stay clean.
   */
  readonly annotate: boolean
  /**
   * `changes` mode: keep a look the trigger did not film (a hand over the grid, nothing new) now and
   * then on disk, marked as skipped (SKIPPED_LOOK_SECONDS apart at the closest).
   */
  readonly keepSkipped: boolean
  /** Encode the kept skipped looks too, in their place; by default a film has only the shots. */
  readonly includeSkipped: boolean
}

export const TIMELAPSE_LIMITS = {
  intervalSeconds: { min: 0.5, max: 60 },
  maxIntervalSeconds: { min: 1, max: 3600 },
  stopAfterFrames: { min: 1, max: 9_999_999 },
  fps: { min: 1, max: 120 },
  crf: { min: 0, max: 51 },
  size: { min: 16, max: 7680 },
} as const

export const DEFAULT_TIMELAPSE_SETTINGS: TimelapseSettings = {
  shotMode: 'interval',
  intervalSeconds: 2,
  maxIntervalSeconds: 60,
  stopAfterFrames: null,
  fpsIn: 10,
  fpsOut: 24,
  crop: { kind: 'full' },
  size: { width: 1280, height: 720 },
  crf: 20,
  stabilise: false,
  stampElapsed: false,
  annotate: false,
  keepSkipped: false,
  includeSkipped: false,
}

/** Seconds of film that `frames` shots give at `fpsIn` shots per second. */
export function filmSeconds(frames: number, fpsIn: number): number {
  if (!(frames > 0) || !(fpsIn > 0)) return 0
  return frames / fpsIn
}

/** Frames ffmpeg will write: shots are repeated or dropped to reach `fpsOut`. */
export function outputFrameCount(frames: number, fpsIn: number, fpsOut: number): number {
  return Math.max(0, Math.round(filmSeconds(frames, fpsIn) * fpsOut))
}

/** "1280x720" (also "1280×720") -> { width, height }; undefined when it is not two positive integers. */
export function parseFrameSize(text: string): FrameSize | undefined {
  const m = /^\s*(\d{1,5})\s*[x×X]\s*(\d{1,5})\s*$/.exec(text)
  if (!m) return undefined
  const size = { width: Number(m[1]), height: Number(m[2]) }
  return size.width > 0 && size.height > 0 ? size : undefined
}

export type Validated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly string[] }

/** The checks the settings and the manifest's records are read with (timelapse/skipped.ts too). */
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)
export const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x)
export const isInt = (x: unknown): x is number => Number.isInteger(x)

/**
 * Checks settings that crossed a process boundary (IPC, HTTP, a manifest on disk). Missing fields
 * take their defaults, so an older manifest still loads; wrong types and out-of-range values are
 * reported one message per field, in words the panel can show.
 */
export function validateTimelapseSettings(input: unknown): Validated<TimelapseSettings> {
  if (!isRecord(input)) return { ok: false, errors: ['settings must be an object'] }
  const errors: string[] = []
  const d = DEFAULT_TIMELAPSE_SETTINGS
  const L = TIMELAPSE_LIMITS
  const pick = <K extends keyof TimelapseSettings>(key: K): unknown => (key in input ? input[key] : d[key])

  const inRange = (name: string, x: unknown, min: number, max: number, integer: boolean): number => {
    if (!isFiniteNumber(x) || (integer && !isInt(x)) || x < min || x > max) {
      errors.push(`${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`)
      return min
    }
    return x
  }

  const shotMode = pick('shotMode')
  if (shotMode !== 'interval' && shotMode !== 'changes') errors.push("shotMode must be 'interval' or 'changes'")
  const intervalSeconds = inRange('intervalSeconds', pick('intervalSeconds'), L.intervalSeconds.min, L.intervalSeconds.max, false)
  const maxIntervalSeconds = inRange('maxIntervalSeconds', pick('maxIntervalSeconds'), L.maxIntervalSeconds.min, L.maxIntervalSeconds.max, false)
  if (maxIntervalSeconds < intervalSeconds) errors.push('maxIntervalSeconds must not be below intervalSeconds')
  const stopRaw = pick('stopAfterFrames')
  const stopAfterFrames = stopRaw === null ? null : inRange('stopAfterFrames', stopRaw, L.stopAfterFrames.min, L.stopAfterFrames.max, true)
  const fpsIn = inRange('fpsIn', pick('fpsIn'), L.fps.min, L.fps.max, false)
  const fpsOut = inRange('fpsOut', pick('fpsOut'), L.fps.min, L.fps.max, false)
  const crf = inRange('crf', pick('crf'), L.crf.min, L.crf.max, true)

  let crop: TimelapseCrop = d.crop
  const cropRaw = pick('crop')
  if (isRecord(cropRaw) && (cropRaw.kind === 'full' || cropRaw.kind === 'puzzle')) crop = { kind: cropRaw.kind }
  else if (isRecord(cropRaw) && cropRaw.kind === 'rect') {
    const n = errors.length
    const x = inRange('crop.x', cropRaw.x, 0, L.size.max, true)
    const y = inRange('crop.y', cropRaw.y, 0, L.size.max, true)
    const width = inRange('crop.width', cropRaw.width, 2, L.size.max, true)
    const height = inRange('crop.height', cropRaw.height, 2, L.size.max, true)
    if (errors.length === n) crop = { kind: 'rect', x, y, width, height }
  } else errors.push("crop must be { kind: 'full' }, { kind: 'puzzle' } or { kind: 'rect', x, y, width, height }")

  let size: FrameSize | null = null
  const sizeRaw = pick('size')
  if (typeof sizeRaw === 'string') {
    const parsed = parseFrameSize(sizeRaw)
    if (parsed) size = parsed
    else errors.push('size must look like 1280x720')
  } else if (isRecord(sizeRaw)) {
    const n = errors.length
    const width = inRange('size.width', sizeRaw.width, L.size.min, L.size.max, true)
    const height = inRange('size.height', sizeRaw.height, L.size.min, L.size.max, true)
    if (errors.length === n) size = { width, height }
  } else if (sizeRaw !== null) errors.push('size must be { width, height }, "1280x720" or null')
  if (size && (size.width < L.size.min || size.height < L.size.min || size.width > L.size.max || size.height > L.size.max))
    errors.push(`size must be from ${L.size.min} to ${L.size.max} pixels each way`)

  const flag = (name: 'stabilise' | 'stampElapsed' | 'annotate' | 'keepSkipped' | 'includeSkipped'): boolean => {
    const x = pick(name)
    if (typeof x !== 'boolean') errors.push(`${name} must be true or false`)
    return x === true
  }
  const stabilise = flag('stabilise')
  const stampElapsed = flag('stampElapsed')
  const annotate = flag('annotate')
  const keepSkipped = flag('keepSkipped')
  const includeSkipped = flag('includeSkipped')

  if (errors.length) return { ok: false, errors }
  return {
    ok: true,
    value: {
      shotMode: shotMode as ShotMode,
      intervalSeconds,
      maxIntervalSeconds,
      stopAfterFrames,
      fpsIn,
      fpsOut,
      crop,
      size,
      crf,
      stabilise,
      stampElapsed,
      annotate,
      keepSkipped,
      includeSkipped,
    },
  }
}

/**
 * Session ids name folders, so they must never carry a path: "20261122T153855Z-1a2b3c" only.
 * Checked on every call that takes an id from outside.
 */
export const SESSION_ID_PATTERN = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/

export function isSessionId(x: unknown): x is string {
  return typeof x === 'string' && SESSION_ID_PATTERN.test(x)
}

/** recording: frames may still arrive (or the app died while they did); stopped: complete; encoded: a film exists. */
export type SessionState = 'recording' | 'stopped' | 'encoded'

/** The small JSON file kept next to the frames (`manifest.json`). */
export interface TimelapseManifest {
  readonly version: 1
  readonly id: string
  readonly settings: TimelapseSettings
  /** ISO 8601 time of the first shot slot. */
  readonly startedAt: string
  readonly state: SessionState
  /** Frames written to disk (gaps from dropped shots are not counted). */
  readonly frameCount: number
  /** Number the next shot will get; numbers follow shots, so a dropped shot leaves a gap. */
  readonly nextFrame: number
  /** Shots dropped because the write queue was full. */
  readonly dropped: number
  /** Why recording stopped early (disk full, unwritable folder), in words. */
  readonly error: string | null
  /** File name of the last encoded film inside the session folder. */
  readonly video: string | null
  readonly updatedAt: string
  /**
   * The board as read at each shot that came with one, in shot order (timelapse/shots.ts); absent
   * in manifests written before boards were recorded, which load as having none.
   */
  readonly shots?: readonly ShotRecord[]
  /** Looks kept on disk but not filmed (`keepSkipped`), in order; absent in older manifests. */
  readonly looks?: readonly SkippedLook[]
}

/** What the session list shows. */
export interface TimelapseSessionSummary {
  readonly id: string
  readonly state: SessionState
  readonly startedAt: string
  readonly frameCount: number
  readonly dropped: number
  readonly filmSeconds: number
  readonly error: string | null
  readonly video: string | null
  readonly settings: TimelapseSettings
}

/** One progress report while ffmpeg runs; `percent` is 0..100, or null when the total is unknown. */
export interface EncodeProgress {
  readonly frame: number
  readonly fps: number
  readonly timeSeconds: number
  readonly speed: number | null
  readonly percent: number | null
}

/** What main answers for each shot the renderer sends while recording. */
export interface FrameReceipt {
  readonly status: 'queued' | 'dropped' | 'stopped'
  /** The shot's number (absent once stopped). */
  readonly frame?: number
  /** Shots taken so far, dropped ones included. */
  readonly shots: number
  readonly dropped: number
  readonly filmSeconds: number
  /** Why recording stopped early, when it did. */
  readonly error: string | null
}

/** The result of encoding a session. */
export interface EncodeOutcome {
  readonly id: string
  /** Absolute path of the film. */
  readonly video: string
  readonly frames: number
  readonly filmSeconds: number
  readonly registrationFailures: number
  /** Shots left out because they were empty or damaged (the notes say so too). */
  readonly skippedFrames: number
  readonly notes: readonly string[]
  readonly elapsedSeconds: number
}
