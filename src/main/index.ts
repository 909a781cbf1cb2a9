/**
 * The desktop app: a thin list of setup calls around plain services (see services.ts), which
 * web mode serves too.
 */
import { type BrowserWindow, app } from 'electron'
import { join } from 'node:path'
import { registerAppScheme, serveRenderer } from './app-protocol'
import { setupIpc } from './ipc'
import { setupSecurity, setupSingleInstance } from './security'
import { createServiceHandlers } from './services'
import { createShellHandlers } from './shell-handlers'
import { createMainWindow } from './window'

let mainWindow: BrowserWindow | undefined

const focusMainWindow = (): void => {
  if (!mainWindow) return
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

if (!setupSingleInstance(focusMainWindow)) {
  app.quit()
} else {
  registerAppScheme()
  void app.whenReady().then(() => {
    setupSecurity()
    serveRenderer(join(import.meta.dirname, '../renderer'))
    setupIpc({
      ...createServiceHandlers({ userDataDir: app.getPath('userData'), version: app.getVersion(), mode: 'electron' }),
      ...createShellHandlers(() => mainWindow),
    })
    mainWindow = createMainWindow(join(import.meta.dirname, '../preload'))
    app.on('activate', () => {
      if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createMainWindow(join(import.meta.dirname, '../preload'))
    })
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
