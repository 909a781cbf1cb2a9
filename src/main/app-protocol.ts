import { net, protocol } from 'electron'
import { join, normalize, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { contentSecurityPolicyFor } from './security-policy'

/**
 * The packaged renderer is served from `app://sudoku-lens/` rather than file://, so it has a real
 * origin: module workers, fetch of wasm and language data, and a CSP header all work as on the web.
 */
export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://sudoku-lens`

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }])
}

export function serveRenderer(rendererDir: string, mediaFile: (pathname: string) => Promise<string | null>): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/media/')) {
      const media = await mediaFile(pathname)
      // net.fetch of a file: URL answers Range requests, so films can be seeked.
      return media ? net.fetch(pathToFileURL(media).toString(), { headers: request.headers }) : new Response('Not found', { status: 404 })
    }
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return new Response('Bad request', { status: 400 })
    }
    const file = join(rendererDir, normalize(decoded).replace(/^([/\\])+/, '') || 'index.html')
    if (!file.startsWith(rendererDir + sep)) return new Response('Forbidden', { status: 403 })
    const response = await net.fetch(pathToFileURL(file).toString())
    const headers = new Headers(response.headers)
    headers.set('content-security-policy', contentSecurityPolicyFor(pathname))
    return new Response(response.body, { status: response.status, headers })
  })
}
