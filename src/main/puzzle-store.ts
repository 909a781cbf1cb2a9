import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { type SavedPuzzle, savedPuzzle } from '../shared/saved-puzzle'
import { writeFileAtomic } from '../node/atomic-file'
import { UserError } from './invoke'

/**
 * The puzzle in progress in `<userData>/puzzle.json`, so it survives a reload and a restart.
 * Writes are crash-safe (atomic-file.ts) and one after another; the newest wins.
 */
export class PuzzleStore {
  private readonly path: string
  private writes: Promise<unknown> = Promise.resolve()

  constructor(userDataDir: string) {
    this.path = join(userDataDir, 'puzzle.json')
  }

  /** The saved puzzle, or null when there is none. A damaged file fails with one line for the user. */
  async get(): Promise<SavedPuzzle | null> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw new UserError(`The saved puzzle could not be read (${(error as Error).message}); starting with an empty board.`)
    }
    try {
      return savedPuzzle(JSON.parse(text))
    } catch (error) {
      throw new UserError(`The saved puzzle in ${this.path} is damaged (${(error as Error).message}); starting with an empty board.`)
    }
  }

  set(puzzle: SavedPuzzle): Promise<void> {
    const next = this.writes.then(() => writeFileAtomic(this.path, JSON.stringify(puzzle)))
    this.writes = next.catch(() => undefined)
    return next
  }
}
