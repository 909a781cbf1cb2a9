/**
 * The one map of every channel between the renderer and the main process.
 *
 * `ServiceApi` channels are plain services, served the same way over Electron IPC and over the
 * loopback HTTP host of web mode. `ShellApi` channels need the desktop shell (native dialogs,
 * the file manager) and exist only in Electron; web mode uses browser equivalents instead.
 * Every request is validated by `requestGuards` before a handler sees it; errors cross as
 * plain `{ name, message }`.
 */
import { type Guard, array, boolean, none, nullable, object, partial, string } from './guards'

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

export interface TextFile {
  readonly name: string
  readonly text: string
}

/** Channels served by both hosts. */
export interface ServiceApi {
  'app:info': (request: void) => Promise<AppInfo>
  'settings:get': (request: void) => Promise<UserSettings>
  'settings:set': (request: Partial<UserSettings>) => Promise<UserSettings>
}

/** Channels that need the desktop shell; only the Electron host has them. */
export interface ShellApi {
  /** Shows an open dialog for a puzzle file; null when the user cancels. */
  'file:open-text': (request: { title: string; extensions: string[] }) => Promise<TextFile | null>
  /** Shows a save dialog; returns the chosen path, or null when the user cancels. */
  'file:save-text': (request: TextFile) => Promise<string | null>
}

export type Api = ServiceApi & ShellApi
export type Channel = keyof Api
export type ServiceChannel = keyof ServiceApi
export type RequestOf<C extends Channel> = Parameters<Api[C]>[0]
export type ResponseOf<C extends Channel> = Awaited<ReturnType<Api[C]>>

/** Plain-object handlers for a set of channels, as main registers them. */
export type Handlers<C extends Channel> = { [K in C]: (request: RequestOf<K>) => Promise<ResponseOf<K>> }

const fileName = string({ maxLength: 255, pattern: /^[^/\\\0]+$/ })

export const requestGuards: { [C in Channel]: Guard<RequestOf<C>> } = {
  'app:info': none(),
  'settings:get': none(),
  'settings:set': partial({
    cameraDeviceId: nullable(string({ maxLength: 512 })),
    mirrorPreview: boolean(),
    showCandidates: boolean(),
  }),
  'file:open-text': object({
    title: string({ maxLength: 200 }),
    extensions: array(string({ maxLength: 10, pattern: /^[a-z0-9]+$/ }), { maxLength: 10 }),
  }),
  'file:save-text': object({ name: fileName, text: string({ maxLength: 1_000_000 }) }),
}

export const serviceChannels = ['app:info', 'settings:get', 'settings:set'] as const satisfies readonly ServiceChannel[]
export const shellChannels = ['file:open-text', 'file:save-text'] as const satisfies readonly (keyof ShellApi)[]
export const channels: readonly Channel[] = [...serviceChannels, ...shellChannels]

/** Events pushed from main to the renderer (Electron: webContents.send; web mode: server-sent events). */
export interface Events {
  'app:notice': { readonly message: string }
}
export type EventName = keyof Events

/** What crosses the bridge for every call: a value, or an error as plain data. */
export type Reply<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError }

export interface IpcError {
  readonly name: string
  readonly message: string
}

export const IPC_EVENT_CHANNEL = 'event'
export const WEB_TOKEN_HEADER = 'x-sudoku-lens-token'
