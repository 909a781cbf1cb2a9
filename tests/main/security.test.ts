/**
 * The Electron-only security code, run against the one Electron mock (tests/setup/electron-mock.ts):
 * the handlers it registers are taken from the mock and called the way Electron calls them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, contextBridge, ipcMain, ipcRenderer, net, protocol, session, shell } from 'electron'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { serveRenderer } from '../../src/main/app-protocol'
import { setupIpc } from '../../src/main/ipc'
import { grantsCamera, isAppLink, isTrustedUrl, setupSecurity, setupSingleInstance } from '../../src/main/security'
import { IPC_EVENT_CHANNEL, channels } from '../../src/shared/ipc'

type Listener = (...args: unknown[]) => unknown

describe('the IPC sender check', () => {
  const handler = vi.fn(async () => ({ name: 'Sudoku Lens' }))
  let registered: Map<string, Listener>
  beforeAll(() => {
    setupIpc({ 'app:info': handler } as never)
    registered = new Map(vi.mocked(ipcMain.handle).mock.calls.map(([channel, fn]) => [channel, fn as Listener]))
  })
  const frame = (url: string) => ({ url })
  const event = (senderFrame: { url: string } | null, mainFrame = senderFrame) => ({ senderFrame, sender: { mainFrame } })

  it('registers every channel of the contract, and no other', () => {
    expect([...registered.keys()].sort()).toEqual([...channels].sort())
  })

  it("answers only our own page's main frame", async () => {
    const call = registered.get('app:info')!
    const main = frame('app://sudoku-lens/index.html')
    expect(await call(event(main), undefined)).toEqual({ ok: true, value: { name: 'Sudoku Lens' } })
    const forbidden = { ok: false, error: { name: 'Forbidden', message: 'Request from an untrusted frame' } }
    expect(await call(event(frame('https://evil.example/')), undefined)).toEqual(forbidden)
    expect(await call(event(frame('app://sudoku-lens.evil/index.html')), undefined)).toEqual(forbidden)
    // An iframe of our own origin is still not the main frame.
    expect(await call(event(frame('app://sudoku-lens/index.html'), frame('app://sudoku-lens/index.html')), undefined)).toEqual(forbidden)
    expect(await call(event(null), undefined)).toEqual(forbidden)
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('validates the argument before any handler runs', async () => {
    const reply = (await registered.get('app:info')!(event(frame('app://sudoku-lens/index.html')), { constructor: 1 })) as {
      ok: boolean
      error: { name: string }
    }
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(handler).toHaveBeenCalledTimes(1)
  })
})

describe('permissions, navigation and new windows', () => {
  let request: Listener
  let check: Listener
  let contents: { on: ReturnType<typeof vi.fn>; setWindowOpenHandler: ReturnType<typeof vi.fn> }
  const on = (name: string) => contents.on.mock.calls.find(([event]) => event === name)?.[1] as Listener
  beforeAll(() => {
    setupSecurity()
    request = vi.mocked(session.defaultSession.setPermissionRequestHandler).mock.calls[0][0] as unknown as Listener
    check = vi.mocked(session.defaultSession.setPermissionCheckHandler).mock.calls[0][0] as unknown as Listener
    const created = (vi.mocked(app.on).mock.calls as unknown as [string, Listener][]).find(([name]) => name === 'web-contents-created')![1]
    contents = { on: vi.fn(), setWindowOpenHandler: vi.fn() }
    created({}, contents)
  })
  beforeEach(() => vi.mocked(shell.openExternal).mockClear())

  const ask = (permission: string, details: object, url = 'app://sudoku-lens/index.html') =>
    new Promise((resolve) => request({ getURL: () => url }, permission, resolve, details))

  it('grants the camera alone: never the microphone, never with it, never anything else', async () => {
    expect(await ask('media', { mediaTypes: ['video'] })).toBe(true)
    expect(await ask('media', { mediaTypes: ['video', 'audio'] })).toBe(false)
    expect(await ask('media', { mediaTypes: ['audio'] })).toBe(false)
    expect(await ask('media', { mediaTypes: [] })).toBe(false)
    expect(await ask('media', {})).toBe(false)
    for (const other of ['geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal', 'display-capture'])
      expect(await ask(other, { mediaTypes: ['video'] })).toBe(false)
    expect(await ask('media', { mediaTypes: ['video'] }, 'https://evil.example/')).toBe(false)
  })

  it('answers permission checks the same way', () => {
    expect(check(null, 'media', 'app://sudoku-lens', { mediaType: 'video' })).toBe(true)
    expect(check(null, 'media', 'app://sudoku-lens', { mediaType: 'audio' })).toBe(false)
    expect(check(null, 'media', 'app://sudoku-lens', { mediaType: 'unknown' })).toBe(false)
    expect(check(null, 'media', 'https://evil.example', { mediaType: 'video' })).toBe(false)
    expect(check(null, 'geolocation', 'app://sudoku-lens', {})).toBe(false)
    expect(grantsCamera('media', ['video'])).toBe(true)
  })

  it('keeps every page inside the app: navigation and redirects elsewhere are cancelled, webviews refused', () => {
    for (const name of ['will-navigate', 'will-redirect']) {
      const stay = { preventDefault: vi.fn() }
      on(name)(stay, 'https://evil.example/')
      expect(stay.preventDefault).toHaveBeenCalled()
      const ours = { preventDefault: vi.fn() }
      on(name)(ours, 'app://sudoku-lens/index.html#x')
      expect(ours.preventDefault).not.toHaveBeenCalled()
    }
    const webview = { preventDefault: vi.fn() }
    on('will-attach-webview')(webview)
    expect(webview.preventDefault).toHaveBeenCalled()
  })

  it("opens no window; only the app's own https links go to the user's browser", () => {
    const open = contents.setWindowOpenHandler.mock.calls[0][0] as (d: { url: string }) => unknown
    expect(open({ url: 'https://sudokulens.app/help#camera' })).toEqual({ action: 'deny' })
    expect(shell.openExternal).toHaveBeenCalledWith('https://sudokulens.app/help#camera')
    for (const url of [
      'https://evil.example/',
      'https://sudokulens.app.evil.example/',
      'https://user:pw@sudokulens.app/',
      'http://sudokulens.app/',
      'https://sudokulens.app:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      vi.mocked(shell.openExternal).mockClear()
      expect(open({ url })).toEqual({ action: 'deny' })
      expect(shell.openExternal).not.toHaveBeenCalled()
      expect(isAppLink(url)).toBe(false)
    }
  })

  it('trusts our origin by its parts, not by a prefix', () => {
    expect(isTrustedUrl('app://sudoku-lens/index.html')).toBe(true)
    expect(isTrustedUrl('app://sudoku-lens.evil/index.html')).toBe(false)
    expect(isTrustedUrl('app://sudoku-lens@evil/')).toBe(false)
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173'
    try {
      expect(isTrustedUrl('http://localhost:5173/')).toBe(true)
      expect(isTrustedUrl('http://localhost:5173.evil.example/')).toBe(false)
    } finally {
      delete process.env.ELECTRON_RENDERER_URL
    }
  })

  it('lets a second launch focus the first window instead of starting', () => {
    const focus = vi.fn()
    expect(setupSingleInstance(focus)).toBe(true)
    vi.mocked(app.requestSingleInstanceLock).mockReturnValueOnce(false)
    expect(setupSingleInstance(focus)).toBe(false)
  })
})

describe('the app:// protocol', () => {
  let serve: (request: Request) => Promise<Response>
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'sl-protocol-'))
    mkdirSync(join(root, 'renderer', 'assets'), { recursive: true })
    writeFileSync(join(root, 'secret.txt'), 'outside')
    writeFileSync(join(root, 'film.mp4'), 'film')
    writeFileSync(join(root, 'renderer', 'index.html'), '<p>app</p>')
    writeFileSync(join(root, 'renderer', 'assets', 'vision.worker-abc.js'), '//')
    // net.fetch of a file: URL, as Electron does it.
    vi.mocked(net.fetch).mockImplementation(async (url: string | Request) => {
      try {
        return new Response(await readFile(fileURLToPath(url as string)))
      } catch {
        return new Response('missing', { status: 404 })
      }
    })
    serveRenderer(join(root, 'renderer'), async (pathname) => (pathname === '/media/timelapse/x.mp4' ? join(root, 'film.mp4') : null))
    serve = vi.mocked(protocol.handle).mock.calls[0][1] as unknown as typeof serve
  })
  const get = (path: string) => serve(new Request(`app://sudoku-lens${path}`))

  it('serves the renderer with the strict policy, and eval only to the vision worker', async () => {
    const page = await get('/index.html')
    expect(await page.text()).toBe('<p>app</p>')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.headers.get('content-security-policy')).not.toContain("'unsafe-eval'")
    expect((await get('/assets/vision.worker-abc.js')).headers.get('content-security-policy')).toContain("'unsafe-eval'")
  })

  it('serves nothing outside the renderer folder, and answers a malformed path with 400', async () => {
    for (const path of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/a/..%2f..%2fsecret.txt']) {
      // Refused, or normalised by the URL parser to a file inside that does not exist.
      const response = await get(path)
      expect([403, 404]).toContain(response.status)
      expect(await response.text()).not.toContain('outside')
    }
    expect((await get('/%zz')).status).toBe(400)
  })

  it('serves films only through the services, which name the file', async () => {
    expect(await (await get('/media/timelapse/x.mp4')).text()).toBe('film')
    expect((await get('/media/timelapse/other.mp4')).status).toBe(404)
    expect((await get('/media/../secret.txt')).status).not.toBe(200)
  })
})

describe('the preload bridge', () => {
  it('exposes one named method per channel and onEvent, nothing else, over invoke only', async () => {
    await import('../../src/preload/index')
    const [name, bridge] = vi.mocked(contextBridge.exposeInMainWorld).mock.calls[0] as [string, Record<string, (...args: unknown[]) => unknown>]
    expect(name).toBe('sudokuLens')
    expect(Object.keys(bridge).sort()).toEqual([...channels, 'onEvent'].sort())
    await bridge['timelapse:stop']({ id: 'x' })
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('timelapse:stop', { id: 'x' })
    const listener = vi.fn()
    const unsubscribe = bridge.onEvent(listener) as () => void
    const [channel, forward] = vi.mocked(ipcRenderer.on).mock.calls[0] as [string, Listener]
    expect(channel).toBe(IPC_EVENT_CHANNEL)
    forward({ sender: 'not passed on' }, { event: 'app:notice', payload: { message: 'hi' } })
    expect(listener).toHaveBeenCalledWith('app:notice', { message: 'hi' })
    unsubscribe()
    expect(ipcRenderer.off).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, forward)
  })
})
