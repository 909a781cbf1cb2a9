/**
 * A game kept in the library (`<userData>/games/<id>.json`, its photo beside it as `<id>.jpg`):
 * where it came from, when, the game it was started over, and the puzzle in progress with its
 * history (saved-puzzle.ts). Every typed, pasted, opened or read puzzle is a game of its own.
 */
import { type Guard, literal, nullable, number, object, string } from './guards'
import { type SavedPuzzle, savedPuzzle } from './saved-puzzle'

export const GAME_SOURCES = ['typed', 'pasted', 'opened', 'photo', 'camera', 'new'] as const
export type GameSource = (typeof GAME_SOURCES)[number]

export const GAME_ID_PATTERN = /^[a-z0-9-]{6,64}$/

export interface GameInfo {
  readonly id: string
  readonly source: GameSource
  /** What the player called it or where it came from: "IMG_2041.jpg", "the pasted puzzle". */
  readonly title: string
  /** Epoch ms. */
  readonly createdAt: number
  readonly updatedAt: number
  /** Counts the game's saves; the store keeps the highest, so a late reply never overwrites a newer save. */
  readonly revision: number
  /** The game this one was started over (undo at this game's start goes back to it), or null. */
  readonly previous: string | null
}

export interface SavedGame extends GameInfo {
  readonly puzzle: SavedPuzzle
}

/** A game as the list of recent games shows it. */
export interface GameSummary extends GameInfo {
  readonly givens: number
  /** Cells filled, givens included. */
  readonly filled: number
  readonly elapsedMs: number
  readonly hasPhoto: boolean
}

export interface GameList {
  readonly games: readonly GameSummary[]
  /** One line when a saved game could not be read (it is set aside, never overwritten), else null. */
  readonly damaged: string | null
}

/** A photo kept with its game is a downscaled JPEG: well under this. */
export const MAX_GAME_PHOTO_BYTES = 8 * 1024 * 1024

const EPOCH_LIMIT = 1e13
export const gameId = string({ maxLength: 64, pattern: GAME_ID_PATTERN })
const time = number({ min: 0, max: EPOCH_LIMIT })

export const savedGame: Guard<SavedGame> = object({
  id: gameId,
  source: literal(...GAME_SOURCES),
  title: string({ maxLength: 200 }),
  createdAt: time,
  updatedAt: time,
  revision: number({ min: 0, max: Number.MAX_SAFE_INTEGER, integer: true }),
  previous: nullable(gameId),
  puzzle: savedPuzzle,
})

/** The summary of a saved game: counts from its current board. */
export function summaryOf(game: SavedGame, hasPhoto: boolean): GameSummary {
  const { puzzle, ...info } = game
  const { grid, givens } = puzzle.board
  return {
    ...info,
    givens: [...givens].filter((g) => g === '1').length,
    filled: [...grid].filter((d) => d !== '0').length,
    elapsedMs: puzzle.elapsedMs,
    hasPhoto,
  }
}
