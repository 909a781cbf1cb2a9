import { type BrowserWindow, ipcMain } from 'electron'
import { type Channel, type EventName, type Events, type Handlers, IPC_EVENT_CHANNEL, channels } from '../shared/ipc'
import { invoke } from './invoke'
import { isTrustedUrl } from './security'

/**
 * Registers every channel on ipcMain. Each message is answered only when it comes from our own
 * page's main frame; the argument is validated inside `invoke` before any handler runs.
 */
export function setupIpc(handlers: Handlers<Channel>): void {
  for (const channel of channels) {
    ipcMain.handle(channel, (event, argument: unknown) => {
      const frameUrl = event.senderFrame?.url ?? ''
      if (!isTrustedUrl(frameUrl) || event.senderFrame !== event.sender.mainFrame) {
        return { ok: false, error: { name: 'Forbidden', message: 'Request from an untrusted frame' } }
      }
      return invoke(handlers, channel, argument)
    })
  }
}

export function emitTo(window: BrowserWindow, event: EventName, payload: Events[EventName]): void {
  if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, { event, payload })
}
