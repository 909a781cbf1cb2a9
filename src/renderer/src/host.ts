/**
 * The renderer's one way to reach the main process. Inside the desktop app it uses the preload
 * bridge; in web mode it calls the same handlers over loopback HTTP: the session cookie goes with
 * every request by itself, and API calls add the page's token. Bodies use the binary wire format,
 * so frames travel as bytes. Shell features (native dialogs) fall back to browser equivalents.
 */
import { WIRE_CONTENT_TYPE, decodeWireBinary, encodeWireBinary } from '../../shared/wire'
import {
  type EventName,
  type Events,
  type IpcError,
  type Reply,
  type RequestOf,
  type ResponseOf,
  type ServiceChannel,
  type FileToSave,
  WEB_TOKEN_HEADER,
} from '../../shared/ipc'

export class HostError extends Error {
  constructor(error: IpcError) {
    super(error.message)
    this.name = error.name
  }
}

type Listener = <E extends EventName>(event: E, payload: Events[E]) => void

interface Transport {
  readonly mode: 'electron' | 'web'
  /** A URL the page can load for an app media path (films), e.g. as a video's src. */
  mediaUrl(path: string): string
  call(channel: string, request: unknown): Promise<Reply<unknown>>
  onEvent(listener: Listener): () => void
}

function electronTransport(bridge: NonNullable<Window['sudokuLens']>): Transport {
  return {
    mode: 'electron',
    mediaUrl: (path) => path,
    call: (channel, request) => (bridge as unknown as Record<string, (r: unknown) => Promise<Reply<unknown>>>)[channel](request),
    onEvent: (listener) => bridge.onEvent(listener),
  }
}

function webTransport(token: string): Transport {
  let source: EventSource | undefined
  const listeners = new Set<Listener>()
  return {
    mode: 'web',
    // Media requests carry the session cookie; a film needs nothing in its URL.
    mediaUrl: (path) => path,
    async call(channel, request) {
      const response = await fetch(`/api/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { [WEB_TOKEN_HEADER]: token, ...(request === undefined ? {} : { 'content-type': WIRE_CONTENT_TYPE }) },
        body: request === undefined ? undefined : (encodeWireBinary(request) as BlobPart),
      })
      if (!response.ok) return { ok: false, error: { name: 'HostError', message: `${response.status} ${await response.text()}` } }
      // The host's replies may be large (a long session list); only requests are held to a size.
      return decodeWireBinary(new Uint8Array(await response.arrayBuffer()), Number.MAX_SAFE_INTEGER) as Reply<unknown>
    },
    onEvent(listener) {
      listeners.add(listener)
      source ??= new EventSource('/api/events')
      source.onmessage = (message) => {
        const { event, payload } = JSON.parse(message.data as string) as { event: EventName; payload: never }
        for (const each of listeners) each(event, payload)
      }
      return () => void listeners.delete(listener)
    },
  }
}

function pickTransport(): Transport {
  if (window.sudokuLens) return electronTransport(window.sudokuLens)
  const token = document.querySelector<HTMLMetaElement>('meta[name="sudoku-lens-token"]')?.content ?? ''
  return webTransport(token)
}

const transport = pickTransport()

async function unwrap<T>(reply: Promise<Reply<unknown>>): Promise<T> {
  const result = await reply
  if (!result.ok) throw new HostError(result.error)
  return result.value as T
}

export const host = {
  mode: transport.mode,

  call<C extends ServiceChannel>(channel: C, ...request: RequestOf<C> extends void ? [] : [RequestOf<C>]): Promise<ResponseOf<C>> {
    return unwrap(transport.call(channel, request[0]))
  },

  onEvent: (listener: Listener) => transport.onEvent(listener),

  mediaUrl: (path: string) => transport.mediaUrl(path),

  /** Shows a film in the file manager; false where there is none (web mode). */
  async revealTimelapse(id: string): Promise<boolean> {
    if (transport.mode !== 'electron') return false
    await unwrap(transport.call('timelapse:reveal', { id }))
    return true
  },

  /** Saves a file where the user chooses (web mode: a download); returns false when cancelled. */
  async saveFile(file: FileToSave, type = 'text/plain'): Promise<boolean> {
    if (transport.mode === 'electron') return (await unwrap(transport.call('file:save', file))) !== null
    downloadBlob(new Blob([file.data as BlobPart], { type }), file.name)
    return true
  },
}

export function pickBrowserFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = accept
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true })
    input.addEventListener('cancel', () => resolve(null), { once: true })
    input.click()
  })
}

export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
