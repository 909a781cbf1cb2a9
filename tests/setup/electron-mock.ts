/**
 * The one place Electron is mocked. Main-process services are plain Node modules; only the
 * shell (app paths, windows, dialogs) comes from Electron. `app.getPath` points at a temporary
 * folder so services write real files, and BrowserWindow records its options for the security test.
 * Every function the security code calls is a `vi.fn`, so tests read the handlers it registered
 * (ipcMain.handle, protocol.handle, the permission handlers, app.on) and call them as Electron would.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { vi } from 'vitest'

const userData = mkdtempSync(join(tmpdir(), 'sudoku-lens-test-'))

export const createdWindows: { options: Record<string, unknown>; loaded: string[] }[] = []

vi.mock('electron', () => {
  class BrowserWindow {
    readonly webContents = { send: vi.fn(), on: vi.fn(), setWindowOpenHandler: vi.fn() }
    private readonly record: { options: Record<string, unknown>; loaded: string[] }
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [] }
      createdWindows.push(this.record)
    }
    once(): void {}
    show(): void {}
    isDestroyed(): boolean {
      return false
    }
    async loadURL(url: string): Promise<void> {
      this.record.loaded.push(url)
    }
  }
  return {
    app: {
      getPath: (name: string) => join(userData, name),
      getVersion: () => '0.0.0-test',
      isPackaged: false,
      isReady: () => true,
      on: vi.fn(),
      requestSingleInstanceLock: vi.fn(() => true),
    },
    BrowserWindow,
    shell: { openPath: vi.fn(async () => ''), showItemInFolder: vi.fn(), openExternal: vi.fn(async () => undefined) },
    dialog: { showErrorBox: vi.fn() },
    ipcMain: { handle: vi.fn() },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    net: { fetch: vi.fn() },
    // The preload's side.
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn(async () => ({ ok: true, value: null })), on: vi.fn(), off: vi.fn() },
  }
})
