/**
 * The desktop app: a thin list of setup calls around plain services (see services.ts), which
 * web mode serves too.
 */
import { type BrowserWindow, app } from 'electron'
import { join } from 'node:path'
import { registerAppScheme, serveRenderer } from './app-protocol'
import { setupErrorReporting } from './error-reporting'
import { setupSecurity, setupSingleInstance } from './security'
import { emitTo, setupIpc } from './ipc'
import { createServices } from './services'
import { createShellHandlers } from './shell-handlers'
import { createMainWindow } from './window'

setupErrorReporting()

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
    const services = createServices({
      userDataDir: app.getPath('userData'),
      version: app.getVersion(),
      mode: 'electron',
      emit: (event, payload) => mainWindow && emitTo(mainWindow, event, payload),
    })
    const rendererDir = join(import.meta.dirname, '../renderer')
    serveRenderer(rendererDir, (pathname) => services.mediaFile(pathname))
    setupIpc({ ...services.handlers, ...createShellHandlers(() => mainWindow, services.timelapse) })
    app.on('before-quit', () => void services.stop())
    mainWindow = createMainWindow(join(import.meta.dirname, '../preload'), rendererDir)
    app.on('activate', () => {
      if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createMainWindow(join(import.meta.dirname, '../preload'), rendererDir)
    })
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
