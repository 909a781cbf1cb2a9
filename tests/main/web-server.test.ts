import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WEB_TOKEN_HEADER } from '../../src/shared/ipc'
import { WIRE_CONTENT_TYPE } from '../../src/shared/wire'
import { createServices } from '../../src/main/services'
import { parseRange } from '../../src/main/web-http'
import { type WebServer, startWebServer } from '../../src/main/web-server'
import { type WebClient, signIn } from './web-client'

let server: WebServer
let client: WebClient
let rendererDir: string
const FILM = Buffer.from('0123456789abcdefghij')

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'sl-web-'))
  rendererDir = join(root, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(root, 'secret.txt'), 'outside')
  writeFileSync(join(root, 'film.mp4'), FILM)
  writeFileSync(join(rendererDir, 'index.html'), '<meta name="sudoku-lens-token" content="%SUDOKU_LENS_TOKEN%">')
  writeFileSync(join(rendererDir, 'core.wasm'), Buffer.from([0, 97, 115, 109]))
  server = await startWebServer({
    rendererDir,
    handlers: createServices({ userDataDir: root, version: '1.2.3', mode: 'web' }).handlers,
    mediaFile: async (pathname) => (pathname === '/media/film.mp4' ? join(root, 'film.mp4') : null),
  })
  client = await signIn(server)
})

afterAll(() => server.close())

/** Raw HTTP so the test controls every header (Host, Origin, Cookie), which fetch would not let it forge. */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string } = {}) {
  const { port } = new URL(server.url)
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

describe('who may use the web host', () => {
  it('serves nothing, not even the page, without the session cookie', async () => {
    for (const path of ['/', '/index.html', '/core.wasm', '/media/film.mp4', '/api/events']) {
      const response = await raw(path)
      expect(response.status).toBe(403)
      expect(response.body).not.toContain(client.token)
    }
    expect((await raw('/api/app:info', { method: 'POST', headers: { [WEB_TOKEN_HEADER]: client.token } })).status).toBe(403)
  })

  it('lets a browser in once, through the one-time link, with an HttpOnly SameSite=Strict cookie', async () => {
    const fresh = await startWebServer({ rendererDir, handlers: {} })
    try {
      const first = await fetch(fresh.launchUrl, { redirect: 'manual' })
      expect(first.status).toBe(303)
      expect(first.headers.get('location')).toBe('/')
      const cookie = first.headers.get('set-cookie')!
      expect(cookie).toMatch(/^sudoku-lens-\d+=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/)
      // Spent: a second visit, as another user who saw the link later would make, gets nothing.
      const second = await fetch(fresh.launchUrl, { redirect: 'manual' })
      expect(second.status).toBe(403)
      expect(second.headers.get('set-cookie')).toBeNull()
      expect(await second.text()).toMatch(/already been used/)
      const page = await fetch(fresh.url, { headers: { cookie: cookie.split(';')[0] } })
      expect(page.status).toBe(200)
    } finally {
      await fresh.close()
    }
  })

  it('refuses a wrong key or a forged cookie', async () => {
    expect((await raw('/open?key=guess')).status).toBe(403)
    const name = client.cookie.split('=')[0]
    expect((await raw('/', { headers: { cookie: `${name}=${'A'.repeat(43)}` } })).status).toBe(403)
  })

  it('serves the page with its token and a CSP header to the signed-in browser', async () => {
    const page = await client.fetch('/')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(client.token)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect((await client.fetch('/core.wasm')).headers.get('content-type')).toBe('application/wasm')
  })

  it('needs the page token on API calls besides the cookie (another local port is same-site)', async () => {
    const headers = { cookie: client.cookie, 'content-type': WIRE_CONTENT_TYPE }
    expect((await raw('/api/app:info', { method: 'POST', headers })).status).toBe(403)
    expect((await raw('/api/app:info', { method: 'POST', headers: { ...headers, [WEB_TOKEN_HEADER]: 'wrong' } })).status).toBe(403)
  })

  it('refuses another origin or another Host', async () => {
    const { port } = new URL(server.url)
    const headers = { cookie: client.cookie, [WEB_TOKEN_HEADER]: client.token }
    expect((await raw('/api/app:info', { method: 'POST', headers: { ...headers, origin: 'http://evil.example' } })).status).toBe(403)
    expect((await raw('/api/app:info', { method: 'POST', headers: { ...headers, origin: 'http://127.0.0.1:1' } })).status).toBe(403)
    expect((await raw('/api/app:info', { method: 'POST', headers: { ...headers, host: `evil.example:${port}` } })).status).toBe(421)
  })
})

describe('web host API', () => {
  it('answers the real service handlers', async () => {
    expect((await client.call('app:info')).reply).toMatchObject({ ok: true, value: { version: '1.2.3', mode: 'web' } })
    expect((await client.call('settings:set', { showCandidates: true })).reply?.value).toMatchObject({ showCandidates: true })
    expect((await client.call('settings:get')).reply?.value).toMatchObject({ showCandidates: true })
  })

  it('validates arguments and reports errors as plain { name, message }', async () => {
    expect((await client.call('settings:set', { mirrorPreview: 'yes' })).reply).toEqual({
      ok: false,
      error: { name: 'ValidationError', message: 'mirrorPreview must be true or false, got string' },
    })
    expect((await client.call('settings:set', JSON.parse('{"__proto__": {"mirrorPreview": true}}'))).reply?.error.message).toMatch(/__proto__ is not allowed/)
    expect((await client.call('timelapse:start', {})).reply?.error.message).toMatch(/must be given/)
    expect((await client.call('timelapse:list')).reply?.value).toEqual([])
    expect((await client.call('no:such')).reply?.error?.name).toBe('UnknownChannel')
    expect((await client.call('file:save', { name: 'x.txt', data: 'x' })).reply?.error?.name).toBe('UnknownChannel')
  })

  it('takes bodies only in its binary format', async () => {
    const headers = { cookie: client.cookie, [WEB_TOKEN_HEADER]: client.token }
    const json = await raw('/api/settings:set', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"showCandidates":true}',
    })
    expect(json.status).toBe(415)
    const garbled = await raw('/api/settings:set', { method: 'POST', headers: { ...headers, 'content-type': WIRE_CONTENT_TYPE }, body: 'SLW1garbage' })
    expect(garbled.status).toBe(400)
  })

  it('holds each channel to its own size: small requests small, frames up to a frame', async () => {
    const big = new Uint8Array(1024 * 1024)
    expect((await client.call('settings:set', { cameraDeviceId: 'x'.repeat(20_000) })).status).toBe(413)
    expect((await client.call('timelapse:start', { pad: big })).status).toBe(413)
    // A 10 MB frame is read and checked (no such session).
    const frame = new Uint8Array(10 * 1024 * 1024)
    frame.set([0xff, 0xd8, 0xff, 0xe0])
    const { reply } = await client.call('timelapse:frame', { id: '20261122T153855Z-1a2b3c', jpeg: frame })
    expect(reply?.error.message).toMatch(/not recording/)
  })

  it('refuses a 27.5 MiB body on a small channel at once, without reading it or stalling other calls', async () => {
    const body = new Uint8Array(27.5 * 1024 * 1024)
    const memory = process.memoryUsage().rss
    const headers = { cookie: client.cookie, [WEB_TOKEN_HEADER]: client.token, 'content-type': WIRE_CONTENT_TYPE }
    const [big, info] = await Promise.all([
      raw('/api/settings:set', { method: 'POST', headers, body }).catch((error: NodeJS.ErrnoException) => ({ status: error.code })),
      client.call('app:info'),
    ])
    // The host answers 413 and closes the connection; a client still sending may see the reset first.
    expect([413, 'ECONNRESET', 'EPIPE']).toContain(big.status)
    expect(info.reply?.ok).toBe(true)
    expect(process.memoryUsage().rss - memory).toBeLessThan(200 * 1024 * 1024)
  })

  it('pushes events to subscribers over server-sent events', async () => {
    const { port } = new URL(server.url)
    const received = new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie: client.cookie } }, (res) => {
        res.on('data', (chunk: Buffer) => {
          const text = chunk.toString()
          if (text.includes('data:')) {
            resolve(text)
            req.destroy()
          } else server.emit('app:notice', { message: 'hello' })
        })
      })
      req.end()
    })
    expect(await received).toContain('"message":"hello"')
  })
})

describe('paths and ranges', () => {
  it('does not serve files outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/a/..%2f..%2fsecret.txt']) {
      const response = await raw(path, { headers: { cookie: client.cookie } })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.body).not.toContain('outside')
    }
  })

  it('answers a malformed escape with 400, logging nothing', async () => {
    const logged = vi.spyOn(console, 'error')
    for (const path of ['/%zz', '/api/%zz', '/media/%e0%a4%a']) {
      expect((await raw(path, { headers: { cookie: client.cookie } })).status).toBe(400)
      expect((await raw(path)).status).toBe(400)
    }
    expect(logged).not.toHaveBeenCalled()
    logged.mockRestore()
  })

  it('serves byte ranges as RFC 9110 says, the last n bytes included', async () => {
    const get = (range?: string) => client.fetch('/media/film.mp4', { headers: range ? { range } : {} })
    const whole = await get()
    expect([whole.status, await whole.text()]).toEqual([200, FILM.toString()])
    const last5 = await get('bytes=-5')
    expect([last5.status, await last5.text(), last5.headers.get('content-range')]).toEqual([206, 'fghij', 'bytes 15-19/20'])
    const middle = await get('bytes=2-4')
    expect([middle.status, await middle.text()]).toEqual([206, '234'])
    expect(await (await get('bytes=18-')).text()).toBe('ij')
    expect(await (await get('bytes=-50')).text()).toBe(FILM.toString())
    expect(await (await get('bytes=15-99')).text()).toBe('fghij')
    const beyond = await get('bytes=20-')
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, 'bytes */20'])
    // Several ranges, or another unit: the whole file.
    expect((await get('bytes=0-1,4-5')).status).toBe(200)
  })

  it('parseRange', () => {
    expect(parseRange(undefined, 10)).toBeNull()
    expect(parseRange('bytes=-5', 10)).toEqual({ start: 5, end: 9 })
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=-', 10)).toBeNull()
    expect(parseRange('bytes=5-2', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
    expect(parseRange('items=0-1', 10)).toBeNull()
  })
})

describe('content security policy', () => {
  it('allows eval only in the vision worker script, never in the page', async () => {
    const { contentSecurityPolicyFor } = await import('../../src/main/security-policy')
    expect(contentSecurityPolicyFor('/index.html')).not.toContain("'unsafe-eval'")
    expect(contentSecurityPolicyFor('/assets/index-abc.js')).not.toContain("'unsafe-eval'")
    expect(contentSecurityPolicyFor('/assets/vision.worker-AbC_1.js')).toContain("'unsafe-eval'")
    expect(contentSecurityPolicyFor('/assets/vision.worker-x.js/../index.js')).not.toContain("'unsafe-eval'")
  })
})
