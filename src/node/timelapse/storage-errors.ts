/**
 * Turns file-system failures into the message the time-lapse panel shows. Only the errors that
 * mean "recording cannot go on" stop a session; the rest are bugs and keep their own message.
 */

/** Error codes that stop recording but keep every frame already saved. */
export const STOPPING_CODES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT', 'EIO'])

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export function isStoppingError(error: unknown): boolean {
  const code = errorCode(error)
  return code !== undefined && STOPPING_CODES.has(code)
}

/** A sentence for a person: what happened, where, and that the frames so far are kept. */
export function storageMessage(error: unknown, dir: string): string {
  const code = errorCode(error)
  const reason =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'The disk is full'
      : code === 'EACCES' || code === 'EPERM'
        ? 'The time-lapse folder is not writable (permission denied)'
        : code === 'EROFS'
          ? 'The time-lapse folder is on a read-only disk'
          : code === 'ENOTDIR' || code === 'ENOENT'
            ? 'The time-lapse folder is missing or is not a folder'
            : code === 'EIO'
              ? 'The disk reported an input/output error'
              : `Writing failed (${error instanceof Error ? error.message : String(error)})`
  return `${reason}: ${dir}. Recording stopped; the frames saved so far are kept.`
}
