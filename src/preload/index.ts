/**
 * The narrow bridge: one named method per channel of src/shared/ipc.ts, and one way to listen to
 * events. No ipcRenderer, no Node, nothing else reaches the page. `satisfies Bridge` makes the
 * type checker hold the list to the channel map: a channel missing, extra or of the wrong type
 * fails the build.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { type Api, type Channel, type EventName, type Events, IPC_EVENT_CHANNEL, type Reply, type RequestOf, type ResponseOf } from '../shared/ipc'

export type Bridge = {
  readonly [C in keyof Api]: (request: RequestOf<C>) => Promise<Reply<ResponseOf<C>>>
} & {
  readonly onEvent: (listener: <E extends EventName>(event: E, payload: Events[E]) => void) => () => void
}

const invoke =
  <C extends Channel>(channel: C) =>
  (request: RequestOf<C>): Promise<Reply<ResponseOf<C>>> =>
    ipcRenderer.invoke(channel, request)

const bridge = {
  'app:info': invoke('app:info'),
  'settings:get': invoke('settings:get'),
  'settings:set': invoke('settings:set'),
  'games:list': invoke('games:list'),
  'games:get': invoke('games:get'),
  'games:set': invoke('games:set'),
  'games:photo': invoke('games:photo'),
  'games:set-photo': invoke('games:set-photo'),
  'file:save': invoke('file:save'),
  'timelapse:start': invoke('timelapse:start'),
  'timelapse:frame': invoke('timelapse:frame'),
  'timelapse:stop': invoke('timelapse:stop'),
  'timelapse:resume': invoke('timelapse:resume'),
  'timelapse:list': invoke('timelapse:list'),
  'timelapse:unfinished': invoke('timelapse:unfinished'),
  'timelapse:encode': invoke('timelapse:encode'),
  'timelapse:cancel-encode': invoke('timelapse:cancel-encode'),
  'timelapse:delete-frames': invoke('timelapse:delete-frames'),
  'timelapse:moves': invoke('timelapse:moves'),
  'timelapse:delete': invoke('timelapse:delete'),
  'timelapse:reveal': invoke('timelapse:reveal'),
  'solve:video': invoke('solve:video'),
  onEvent: (listener: <E extends EventName>(event: E, payload: Events[E]) => void) => {
    const forward = (_: unknown, message: { event: EventName; payload: Events[EventName] }): void => listener(message.event, message.payload)
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward)
    return () => void ipcRenderer.off(IPC_EVENT_CHANNEL, forward)
  },
} satisfies Bridge

contextBridge.exposeInMainWorld('sudokuLens', bridge)
