import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEB_TOKEN_HEADER } from '../../src/shared/ipc'
import { decodeWire, encodeWire } from '../../src/shared/wire'
import { createServices } from '../../src/main/services'
import { type WebServer, startWebServer } from '../../src/main/web-server'

let server: WebServer
let rendererDir: string

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'sl-web-'))
  rendererDir = join(root, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(root, 'secret.txt'), 'outside')
  writeFileSync(join(rendererDir, 'index.html'), '<meta name="sudoku-lens-token" content="%SUDOKU_LENS_TOKEN%">')
  writeFileSync(join(rendererDir, 'core.wasm'), Buffer.from([0, 97, 115, 109]))
  server = await startWebServer({
    rendererDir,
    handlers: createServices({ userDataDir: root, version: '1.2.3', mode: 'web' }).handlers,
    maxBodyBytes: 1000,
  })
})

afterAll(() => server.close())

/** Raw HTTP so the test controls Host and Origin headers, which fetch would not let it forge. */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
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

const call = (channel: string, argument?: unknown, token = server.token) =>
  raw(`/api/${channel}`, {
    method: 'POST',
    headers: { [WEB_TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: argument === undefined ? '' : JSON.stringify(encodeWire(argument)),
  }).then((r) => ({ ...r, reply: r.status === 200 ? (decodeWire(JSON.parse(r.body)) as { ok: boolean; value?: unknown; error?: { name: string; message: string } }) : null }))

describe('web host', () => {
  it('serves the page with its token and a CSP header', async () => {
    const page = await raw('/')
    expect(page.status).toBe(200)
    expect(page.body).toContain(server.token)
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'")
    expect((await raw('/core.wasm')).headers['content-type']).toBe('application/wasm')
  })

  it('answers the real service handlers with the token', async () => {
    const { reply } = await call('app:info')
    expect(reply).toMatchObject({ ok: true, value: { version: '1.2.3', mode: 'web' } })
    expect((await call('settings:set', { showCandidates: true })).reply?.value).toMatchObject({ showCandidates: true })
    expect((await call('settings:get')).reply?.value).toMatchObject({ showCandidates: true })
  })

  it('refuses calls without the token, from another origin or another Host', async () => {
    expect((await call('app:info', undefined, 'wrong')).status).toBe(403)
    const { port } = new URL(server.url)
    const headers = { [WEB_TOKEN_HEADER]: server.token }
    expect((await raw('/api/app:info', { method: 'POST', headers: { ...headers, origin: 'http://evil.example' } })).status).toBe(403)
    expect((await raw('/api/app:info', { method: 'POST', headers: { ...headers, host: `evil.example:${port}` } })).status).toBe(421)
  })

  it('validates arguments and reports errors as plain { name, message }', async () => {
    const { reply } = await call('settings:set', { mirrorPreview: 'yes' })
    expect(reply).toEqual({ ok: false, error: { name: 'ValidationError', message: 'mirrorPreview must be true or false, got string' } })
    expect((await call('no:such')).reply?.error?.name).toBe('UnknownChannel')
    expect((await call('file:open-text', { title: 'x', extensions: [] })).reply?.error?.name).toBe('UnknownChannel')
  })

  it('does not serve files outside the renderer folder, nor oversized bodies', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/a/..%2f..%2fsecret.txt']) {
      const response = await raw(path)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.body).not.toContain('outside')
    }
    expect((await call('settings:set', { cameraDeviceId: 'x'.repeat(2000) })).status).toBe(413)
  })

  it('pushes events to subscribers over server-sent events', async () => {
    const { port } = new URL(server.url)
    const received = new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/events?token=${server.token}` }, (res) => {
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

describe('content security policy', () => {
  it('allows eval only in the vision worker script, never in the page', async () => {
    const { contentSecurityPolicyFor } = await import('../../src/main/security-policy')
    expect(contentSecurityPolicyFor('/index.html')).not.toContain("'unsafe-eval'")
    expect(contentSecurityPolicyFor('/assets/index-abc.js')).not.toContain("'unsafe-eval'")
    expect(contentSecurityPolicyFor('/assets/vision.worker-AbC_1.js')).toContain("'unsafe-eval'")
    expect(contentSecurityPolicyFor('/assets/vision.worker-x.js/../index.js')).not.toContain("'unsafe-eval'")
  })
})
