/**
 * A client of the web-mode host for Node tests, signing in the way a browser does: it opens the
 * one-time launch link, keeps the session cookie it gets, and reads the page's token from the page.
 */
import { WEB_TOKEN_HEADER } from '../../src/shared/ipc'
import { WIRE_CONTENT_TYPE, decodeWireBinary, encodeWireBinary } from '../../src/shared/wire'
import type { WebServer } from '../../src/main/web-server'

export interface Reply<T = unknown> {
  readonly ok: boolean
  readonly value: T
  readonly error: { readonly name: string; readonly message: string }
}

export interface WebClient {
  readonly cookie: string
  readonly token: string
  /** A request with the session cookie (and any other headers). */
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** One API call; the HTTP status, and the decoded reply when it is 200. */
  call<T = unknown>(channel: string, argument?: unknown): Promise<{ status: number; reply: Reply<T> | null; text: string }>
}

export async function signIn(server: WebServer): Promise<WebClient> {
  const launch = await fetch(server.launchUrl, { redirect: 'manual' })
  if (launch.status !== 303) throw new Error(`launch link answered ${launch.status}`)
  const cookie = launch.headers.get('set-cookie')!.split(';')[0]
  const page = await (await fetch(server.url, { headers: { cookie } })).text()
  const token = /name="sudoku-lens-token" content="([^"]+)"/.exec(page)?.[1] ?? ''
  const client: WebClient = {
    cookie,
    token,
    fetch: (path, init = {}) => fetch(new URL(path, server.url), { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } }),
    async call<T>(channel: string, argument?: unknown) {
      const response = await client.fetch(`/api/${channel}`, {
        method: 'POST',
        headers: { [WEB_TOKEN_HEADER]: token, ...(argument === undefined ? {} : { 'content-type': WIRE_CONTENT_TYPE }) },
        body: argument === undefined ? undefined : encodeWireBinary(argument),
      })
      if (response.status !== 200) return { status: response.status, reply: null, text: await response.text() }
      const reply = decodeWireBinary(new Uint8Array(await response.arrayBuffer()), Number.MAX_SAFE_INTEGER) as Reply<T>
      return { status: 200, reply, text: '' }
    },
  }
  return client
}
