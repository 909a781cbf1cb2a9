import { type BrowserWindow, dialog, shell } from 'electron'
import { writeFile } from 'node:fs/promises'
import type { Handlers, ShellApi } from '../shared/ipc'
import { UserError } from './invoke'
import type { TimelapseService } from '../node/timelapse/service'

/** The channels that need native dialogs, bound to the app's window. */
export function createShellHandlers(window: () => BrowserWindow | undefined, timelapse: TimelapseService): Handlers<keyof ShellApi> {
  return {
    'timelapse:reveal': async ({ id }) => {
      const video = await timelapse.videoPath(id)
      if (!video) throw new UserError('This session has no film yet: encode it first.')
      shell.showItemInFolder(video)
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
