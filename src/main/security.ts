import { app, session, shell, type WebContents } from 'electron'
import { APP_ORIGIN } from './app-protocol'

/** Only the camera (and microphone, which getUserMedia may ask alongside it) is ever granted. */
const ALLOWED_PERMISSIONS = new Set(['media'])

export function isTrustedUrl(url: string): boolean {
  return url.startsWith(`${APP_ORIGIN}/`) || (!app.isPackaged && !!process.env.ELECTRON_RENDERER_URL && url.startsWith(process.env.ELECTRON_RENDERER_URL))
}

/** Permissions, navigation and new windows, each locked down once for every web contents. */
export function setupSecurity(): void {
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission) && isTrustedUrl(contents.getURL())),
  )
  session.defaultSession.setPermissionCheckHandler((_contents, permission, origin) =>
    ALLOWED_PERMISSIONS.has(permission) && isTrustedUrl(`${origin}/`),
  )
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isTrustedUrl(url)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      // Links to the project's pages open in the user's browser, never inside the app.
      if (url.startsWith('https://')) void shell.openExternal(url)
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
