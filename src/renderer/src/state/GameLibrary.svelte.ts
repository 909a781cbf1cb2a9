/**
 * Every game the player starts (typed, pasted, opened, read from a photo or the camera) is kept in
 * the library with its history, its photo and its time, and nothing is ever replaced: a new game
 * leaves the old one a Ctrl+Z (or a click in the recent list) away. The current game is saved a
 * moment after each change, and at once into a journal in localStorage, so a reload finds the
 * newest state even when the save had not landed; a save that fails is retried until it succeeds,
 * and says so meanwhile.
 */
import { untrack } from 'svelte'
import { CELLS } from '../../../shared/sudoku/board'
import { type GameInfo, type GameSource, type GameSummary, type SavedGame, savedGame, summaryOf } from '../../../shared/saved-game'
import { host } from '../host'
import type { PuzzleSession } from './PuzzleSession.svelte'
import type { ReadResult } from './ReadResult.svelte'
import { restoreSaved, toSaved } from './saved-session'

/** A change is saved within this long, ms: a burst of typing is one write. */
const SAVE_DELAY_MS = 400
/** While the clock runs without edits, its time is saved this often, ms (a crash loses at most this much). */
const TIME_SAVE_MS = 15_000
/** A failed save is tried again after this, doubling up to the most, ms. */
const RETRY_FIRST_MS = 1000
const RETRY_MOST_MS = 30_000
/** A photo kept with its game is scaled to this longest side (a cell of a full-frame grid stays over 200 px). */
const KEPT_PHOTO_SIDE = 2560
const JOURNAL_KEY = 'sudoku-lens:journal'

const newId = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

export class GameLibrary {
  /** The game on the board. */
  current = $state.raw<GameInfo>(freshInfo('new', 'New puzzle', null))
  /** The games kept, newest first, for the list to carry on. */
  recent = $state.raw<readonly GameSummary[]>([])
  /** Why the last save failed, while it is being retried; null once saved. */
  saveProblem = $state<string | null>(null)

  private revision = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  /** A failed save's next try, by game. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- timers, never shown
  private readonly retries = new Map<string, ReturnType<typeof setTimeout>>()
  /** The game that Ctrl+Y at the end of this game's history goes forward to (after undoing past its start). */
  private forward: string | null = null

  constructor(
    readonly session: PuzzleSession,
    private readonly reading: ReadResult,
  ) {}

  /** Opens the newest game (or the journal's, where it is newer than its save), then keeps saving. Returns what stops it. */
  start(): () => void {
    let stopped = false
    let stopEffects = (): void => undefined
    const saveNow = (): void => void this.saveNow()
    const saveWhenHidden = (): void => {
      if (document.hidden) saveNow()
    }
    const opened = this.openNewest().catch((error: Error) => {
      this.session.status = { kind: 'warning', text: `Your last game could not be opened: ${error.message}` }
    })
    void opened.finally(() => {
      if (stopped) return
      // Only now: saving before the saved game is back would overwrite it with an empty board.
      stopEffects = $effect.root(() => {
        $effect(() => {
          void [this.session.board, this.session.mode, this.session.selected]
          // Only those three: the snapshot reads the running clock too, which must not count as a change.
          untrack(() => this.changed())
        })
        $effect(() => {
          if (!this.session.timer.running) return
          const interval = setInterval(() => this.changed(), TIME_SAVE_MS)
          return () => clearInterval(interval)
        })
      })
    })
    document.addEventListener('visibilitychange', saveWhenHidden)
    window.addEventListener('pagehide', saveNow)
    return () => {
      stopped = true
      stopEffects()
      clearTimeout(this.timer)
      for (const retry of this.retries.values()) clearTimeout(retry)
      document.removeEventListener('visibilitychange', saveWhenHidden)
      window.removeEventListener('pagehide', saveNow)
    }
  }

  /**
   * Starts a new game with `load` (which puts it on the board) after keeping the current one; a
   * read keeps its photo with it. The old game is one undo away.
   */
  begin(source: GameSource, title: string, load: () => void): void {
    const before = this.current
    // The camera reading the sheet again, before anything was done with its last read, reads it better: the same game.
    const again = source === 'camera' && before.source === 'camera' && !this.session.edited
    const kept = this.hasContent() && !again
    if (kept) void this.saveNow()
    load()
    if (!again) {
      this.current = freshInfo(source, title, kept ? before.id : before.previous)
      this.revision = 0
    }
    this.forward = null
    this.linkHistory()
    const { photo, outcome } = this.reading
    if ((source === 'photo' || source === 'camera') && photo && outcome && outcome === this.session.board.paper) void this.keepPhoto(this.current.id, photo)
    else this.reading.clear()
    this.changed()
  }

  /** Puts a kept game back on the board, with its photo; the current one is saved first. */
  async open(id: string, forward: string | null = null): Promise<boolean> {
    if (id === this.current.id) return true
    const game = await host.call('games:get', { id }).catch((error: Error) => {
      this.session.status = { kind: 'warning', text: error.message }
      return null
    })
    if (!game) return false
    if (this.hasContent()) await this.saveNow()
    await this.show(game)
    this.forward = forward
    this.linkHistory()
    return true
  }

  private async openNewest(): Promise<void> {
    const list = await host.call('games:list').catch((error: Error) => ({ games: [], damaged: error.message }))
    this.recent = list.games
    const journal = readJournal()
    const newest = list.games[0]
    let game: SavedGame | null = null
    if (journal && !list.games.some((g) => g.id === journal.id && g.revision >= journal.revision)) game = journal
    else if (newest) game = await host.call('games:get', { id: newest.id })
    if (list.damaged) this.session.status = { kind: 'warning', text: list.damaged }
    if (!game) return
    await this.show(game)
    this.linkHistory()
    if (!list.damaged && this.session.board.grid.some((d) => d)) this.session.status = { kind: 'info', text: 'Your puzzle, as you left it.' }
    if (game === journal) void this.saveNow()
  }

  private async show(game: SavedGame): Promise<void> {
    const { puzzle, ...info } = game
    restoreSaved(this.session, puzzle)
    this.current = info
    this.revision = game.revision
    this.reading.clear()
    const paper = this.session.board.paper
    if (!paper || (info.source !== 'photo' && info.source !== 'camera')) return
    const jpeg = await host.call('games:photo', { id: info.id }).catch(() => null)
    if (!jpeg || this.current.id !== info.id) return
    // Back at the size it was read at, so the grid's corners and the crops apply as they did.
    const photo = await createImageBitmap(new Blob([jpeg as BlobPart], { type: 'image/jpeg' }), { resizeWidth: paper.width, resizeHeight: paper.height }).catch(
      () => null,
    )
    if (photo && this.current.id === info.id && this.session.board.paper === paper) this.reading.accept(paper, photo, info.source)
    else photo?.close()
  }

  /** Undo past this game's start goes back to the one it was started over; redo past the end forward again. */
  private linkHistory(): void {
    const { id, previous } = this.current
    const forward = this.forward
    this.session.beforeStart = previous
      ? () =>
          void this.open(previous, id).then((opened) => {
            if (opened) this.session.status = { kind: 'info', text: `Back to your previous game (${this.current.title}). Ctrl+Y goes forward again.` }
          })
      : null
    this.session.afterEnd = forward ? () => void this.open(forward) : null
  }

  /** An empty board with no history is no game worth keeping. */
  private hasContent(): boolean {
    return this.session.board.grid.some((d) => d) || this.session.canUndo
  }

  /** A game worth saving: one with something on it, or one saved before (now cleared). */
  private worthSaving(): boolean {
    return this.hasContent() || this.revision > 0
  }

  private changed(): void {
    if (!this.worthSaving()) return
    this.revision++
    writeJournal(this.snapshot())
    // Not pushed back by each change: steady editing still saves every SAVE_DELAY_MS.
    this.timer ??= setTimeout(() => void this.saveNow(), SAVE_DELAY_MS)
  }

  private snapshot(): SavedGame {
    return { ...this.current, updatedAt: Date.now(), revision: this.revision, puzzle: toSaved(this.session) }
  }

  /** Saves the current game now. */
  private async saveNow(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.worthSaving()) await this.save(this.snapshot())
  }

  /**
   * Saves `game`; a failure is said and retried until a save of that game succeeds: its newest
   * state while it is on the board, else the state it was left in (one retry at a time a game).
   */
  private async save(game: SavedGame, retryMs = RETRY_FIRST_MS): Promise<void> {
    clearTimeout(this.retries.get(game.id))
    try {
      await host.call('games:set', game)
    } catch (error) {
      this.saveProblem = `Not saved yet. ${(error as Error).message}. Trying again every few seconds; your changes are kept meanwhile.`
      const again = (): void => void this.save(this.current.id === game.id ? this.snapshot() : game, Math.min(retryMs * 2, RETRY_MOST_MS))
      this.retries.set(game.id, setTimeout(again, retryMs))
      return
    }
    this.retries.delete(game.id)
    if (this.saveProblem && !this.retries.size) {
      this.session.status = { kind: 'success', text: 'Your game is saved again.' }
      this.saveProblem = null
    }
    const journal = readJournal()
    if (journal?.id === game.id && journal.revision <= game.revision) localStorage.removeItem(JOURNAL_KEY)
    // The list learns of the save here, rather than reading every game again after each one.
    const hasPhoto = this.recent.find((g) => g.id === game.id)?.hasPhoto ?? (this.current.id === game.id && this.reading.photo !== null)
    this.recent = [summaryOf(game, hasPhoto), ...this.recent.filter((g) => g.id !== game.id)]
  }

  private async keepPhoto(id: string, photo: ImageBitmap): Promise<void> {
    try {
      await host.call('games:set-photo', { id, jpeg: await jpegOf(photo) })
    } catch (error) {
      this.saveProblem = `The photo was not kept with the game: ${(error as Error).message}.`
    }
  }
}

function freshInfo(source: GameSource, title: string, previous: string | null): GameInfo {
  const now = Date.now()
  return { id: newId(), source, title, createdAt: now, updatedAt: now, revision: 0, previous }
}

function readJournal(): SavedGame | null {
  try {
    const text = localStorage.getItem(JOURNAL_KEY)
    return text ? savedGame(JSON.parse(text)) : null
  } catch {
    return null
  }
}

function writeJournal(game: SavedGame): void {
  try {
    localStorage.setItem(JOURNAL_KEY, JSON.stringify(game))
  } catch {
    // Storage full or refused: the save to the library still runs.
  }
}

/** The photo as a JPEG no longer than KEPT_PHOTO_SIDE. */
async function jpegOf(photo: ImageBitmap): Promise<Uint8Array> {
  const scale = Math.min(1, KEPT_PHOTO_SIDE / Math.max(photo.width, photo.height))
  const canvas = new OffscreenCanvas(Math.round(photo.width * scale), Math.round(photo.height * scale))
  canvas.getContext('2d')!.drawImage(photo, 0, 0, canvas.width, canvas.height)
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer())
}

/** Cells filled of 81, for the recent list. */
export const progressOf = (game: GameSummary): string => `${game.filled}/${CELLS}`
