/**
 * The narrow bridge: one named method per channel of src/shared/ipc.ts, and one way to listen to
 * events. No ipcRenderer, no Node, nothing else reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { type Api, type EventName, type Events, IPC_EVENT_CHANNEL, type Reply, channels } from '../shared/ipc'

export type Bridge = {
  readonly [C in keyof Api]: (request: Parameters<Api[C]>[0]) => Promise<Reply<Awaited<ReturnType<Api[C]>>>>
} & {
  readonly onEvent: (listener: <E extends EventName>(event: E, payload: Events[E]) => void) => () => void
}

const methods = Object.fromEntries(
  channels.map((channel) => [channel, (request: unknown) => ipcRenderer.invoke(channel, request)]),
)

const bridge = {
  ...methods,
  onEvent: (listener: (event: EventName, payload: unknown) => void) => {
    const forward = (_: unknown, message: { event: EventName; payload: unknown }): void => listener(message.event, message.payload)
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward)
    return () => void ipcRenderer.off(IPC_EVENT_CHANNEL, forward)
  },
} as unknown as Bridge

contextBridge.exposeInMainWorld('sudokuLens', bridge)
