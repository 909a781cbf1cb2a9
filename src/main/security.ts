import { app, session, shell, type WebContents } from 'electron'
import { APP_ORIGIN } from './app-protocol'

/** A page of the app itself: `app://sudoku-lens/…`, or in development the dev server's origin. */
export function isTrustedUrl(url: string): boolean {
  const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
  try {
    const parsed = new URL(url)
    // Compared by parts, not by prefix: "app://sudoku-lens.evil/" and "http://localhost:5173.evil/" are not ours.
    if (`${parsed.protocol}//${parsed.host}` === APP_ORIGIN) return true
    return !!devUrl && parsed.origin === new URL(devUrl).origin
  } catch {
    return false
  }
}

/** The project's own site: the only place a link may take the user, in their own browser. */
export const APP_LINK_ORIGIN = 'https://sudokulens.app'

/** True for a plain https link to the project's site (no credentials, no other port or host). */
export function isAppLink(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.origin === APP_LINK_ORIGIN && parsed.username === '' && parsed.password === ''
  } catch {
    return false
  }
}

/**
 * The camera, and only the camera: getUserMedia asks for 'media' with the kinds of device it
 * wants, and a request that includes the microphone (audio) is refused whole.
 */
export function grantsCamera(permission: string, mediaTypes: readonly string[] | undefined): boolean {
  return permission === 'media' && !!mediaTypes?.length && mediaTypes.every((type) => type === 'video')
}

/** Permissions, navigation and new windows, each locked down once for every web contents. */
export function setupSecurity(): void {
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(grantsCamera(permission, (details as { mediaTypes?: string[] }).mediaTypes) && isTrustedUrl(contents.getURL())),
  )
  session.defaultSession.setPermissionCheckHandler(
    (_contents, permission, origin, details) => grantsCamera(permission, [details.mediaType ?? '']) && isTrustedUrl(`${origin}/`),
  )
  app.on('web-contents-created', (_event, contents: WebContents) => {
    const stayInApp = (event: { preventDefault(): void }, url: string) => {
      if (!isTrustedUrl(url)) event.preventDefault()
    }
    contents.on('will-navigate', stayInApp)
    contents.on('will-redirect', stayInApp)
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      // Links to the project's own pages open in the user's browser; nothing opens inside the app.
      if (isAppLink(url)) void shell.openExternal(url)
      return { action: 'deny' }
    })
  })
}

/** The second launch focuses the first window instead of starting another app. */
export function setupSingleInstance(focus: () => void): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', focus)
  return true
}
