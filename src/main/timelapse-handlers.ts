import type { EventName, Events, Handlers, ServiceChannel } from '../shared/ipc'
import type { TimelapseService } from '../node/timelapse/service'

type TimelapseChannel = Extract<ServiceChannel, `timelapse:${string}`>

/**
 * The time-lapse channels over the recorder/encoder service: encodes run one per session with an
 * AbortController so the panel can cancel them, and report progress as events.
 */
export function createTimelapseHandlers(
  service: TimelapseService,
  emit: <E extends EventName>(event: E, payload: Events[E]) => void,
): Handlers<TimelapseChannel> {
  const encodes = new Map<string, AbortController>()
  return {
    'timelapse:start': (settings) => service.startSession(settings),
    'timelapse:frame': async ({ id, jpeg, board, skipped }) => service.addFrame(id, jpeg, board, skipped),
    'timelapse:stop': ({ id }) => service.stopSession(id),
    'timelapse:resume': ({ id }) => service.resumeSession(id),
    'timelapse:list': () => service.listSessions(),
    'timelapse:unfinished': () => service.unfinishedSessions(),
    'timelapse:encode': async ({ id, settings }) => {
      const controller = new AbortController()
      encodes.set(id, controller)
      try {
        return await service.encode(id, settings, (progress) => emit('timelapse:progress', { id, ...progress }), controller.signal)
      } finally {
        encodes.delete(id)
      }
    },
    'timelapse:cancel-encode': async ({ id }) => {
      encodes.get(id)?.abort()
      return encodes.has(id)
    },
    'timelapse:delete-frames': ({ id }) => service.deleteFrames(id),
    'timelapse:delete': ({ id }) => service.deleteSession(id),
    'timelapse:moves': ({ id }) => service.movesText(id),
  }
}
