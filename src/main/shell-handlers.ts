import { type BrowserWindow, dialog, shell } from 'electron'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Handlers, ShellApi } from '../shared/ipc'
import { UserError } from './invoke'
import type { TimelapseService } from './timelapse/service'

/** Puzzle files are small text; anything larger is not a puzzle. */
const MAX_TEXT_FILE_BYTES = 1_000_000

/** The channels that need native dialogs, bound to the app's window. */
export function createShellHandlers(window: () => BrowserWindow | undefined, timelapse: TimelapseService): Handlers<keyof ShellApi> {
  return {
    'timelapse:reveal': async ({ id }) => {
      const video = await timelapse.videoPath(id)
      if (!video) throw new UserError('This session has no film yet: encode it first.')
      shell.showItemInFolder(video)
    },
    'file:open-text': async ({ title, extensions }) => {
      const owner = window()
      const options = { title, properties: ['openFile' as const], filters: [{ name: title, extensions }, { name: 'All files', extensions: ['*'] }] }
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options)
      const path = result.filePaths[0]
      if (result.canceled || !path) return null
      if ((await stat(path)).size > MAX_TEXT_FILE_BYTES) throw new UserError(`${basename(path)} is too large to be a puzzle file.`)
      return { name: basename(path), text: await readFile(path, 'utf8') }
    },
    'file:save': async ({ name, data }) => {
      const owner = window()
      const options = { defaultPath: name }
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options)
      if (result.canceled || !result.filePath) return null
      await writeFile(result.filePath, data)
      return result.filePath
    },
  }
}
