/**
 * Web mode entry (`npm start` where the Electron binary is missing): the same renderer and the
 * same service handlers, served on http://127.0.0.1:<port> to the user who started it only
 * (web-server.ts): their browser is sent the one-time link, which no other user can see.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServices } from './services'
import { type WebServer, startWebServer } from './web-server'
import { errorMessage, ownProcessErrors } from '../node/process-errors'

/** SUDOKU_LENS_USER_DATA moves the app's own folder (not SUDOKU_LENS_DATA: that is the test data). */
export function defaultUserDataDir(): string {
  if (process.env.SUDOKU_LENS_USER_DATA) return process.env.SUDOKU_LENS_USER_DATA
  if (process.platform === 'win32') return join(process.env.APPDATA ?? homedir(), 'Sudoku Lens')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Sudoku Lens')
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Sudoku Lens')
}

export async function startWebMode(options: { rendererDir: string; userDataDir: string; port?: number; version: string }): Promise<WebServer> {
  mkdirSync(options.userDataDir, { recursive: true })
  let server: WebServer | undefined
  const services = createServices({
    userDataDir: options.userDataDir,
    version: options.version,
    mode: 'web',
    emit: (event, payload) => server?.emit(event, payload),
  })
  server = await startWebServer({
    rendererDir: options.rendererDir,
    port: options.port,
    handlers: services.handlers,
    mediaFile: (pathname) => services.mediaFile(pathname),
  })
  const close = server.close.bind(server)
  return { ...server, close: () => services.stop().finally(close) }
}

/**
 * Opens the one-time link in the user's browser without putting it on a command line, where any
 * user could read it (`ps`): the browser is given a file, readable by this user only, that
 * redirects to the link. The file is removed once the browser has had time to read it.
 */
function openBrowser(url: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-lens-open-'))
  const page = join(dir, 'open.html')
  const href = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  writeFileSync(
    page,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Sudoku Lens</title><a href="${href}">Open Sudoku Lens</a>`,
    { mode: 0o600 },
  )
  setTimeout(() => rmSync(dir, { recursive: true, force: true }), 60_000).unref()
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'
  spawn(command, [page], { stdio: 'ignore', detached: true })
    .on('error', () => undefined)
    .unref()
}

const isEntry = process.argv[1] && /[\\/]web\.(js|ts)$/.test(process.argv[1])
if (isEntry) {
  // The host owns its errors, as Electron's main process does: one line in the terminal, and it
  // keeps serving (OpenCV.js, loaded for a stabilised time-lapse, would otherwise exit on any).
  ownProcessErrors((error, origin) =>
    console.error(`Sudoku Lens (web mode): ${origin === 'unhandledRejection' ? 'a task failed' : 'an error'}: ${errorMessage(error)}`),
  )
  const server = await startWebMode({
    rendererDir: join(import.meta.dirname, '../renderer'),
    userDataDir: defaultUserDataDir(),
    port: Number(process.env.PORT ?? 0) || 0,
    version: process.env.npm_package_version ?? '0.0.0',
  })
  console.log(`Sudoku Lens (web mode) is running. Open it (once, in your own browser) with:\n  ${server.launchUrl}\nPress Ctrl+C to stop.`)
  if (!process.env.CI && !process.argv.includes('--no-open')) openBrowser(server.launchUrl)
  const stop = (): void => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.on('SIGHUP', stop)
}
