/**
 * The one map of every channel between the renderer and the main process.
 *
 * `ServiceApi` channels are plain services, served the same way over Electron IPC and over the
 * loopback HTTP host of web mode. `ShellApi` channels need the desktop shell (native dialogs,
 * the file manager) and exist only in Electron; web mode uses browser equivalents instead.
 * Every request is validated by `requestGuards` before a handler sees it; errors cross as
 * plain `{ name, message }`.
 */
import { type Guard, ValidationError, boolean, bytes, isPlainObject, literal, none, nullable, object, optional, partial, present, string } from './guards'
import { MAX_SAVED_PUZZLE_BYTES } from './saved-puzzle'
import { type GameList, MAX_GAME_PHOTO_BYTES, type SavedGame, gameId, savedGame } from './saved-game'
import {
  type EncodeOutcome,
  type FrameReceipt,
  SESSION_ID_PATTERN,
  type TimelapseSessionSummary,
  type TimelapseSettings,
  validateTimelapseSettings,
} from './timelapse/settings'
import { SKIP_REASONS, type SkipReason } from './timelapse/skipped'
import { type ShotBoard, shotBoardGuard } from './timelapse/shots'

export interface AppInfo {
  readonly name: string
  readonly version: string
  readonly mode: 'electron' | 'web'
  readonly platform: string
}

export interface UserSettings {
  /** The camera the user picked last, remembered across runs. */
  readonly cameraDeviceId: string | null
  readonly mirrorPreview: boolean
  readonly showCandidates: boolean
}

export const DEFAULT_SETTINGS: UserSettings = { cameraDeviceId: null, mirrorPreview: false, showCandidates: false }

/** A file to save: text (puzzles) or bytes (exported images). */
export interface FileToSave {
  readonly name: string
  readonly data: string | Uint8Array
}

type SessionRef = { readonly id: string }
type GameRef = { readonly id: string }

/** Channels served by both hosts. */
export interface ServiceApi {
  'app:info': (request: void) => Promise<AppInfo>
  'settings:get': (request: void) => Promise<UserSettings>
  'settings:set': (request: Partial<UserSettings>) => Promise<UserSettings>
  /** The games kept, newest first (a game saved by an older version is brought in as one). */
  'games:list': (request: void) => Promise<GameList>
  /** A game with its history; null when there is none of that id. */
  'games:get': (request: GameRef) => Promise<SavedGame | null>
  /** Saves a game; a save older than the one kept (a lower revision) is ignored. */
  'games:set': (request: SavedGame) => Promise<void>
  /** The photo a game was read from (JPEG), or null. */
  'games:photo': (request: GameRef) => Promise<Uint8Array | null>
  'games:set-photo': (request: { readonly id: string; readonly jpeg: Uint8Array }) => Promise<void>
  'timelapse:start': (request: TimelapseSettings) => Promise<TimelapseSessionSummary>
  /** A shot (with its board in "changes" mode), or with `skipped` a look kept but not filmed. */
  'timelapse:frame': (request: {
    readonly id: string
    readonly jpeg: Uint8Array
    readonly board?: ShotBoard
    readonly skipped?: SkipReason
  }) => Promise<FrameReceipt>
  'timelapse:stop': (request: SessionRef) => Promise<TimelapseSessionSummary>
  'timelapse:resume': (request: SessionRef) => Promise<TimelapseSessionSummary>
  'timelapse:list': (request: void) => Promise<TimelapseSessionSummary[]>
  'timelapse:unfinished': (request: void) => Promise<TimelapseSessionSummary[]>
  /** Encodes with the session's own settings, or new ones; progress comes as `timelapse:progress` events. */
  'timelapse:encode': (request: { readonly id: string; readonly settings?: TimelapseSettings }) => Promise<EncodeOutcome>
  'timelapse:cancel-encode': (request: SessionRef) => Promise<boolean>
  'timelapse:delete-frames': (request: SessionRef) => Promise<TimelapseSessionSummary>
  'timelapse:delete': (request: SessionRef) => Promise<void>
  /** A session's moves as a plain text log (timelapse/moves-text.ts); fails for one shot every interval, which read no boards. */
  'timelapse:moves': (request: SessionRef) => Promise<string>
  /** A film of the logical solve, one board per step (MP4 bytes). */
  'solve:video': (request: { readonly puzzle: string }) => Promise<Uint8Array>
}

/** Channels that need the desktop shell; only the Electron host has them. */
export interface ShellApi {
  /** Shows a save dialog and writes the file; returns the chosen path, or null when the user cancels. */
  'file:save': (request: FileToSave) => Promise<string | null>
  /** Shows a session's film in the file manager. */
  'timelapse:reveal': (request: SessionRef) => Promise<void>
}

export type Api = ServiceApi & ShellApi
export type Channel = keyof Api
export type ServiceChannel = keyof ServiceApi
export type RequestOf<C extends Channel> = Parameters<Api[C]>[0]
export type ResponseOf<C extends Channel> = Awaited<ReturnType<Api[C]>>

/** Plain-object handlers for a set of channels, as main registers them. */
export type Handlers<C extends Channel> = { [K in C]: (request: RequestOf<K>) => Promise<ResponseOf<K>> }

const fileName = string({ maxLength: 255, pattern: /^[^/\\\0]+$/ })
const sessionId = string({ maxLength: 40, pattern: SESSION_ID_PATTERN })
const sessionRef = object({ id: sessionId })

/**
 * Time-lapse settings from the renderer: every field given and no other (a manifest on disk may
 * lack newer fields and takes defaults, a request may not), then the values checked by the one
 * validator in timelapse/settings.ts.
 */
const settingsShape = object({
  intervalSeconds: present(),
  stopAfterFrames: present(),
  fpsIn: present(),
  fpsOut: present(),
  crop: (value, path) =>
    isPlainObject(value) && value.kind === 'rect'
      ? object({ kind: present(), x: present(), y: present(), width: present(), height: present() })(value, path)
      : object({ kind: present() })(value, path),
  size: (value, path) => (isPlainObject(value) ? object({ width: present(), height: present() })(value, path) : present()(value, path)),
  crf: present(),
  stabilise: present(),
  stampElapsed: present(),
  shotMode: present(),
  maxIntervalSeconds: present(),
  annotate: present(),
  keepSkipped: present(),
  includeSkipped: present(),
})
const timelapseSettings: Guard<TimelapseSettings> = (value, path = 'settings') => {
  settingsShape(value, path)
  const result = validateTimelapseSettings(value)
  if (!result.ok) throw new ValidationError(`${path}: ${result.errors.join('; ')}`)
  return result.value
}

/** An exported image is a few MB at most. */
export const MAX_SAVED_FILE_BYTES = 64 * 1024 * 1024

/** A webcam shot as JPEG is well under 1 MB; anything this big is not a frame. Checked by the guard and by the time-lapse service. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024

export const requestGuards: { [C in Channel]: Guard<RequestOf<C>> } = {
  'app:info': none(),
  'settings:get': none(),
  'settings:set': partial({
    cameraDeviceId: nullable(string({ maxLength: 512 })),
    mirrorPreview: boolean(),
    showCandidates: boolean(),
  }),
  'games:list': none(),
  'games:get': object({ id: gameId }),
  'games:set': savedGame,
  'games:photo': object({ id: gameId }),
  'games:set-photo': object({ id: gameId, jpeg: bytes({ maxLength: MAX_GAME_PHOTO_BYTES }) }),
  'file:save': object({
    name: fileName,
    data: (value, path) =>
      typeof value === 'string' ? string({ maxLength: 1_000_000 })(value, path) : bytes({ maxLength: MAX_SAVED_FILE_BYTES })(value, path),
  }),
  'timelapse:start': timelapseSettings,
  'timelapse:frame': object({
    id: sessionId,
    jpeg: bytes({ maxLength: MAX_FRAME_BYTES }),
    board: optional(shotBoardGuard),
    skipped: optional(literal(...SKIP_REASONS)),
  }),
  'timelapse:stop': sessionRef,
  'timelapse:resume': sessionRef,
  'timelapse:list': none(),
  'timelapse:unfinished': none(),
  'timelapse:encode': object({ id: sessionId, settings: optional(timelapseSettings) }),
  'timelapse:cancel-encode': sessionRef,
  'timelapse:delete-frames': sessionRef,
  'timelapse:delete': sessionRef,
  'timelapse:moves': sessionRef,
  'timelapse:reveal': sessionRef,
  'solve:video': object({ puzzle: string({ maxLength: 81, pattern: /^[0-9]{81}$/ }) }),
}

/**
 * The largest request body the web host reads for each channel, in bytes, checked before the
 * body is read (Content-Length) and while it streams in. A frame is the only large request; every
 * other one is a few hundred bytes of structure.
 */
const SMALL_REQUEST_BYTES = 16 * 1024
export const MAX_REQUEST_BYTES: { readonly [C in ServiceChannel]: number } = {
  'app:info': SMALL_REQUEST_BYTES,
  'settings:get': SMALL_REQUEST_BYTES,
  'settings:set': SMALL_REQUEST_BYTES,
  'games:list': SMALL_REQUEST_BYTES,
  'games:get': SMALL_REQUEST_BYTES,
  'games:set': MAX_SAVED_PUZZLE_BYTES + SMALL_REQUEST_BYTES,
  'games:photo': SMALL_REQUEST_BYTES,
  'games:set-photo': MAX_GAME_PHOTO_BYTES + SMALL_REQUEST_BYTES,
  'timelapse:start': SMALL_REQUEST_BYTES,
  'timelapse:frame': MAX_FRAME_BYTES + SMALL_REQUEST_BYTES,
  'timelapse:stop': SMALL_REQUEST_BYTES,
  'timelapse:resume': SMALL_REQUEST_BYTES,
  'timelapse:list': SMALL_REQUEST_BYTES,
  'timelapse:unfinished': SMALL_REQUEST_BYTES,
  'timelapse:encode': SMALL_REQUEST_BYTES,
  'timelapse:cancel-encode': SMALL_REQUEST_BYTES,
  'timelapse:delete-frames': SMALL_REQUEST_BYTES,
  'timelapse:delete': SMALL_REQUEST_BYTES,
  'timelapse:moves': SMALL_REQUEST_BYTES,
  'solve:video': SMALL_REQUEST_BYTES,
}

/** Every channel, read off the guard table, whose type makes it list each channel once and no other. */
export const channels = Object.keys(requestGuards) as readonly Channel[]

/** Events pushed from main to the renderer (Electron: webContents.send; web mode: server-sent events). */
export interface Events {
  'app:notice': { readonly message: string }
  'timelapse:progress': {
    readonly id: string
    readonly phase: 'preparing' | 'encoding'
    readonly percent: number | null
    readonly frame: number
    readonly totalFrames: number
  }
  /** A recording stopped on its own: shot limit reached, disk full, folder not writable. */
  'timelapse:stopped': TimelapseSessionSummary
}
export type EventName = keyof Events

/** What crosses the bridge for every call: a value, or an error as plain data. */
export type Reply<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError }

export interface IpcError {
  readonly name: string
  readonly message: string
}

export const IPC_EVENT_CHANNEL = 'event'
/** Web mode: every API call carries the page's token in this header, besides the session cookie. */
export const WEB_TOKEN_HEADER = 'x-sudoku-lens-token'
/** Web mode: the one-time link `npm start` opens, `/open?key=…`, exchanged for the session cookie. */
export const WEB_LAUNCH_PATH = '/open'
