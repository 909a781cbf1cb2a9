import { BrowserWindow } from 'electron'
import { join } from 'node:path'
import { APP_ORIGIN } from './app-protocol'

/** The built renderer's icon (from resources/icon.svg); Linux and Windows show it, macOS uses the bundle's. */
export const WINDOW_ICON = 'icon-256.png'

export function createMainWindow(preloadDir: string, rendererDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 560,
    show: false,
    title: 'Sudoku Lens',
    icon: join(rendererDir, WINDOW_ICON),
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      // Middle-click on a link would ask for a new window; the window-open handler denies those
      // too (security.ts), and without auxclick the page never even asks.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  })
  window.once('ready-to-show', () => window.show())
  const devUrl = process.env.ELECTRON_RENDERER_URL
  void (devUrl ? window.loadURL(devUrl) : window.loadURL(`${APP_ORIGIN}/index.html`))
  return window
}
