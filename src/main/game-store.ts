import { mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { type GameList, type GameSummary, type SavedGame, savedGame, summaryOf } from '../shared/saved-game'
import { savedPuzzle } from '../shared/saved-puzzle'
import { writeFileAtomic } from '../node/atomic-file'
import { UserError } from './invoke'

/** Games kept: the oldest beyond this are removed with their photos as a new one is saved. */
export const KEPT_GAMES = 200
/** The player's games are theirs alone: folders 0700, files 0600. */
const PRIVATE_DIR = 0o700
const PRIVATE_FILE = 0o600

/** Why a write failed, in a player's words. */
const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOTDIR: 'a file is in the way of the folder',
  EEXIST: 'a file is in the way of the folder',
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT'

/** What `read` gives, or `fallback` where the file or folder is missing; any other error is thrown. */
async function unlessMissing<T>(read: Promise<T>, fallback: T): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (isMissing(error)) return fallback
    throw error
  }
}

/**
 * The games library in `<userData>/games/`: `<id>.json` per game, `<id>.jpg` for the photo it was
 * read from. Writes are crash-safe (atomic-file.ts), one after another, and a save with a lower
 * revision than the one kept is ignored, so the newest state always wins. A damaged file is set
 * aside as `<id>.json.damaged`, never overwritten, and said in one line.
 */
export class GameStore {
  private readonly dir: string
  private readonly legacyPath: string
  private writes: Promise<unknown> = Promise.resolve()
  private readonly revisions = new Map<string, number>()

  constructor(userDataDir: string) {
    this.dir = join(userDataDir, 'games')
    this.legacyPath = join(userDataDir, 'puzzle.json')
  }

  async list(): Promise<GameList> {
    const damaged: string[] = []
    await this.importLegacy().catch((error: Error) => damaged.push(error.message))
    const names = await unlessMissing(readdir(this.dir), [])
    const games: GameSummary[] = []
    for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
      const id = name.slice(0, -'.json'.length)
      try {
        const game = await this.get(id)
        if (game) games.push(summaryOf(game, await this.hasPhoto(id)))
      } catch (error) {
        damaged.push((error as Error).message)
      }
    }
    games.sort((a, b) => b.updatedAt - a.updatedAt)
    return { games, damaged: damaged[0] ?? null }
  }

  /** A game, or null when there is none of that id; a damaged one is set aside and fails with one line. */
  async get(id: string): Promise<SavedGame | null> {
    const path = this.gamePath(id)
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if (isMissing(error)) return null
      throw new UserError(`The saved game ${id} could not be read (${(error as Error).message}).`)
    }
    try {
      const game = savedGame(JSON.parse(text))
      if (game.id !== id) throw new Error(`it says it is game ${game.id}`)
      return game
    } catch (error) {
      await rename(path, `${path}.damaged`).catch(() => undefined)
      throw new UserError(`The saved game in ${path} is damaged (${(error as Error).message}); it was set aside as ${path}.damaged.`)
    }
  }

  set(game: SavedGame): Promise<void> {
    return this.queue(async () => {
      if ((this.revisions.get(game.id) ?? -1) >= game.revision) return
      await this.write(this.gamePath(game.id), JSON.stringify(game))
      this.revisions.set(game.id, game.revision)
      await this.prune()
    })
  }

  async photo(id: string): Promise<Uint8Array | null> {
    const data = await unlessMissing(readFile(this.photoPath(id)), null)
    return data && new Uint8Array(data)
  }

  setPhoto(id: string, jpeg: Uint8Array): Promise<void> {
    return this.queue(() => this.write(this.photoPath(id), jpeg))
  }

  private queue(task: () => Promise<void>): Promise<void> {
    const next = this.writes.then(task)
    this.writes = next.catch(() => undefined)
    return next
  }

  private async write(path: string, data: string | Uint8Array): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR })
      await writeFileAtomic(path, data, { mode: PRIVATE_FILE })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? ''
      throw new UserError(`Your game could not be written to ${this.dir}: ${WRITE_FAILURES[code] ?? (error as Error).message}`)
    }
  }

  /** Removes the oldest games (and their photos) beyond KEPT_GAMES, by the time their file was last written. */
  private async prune(): Promise<void> {
    const names = (await readdir(this.dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    if (names.length <= KEPT_GAMES) return
    const dated = await Promise.all(names.map(async (name) => ({ name, time: (await stat(join(this.dir, name))).mtimeMs })))
    dated.sort((a, b) => b.time - a.time)
    for (const { name } of dated.slice(KEPT_GAMES)) {
      const id = name.slice(0, -'.json'.length)
      await rm(this.gamePath(id), { force: true })
      await rm(this.photoPath(id), { force: true })
    }
  }

  private async hasPhoto(id: string): Promise<boolean> {
    return stat(this.photoPath(id)).then(
      () => true,
      () => false,
    )
  }

  /** The single puzzle an older version kept in `puzzle.json` becomes the first game of the library. */
  private async importLegacy(): Promise<void> {
    let text: string
    try {
      text = await readFile(this.legacyPath, 'utf8')
    } catch (error) {
      if (isMissing(error)) return
      throw new UserError(`The saved puzzle could not be read (${(error as Error).message}).`)
    }
    let puzzle
    try {
      puzzle = savedPuzzle(JSON.parse(text))
    } catch (error) {
      await rename(this.legacyPath, `${this.legacyPath}.damaged`).catch(() => undefined)
      throw new UserError(`The saved puzzle in ${this.legacyPath} is damaged (${(error as Error).message}); starting with an empty board.`)
    }
    const time = (await stat(this.legacyPath)).mtimeMs
    const id = `imported-${Math.round(time).toString(36)}`
    await this.set({ id, source: 'typed', title: 'Your puzzle', createdAt: time, updatedAt: time, revision: 0, previous: null, puzzle })
    await rm(this.legacyPath, { force: true })
  }

  private gamePath(id: string): string {
    return join(this.dir, `${id}.json`)
  }

  private photoPath(id: string): string {
    return join(this.dir, `${id}.jpg`)
  }
}
