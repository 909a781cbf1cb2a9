/**
 * Web mode: serves the built renderer and the same service handler table as the desktop app over
 * loopback HTTP, for machines without the Electron binary and for end-to-end tests.
 *
 * Only this page may call the API: the server listens on 127.0.0.1 only, refuses other Host
 * headers (DNS rebinding) and foreign Origins, and every call must carry a random token that is
 * written into the served index.html, which other local pages cannot read.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { decodeWire, encodeWire } from '../shared/wire'
import { type Channel, type EventName, type Events, type Handlers, WEB_TOKEN_HEADER } from '../shared/ipc'
import { invoke } from './invoke'
import { contentSecurityPolicyFor } from './security-policy'

export interface WebServerOptions {
  readonly handlers: Partial<Handlers<Channel>>
  /** Files served under /media/ (films), looked up by the services; needs the token too. */
  readonly mediaFile?: (pathname: string) => Promise<string | null>
  /** The built renderer (out/renderer). */
  readonly rendererDir: string
  /** 0 picks a free port. */
  readonly port?: number
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes?: number
}

export interface WebServer {
  readonly url: string
  readonly token: string
  emit<E extends EventName>(event: E, payload: Events[E]): void
  close(): Promise<void>
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.gz': 'application/gzip',
  '.ico': 'image/x-icon',
  '.traineddata': 'application/octet-stream',
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = randomBytes(24).toString('hex')
  const maxBody = options.maxBodyBytes ?? 32 * 1024 * 1024
  const eventClients = new Set<ServerResponse>()
  let origin = ''

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(error)
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error')
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== new URL(origin).host) return send(res, 421, 'text/plain', 'Wrong host')
    if (req.headers.origin && req.headers.origin !== origin) return send(res, 403, 'text/plain', 'Foreign origin')
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url)
    if (url.pathname.startsWith('/media/')) return serveMedia(req, res, url)
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed')
    return serveStatic(res, url.pathname)
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const presented = req.headers[WEB_TOKEN_HEADER] ?? url.searchParams.get('token')
    if (presented !== token) return send(res, 403, 'text/plain', 'Missing or wrong token')
    if (url.pathname === '/api/events' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      res.write(': connected\n\n')
      eventClients.add(res)
      req.on('close', () => eventClients.delete(res))
      return
    }
    if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Method not allowed')
    const body = await readBody(req, maxBody)
    if (body === null) return send(res, 413, 'text/plain', 'Request too large')
    let argument: unknown
    try {
      argument = body.length ? decodeWire(JSON.parse(body.toString('utf8'))) : undefined
    } catch {
      return send(res, 400, 'text/plain', 'Body is not JSON')
    }
    const channel = decodeURIComponent(url.pathname.slice('/api/'.length))
    const reply = await invoke(options.handlers, channel, argument)
    send(res, 200, 'application/json', JSON.stringify(encodeWire(reply)))
  }

  async function serveMedia(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.searchParams.get('token') !== token) return send(res, 403, 'text/plain', 'Missing or wrong token')
    const file = await options.mediaFile?.(url.pathname)
    const info = file ? await stat(file).catch(() => null) : null
    if (!file || !info?.isFile()) return send(res, 404, 'text/plain', 'Not found')
    // Video elements seek with Range requests.
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
    const start = range?.[1] ? Number(range[1]) : 0
    const end = range?.[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1
    if (start > end) return send(res, 416, 'text/plain', 'Range not satisfiable')
    res.writeHead(range ? 206 : 200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${info.size}` } : {}),
      'cache-control': 'no-store',
    })
    createReadStream(file, { start, end }).pipe(res)
  }

  async function serveStatic(res: ServerResponse, pathname: string): Promise<void> {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '')
    const file = join(options.rendererDir, relative === '' ? 'index.html' : relative)
    if (!file.startsWith(options.rendererDir + sep)) return send(res, 403, 'text/plain', 'Forbidden')
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return send(res, 404, 'text/plain', 'Not found')
    let content = await readFile(file)
    if (file.endsWith('index.html')) {
      content = Buffer.from(content.toString('utf8').replace('%SUDOKU_LENS_TOKEN%', token))
    }
    send(res, 200, MIME[extname(file)] ?? 'application/octet-stream', content, contentSecurityPolicyFor(pathname))
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: `${origin}/`,
    token,
    emit(event, payload) {
      const frame = `data: ${JSON.stringify(encodeWire({ event, payload }))}\n\n`
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

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, policy = contentSecurityPolicyFor('')): void {
  res.writeHead(status, {
    'content-type': type,
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  })
  res.end(body)
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      // Past the limit, keep draining (so the 413 reply reaches the client) but keep nothing.
      if (size <= limit) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
