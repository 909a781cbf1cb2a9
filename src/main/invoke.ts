import { type Channel, type Handlers, type IpcError, type Reply, requestGuards } from '../shared/ipc'

/** Errors whose message is written for the user; anything else is reported generically. */
const USER_FACING = new Set(['ValidationError', 'PuzzleFormatError', 'UserError'])

/** An error meant for the user ("The disk is full…"): its message crosses the bridge as it is. */
export class UserError extends Error {
  override name = 'UserError'
}

/**
 * The one entry for every request, from Electron IPC and from the web host alike: checks that
 * the channel exists and the argument is valid, runs the handler, and turns any failure into
 * plain `{ name, message }`.
 */
export async function invoke<C extends Channel>(handlers: Partial<Handlers<Channel>>, channel: string, argument: unknown): Promise<Reply<unknown>> {
  const handler = Object.hasOwn(handlers, channel) ? handlers[channel as C] : undefined
  if (!handler) return { ok: false, error: { name: 'UnknownChannel', message: `No such request: ${channel}` } }
  try {
    const request = requestGuards[channel as C](argument)
    return { ok: true, value: await (handler as (r: unknown) => Promise<unknown>)(request) }
  } catch (error) {
    return { ok: false, error: toIpcError(error) }
  }
}

export function toIpcError(error: unknown): IpcError {
  if (error instanceof Error && (USER_FACING.has(error.name) || 'userFacing' in error)) {
    return { name: error.name, message: error.message }
  }
  console.error(error)
  const message = error instanceof Error ? error.message : String(error)
  return { name: 'InternalError', message: `Something went wrong: ${message}` }
}
