import { join } from 'node:path'
import type { AppInfo, EventName, Events, Handlers, ServiceChannel } from '../shared/ipc'
import { readFile, rm } from 'node:fs/promises'
import { logicalSolve } from '../shared/sudoku/logical-solve'
import { UserError } from './invoke'
import { GameStore } from './game-store'
import { SettingsStore } from './settings'
import { createTimelapseHandlers } from './timelapse-handlers'
import { type TimelapseService, createTimelapseService } from '../node/timelapse/service'

export interface ServiceContext {
  /** Where the app keeps its files (Electron: app.getPath('userData')). */
  readonly userDataDir: string
  readonly version: string
  readonly mode: AppInfo['mode']
  /** Pushes an event to the renderer (Electron: webContents.send; web mode: server-sent events). */
  readonly emit?: <E extends EventName>(event: E, payload: Events[E]) => void
}

export interface Services {
  /** The handler table of every plain service, with no Electron in it. */
  readonly handlers: Handlers<ServiceChannel>
  readonly timelapse: TimelapseService
  /**
   * The file behind an app media path (`/media/timelapse/<id>.mp4`), so the renderer can play a
   * film through the app's own origin; null for anything else.
   */
  mediaFile(pathname: string): Promise<string | null>
  /** Stops recordings cleanly (app quit). */
  stop(): Promise<void>
}

/**
 * Every plain service, registered on ipcMain by the desktop app and served over loopback HTTP in
 * web mode, so tests exercise the real thing.
 */
export function createServices(context: ServiceContext): Services {
  const emit = context.emit ?? (() => undefined)
  const settings = new SettingsStore(context.userDataDir)
  const games = new GameStore(context.userDataDir)
  const timelapse = createTimelapseService({
    baseDir: join(context.userDataDir, 'timelapses'),
    onSessionStopped: (summary) => emit('timelapse:stopped', summary),
  })
  return {
    timelapse,
    handlers: {
      'app:info': async () => ({ name: 'Sudoku Lens', version: context.version, mode: context.mode, platform: process.platform }),
      'settings:get': () => settings.get(),
      'settings:set': (patch) => settings.set(patch),
      'games:list': () => games.list(),
      'games:get': ({ id }) => games.get(id),
      'games:set': (game) => games.set(game),
      'games:photo': ({ id }) => games.photo(id),
      'games:set-photo': ({ id, jpeg }) => games.setPhoto(id, jpeg),
      ...createTimelapseHandlers(timelapse, emit),
      'solve:video': async ({ puzzle }) => {
        const givens = Uint8Array.from(puzzle, Number)
        const solve = logicalSolve(givens)
        if (solve.status !== 'solved') throw new UserError('Only a puzzle with exactly one solution can be filmed step by step.')
        const { video } = await timelapse.exportSolveVideo(givens, solve.steps)
        // The film only travels to the renderer, which saves it where the user chooses.
        try {
          return new Uint8Array(await readFile(video))
        } finally {
          await rm(video, { force: true })
        }
      },
    },
    async mediaFile(pathname) {
      const match = /^\/media\/timelapse\/([^/]+)\.mp4$/.exec(pathname)
      return match ? timelapse.videoPath(match[1]).catch(() => null) : null
    },
    stop: () => timelapse.stopAll(),
  }
}
