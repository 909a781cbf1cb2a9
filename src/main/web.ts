/**
 * Web mode entry (`npm start` where the Electron binary is missing): the same renderer and the
 * same service handlers, served on http://127.0.0.1:<port>.
 */
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { createServices } from './services'
import { type WebServer, startWebServer } from './web-server'

export function defaultUserDataDir(): string {
  if (process.env.SUDOKU_LENS_DATA) return process.env.SUDOKU_LENS_DATA
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
  const close = server.close
  return { ...server, close: () => services.stop().finally(close) }
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'
  spawn(command, [url], { stdio: 'ignore', detached: true })
    .on('error', () => undefined)
    .unref()
}

const isEntry = process.argv[1] && /[\\/]web\.(js|ts)$/.test(process.argv[1])
if (isEntry) {
  const server = await startWebMode({
    rendererDir: join(import.meta.dirname, '../renderer'),
    userDataDir: defaultUserDataDir(),
    port: Number(process.env.PORT ?? 0) || 0,
    version: process.env.npm_package_version ?? '0.0.0',
  })
  console.log(`Sudoku Lens (web mode) is running at ${server.url}\nPress Ctrl+C to stop.`)
  if (!process.env.CI && !process.argv.includes('--no-open')) openBrowser(server.url)
  const stop = (): void => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
