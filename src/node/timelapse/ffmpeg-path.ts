/**
 * Where the bundled ffmpeg binary is. In a packaged app `@ffmpeg-installer` reports a path inside
 * `app.asar`, which the OS cannot execute; electron-builder puts the binary in `app.asar.unpacked`
 * (`asarUnpack`), so the path is rewritten to point there.
 */
import { sep } from 'node:path'

/** `…/app.asar/node_modules/…` -> `…/app.asar.unpacked/node_modules/…`; other paths unchanged. */
export function unpackedPath(path: string, separator: string = sep): string {
  const packed = `${separator}app.asar${separator}`
  return path.includes(packed) ? path.replace(packed, `${separator}app.asar.unpacked${separator}`) : path
}

let cached: string | undefined

export async function resolveFfmpegPath(): Promise<string> {
  if (cached) return cached
  const installer = (await import('@ffmpeg-installer/ffmpeg')).default
  cached = unpackedPath(installer.path)
  return cached
}
