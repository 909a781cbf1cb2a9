import type { AppInfo, Handlers, ServiceChannel } from '../shared/ipc'
import { SettingsStore } from './settings'

export interface ServiceContext {
  /** Where the app keeps its files (Electron: app.getPath('userData')). */
  readonly userDataDir: string
  readonly version: string
  readonly mode: AppInfo['mode']
}

/**
 * The handler table of every plain service, with no Electron in it: registered on ipcMain by the
 * desktop app and served over loopback HTTP in web mode, so tests exercise the real thing.
 */
export function createServiceHandlers(context: ServiceContext): Handlers<ServiceChannel> {
  const settings = new SettingsStore(context.userDataDir)
  return {
    'app:info': async () => ({ name: 'Sudoku Lens', version: context.version, mode: context.mode, platform: process.platform }),
    'settings:get': () => settings.get(),
    'settings:set': (patch) => settings.set(patch),
  }
}
