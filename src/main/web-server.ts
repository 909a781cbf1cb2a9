/**
 * Web mode: serves the built renderer and the same service handler table as the desktop app over
 * loopback HTTP, for machines without the Electron binary and for end-to-end tests.
 *
 * Loopback is reachable by every user of the machine, so nothing is served without a secret only
 * the user who started the host holds. The host makes a one-time key and `npm start` opens
 * `/open?key=…` (web.ts); that first visit swaps the key for a session cookie (HttpOnly,
 * SameSite=Strict) and the key is spent. Every later request, the page included, needs the cookie;
 * API calls also need the page's token in a header (another local port is "same-site" and may
 * send the cookie, but cannot read the page). The server listens on 127.0.0.1 only and refuses
 * foreign Host headers (DNS rebinding) and Origins.
 */
import { constants } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { WIRE_CONTENT_TYPE, WireError, decodeWireBinary } from '../shared/wire'
import { type Channel, type EventName, type Events, type Handlers, MAX_REQUEST_BYTES, WEB_LAUNCH_PATH, WEB_TOKEN_HEADER } from '../shared/ipc'
import { invoke } from './invoke'
import { contentSecurityPolicyFor } from './security-policy'
import { MIME, cookieValue, decodePath, headerValue, parseRange, readBody, sameSecret, secret, send, sendWire, tooLarge } from './web-http'

export interface WebServerOptions {
  readonly handlers: Partial<Handlers<Channel>>
  /** Files served under /media/ (films), looked up by the services. */
  readonly mediaFile?: (pathname: string) => Promise<string | null>
  /** The built renderer (out/renderer). */
  readonly rendererDir: string
  /** 0 picks a free port. */
  readonly port?: number
  /** Largest request body per channel (default MAX_REQUEST_BYTES). */
  readonly maxRequestBytes?: Partial<Record<string, number>>
}

export interface WebServer {
  /** The app's address; useless without the session cookie. */
  readonly url: string
  /** The one-time link that lets a browser in; open it once, in the user's own browser. */
  readonly launchUrl: string
  emit<E extends EventName>(event: E, payload: Events[E]): void
  close(): Promise<void>
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  let launchKey: string | null = secret()
  const sessionSecret = secret()
  const pageToken = secret()
  const limits: Record<string, number | undefined> = { ...MAX_REQUEST_BYTES, ...options.maxRequestBytes }
  const eventClients = new Set<ServerResponse>()
  let origin = ''
  let cookieName = ''

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(error)
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error')
      else res.destroy()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== new URL(origin).host) return send(res, 421, 'text/plain', 'Wrong host')
    if (req.headers.origin && req.headers.origin !== origin) return send(res, 403, 'text/plain', 'Foreign origin')
    let url: URL
    try {
      url = new URL(req.url ?? '/', origin)
    } catch {
      return send(res, 400, 'text/plain', 'Bad request')
    }
    const pathname = decodePath(url.pathname)
    if (pathname === null) return send(res, 400, 'text/plain', 'Bad request: malformed %-escape in the path')
    if (url.pathname === WEB_LAUNCH_PATH) return launch(req, res, url)
    if (!sameSecret(cookieValue(req.headers.cookie, cookieName), sessionSecret)) {
      return send(res, 403, 'text/plain; charset=utf-8', 'Sudoku Lens: open the app with the link `npm start` printed in its terminal.\n')
    }
    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url, pathname)
    if (url.pathname.startsWith('/media/')) return serveMedia(req, res, url)
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed')
    return serveStatic(res, url.pathname, pathname)
  }

  /** The one-time key for the session cookie; spent on first use, right or wrong browser alike. */
  function launch(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' || launchKey === null || !sameSecret(url.searchParams.get('key') ?? undefined, launchKey)) {
      return send(
        res,
        403,
        'text/plain; charset=utf-8',
        'Sudoku Lens: this link has already been used or is wrong. Stop the app and run `npm start` again for a new one.\n',
      )
    }
    launchKey = null
    res.writeHead(303, {
      location: '/',
      'set-cookie': `${cookieName}=${sessionSecret}; Path=/; HttpOnly; SameSite=Strict`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    })
    res.end()
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, pathname: string): Promise<void> {
    // EventSource cannot send headers; the cookie and the Origin check guard the event stream,
    // which a page of another origin could not read anyway (no CORS).
    if (url.pathname === '/api/events' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      res.write(': connected\n\n')
      eventClients.add(res)
      req.on('close', () => eventClients.delete(res))
      return
    }
    if (!sameSecret(headerValue(req.headers[WEB_TOKEN_HEADER]), pageToken)) return send(res, 403, 'text/plain', 'Missing or wrong token')
    if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Method not allowed')
    const channel = pathname.slice('/api/'.length)
    const limit = Object.hasOwn(limits, channel) ? limits[channel] : undefined
    if (limit === undefined) return sendWire(res, { ok: false, error: { name: 'UnknownChannel', message: `No such request: ${channel}` } })
    if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge(req, res)
    const body = await readBody(req, limit)
    if (body === null) return tooLarge(req, res)
    let argument: unknown
    if (body.length) {
      if (req.headers['content-type'] !== WIRE_CONTENT_TYPE) return send(res, 415, 'text/plain', `Body must be ${WIRE_CONTENT_TYPE}`)
      try {
        // The channel's own limit bounds the structure too: a saved game is all structure, no bytes.
        argument = decodeWireBinary(body, limit)
      } catch (error) {
        if (error instanceof WireError) return send(res, 400, 'text/plain', error.message)
        throw error
      }
    }
    sendWire(res, await invoke(options.handlers, channel, argument))
  }

  async function serveMedia(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const file = await options.mediaFile?.(url.pathname)
    // O_NOFOLLOW: the film is read only if it is still a plain file, never through a link.
    const handle = file ? await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch(() => null) : null
    const info = handle ? await handle.stat() : null
    if (!handle || !info?.isFile()) {
      await handle?.close()
      return send(res, 404, 'text/plain', 'Not found')
    }
    // Video elements seek with Range requests.
    const range = parseRange(req.headers.range, info.size)
    if (range === 'unsatisfiable') {
      await handle.close()
      res.writeHead(416, { 'content-range': `bytes */${info.size}`, 'cache-control': 'no-store' })
      return void res.end()
    }
    const { start, end } = range ?? { start: 0, end: info.size - 1 }
    res.writeHead(range ? 206 : 200, {
      'content-type': MIME[extname(file!)] ?? 'application/octet-stream',
      'content-length': Math.max(0, end - start + 1),
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${info.size}` } : {}),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    if (req.method === 'HEAD' || info.size === 0) {
      await handle.close()
      return void res.end()
    }
    // The stream owns the handle from here and closes it when done or when the client goes.
    handle.createReadStream({ start, end, autoClose: true }).pipe(res)
  }

  async function serveStatic(res: ServerResponse, rawPathname: string, pathname: string): Promise<void> {
    const relative = normalize(pathname).replace(/^([/\\])+/, '')
    const file = join(options.rendererDir, relative === '' ? 'index.html' : relative)
    if (!file.startsWith(options.rendererDir + sep)) return send(res, 403, 'text/plain', 'Forbidden')
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return send(res, 404, 'text/plain', 'Not found')
    let content = await readFile(file)
    if (file.endsWith('index.html')) {
      content = Buffer.from(content.toString('utf8').replace('%SUDOKU_LENS_TOKEN%', pageToken))
    }
    send(res, 200, MIME[extname(file)] ?? 'application/octet-stream', content, contentSecurityPolicyFor(rawPathname))
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  // Cookies are per host, not per port: a name per port keeps two running hosts apart.
  cookieName = `sudoku-lens-${port}`

  return {
    url: `${origin}/`,
    launchUrl: `${origin}${WEB_LAUNCH_PATH}?key=${launchKey}`,
    emit(event, payload) {
      const frame = `data: ${JSON.stringify({ event, payload })}\n\n`
      for (const client of eventClients) client.write(frame)
    },
    close: () =>
      new Promise((resolve) => {
        for (const client of eventClients) client.end()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
