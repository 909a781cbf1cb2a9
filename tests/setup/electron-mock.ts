/**
 * The one place Electron is mocked. Main-process services are plain Node modules; only the
 * shell (app paths, dialogs, shell.openPath) comes from Electron, and tests point it at a
 * temporary folder so real files are written on disk.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { vi } from 'vitest'

const userData = mkdtempSync(join(tmpdir(), 'sudoku-lens-test-'))

vi.mock('electron', () => ({
  app: {
    getPath: (name: string) => join(userData, name),
    getVersion: () => '0.0.0-test',
    isPackaged: false,
  },
  shell: { openPath: async () => '', showItemInFolder: () => undefined },
  dialog: {},
  ipcMain: { handle: () => undefined },
}))
