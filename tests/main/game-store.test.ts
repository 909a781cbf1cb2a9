import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { invoke } from '../../src/main/invoke'
import { GameStore, KEPT_GAMES } from '../../src/main/game-store'
import { createServices } from '../../src/main/services'
import { encodeWireBinary, decodeWireBinary } from '../../src/shared/wire'
import { MAX_REQUEST_BYTES } from '../../src/shared/ipc'
import type { SavedGame } from '../../src/shared/saved-game'
import type { SavedPuzzle } from '../../src/shared/saved-puzzle'

const freshDir = () => mkdtempSync(join(tmpdir(), 'sl-games-'))

const board = (grid: string) => ({
  grid,
  givens: grid.replace(/[1-9]/g, '1'),
  written: '0'.repeat(81),
  marks: '000'.repeat(81),
  eliminated: '000'.repeat(81),
  paper: null,
})
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const puzzle: SavedPuzzle = { board: board(PUZZLE), undo: [board('0'.repeat(81))], redo: [], papers: [], mode: 'play', selected: 40, elapsedMs: 65_000 }
const game = (id: string, revision = 1, updatedAt = 1_000): SavedGame => ({
  id,
  source: 'pasted',
  title: 'Pasted puzzle',
  createdAt: 1_000,
  updatedAt,
  revision,
  previous: null,
  puzzle,
})

describe('GameStore', () => {
  it('keeps games across restarts, newest first, private to the user', async () => {
    const dir = freshDir()
    expect(await new GameStore(dir).list()).toEqual({ games: [], damaged: null })
    const store = new GameStore(dir)
    await store.set(game('game-a', 1, 1_000))
    await store.set(game('game-b', 1, 2_000))
    await store.setPhoto('game-b', new Uint8Array([0xff, 0xd8, 0xff]))
    const again = new GameStore(dir)
    expect(await again.get('game-a')).toEqual(game('game-a', 1, 1_000))
    const { games } = await again.list()
    expect(games.map((g) => [g.id, g.givens, g.filled, g.hasPhoto])).toEqual([
      ['game-b', 27, 27, true],
      ['game-a', 27, 27, false],
    ])
    expect(Array.from((await again.photo('game-b')) ?? [])).toEqual([0xff, 0xd8, 0xff])
    expect(await again.photo('game-a')).toBeNull()
    expect(statSync(join(dir, 'games')).mode & 0o777).toBe(0o700)
    for (const name of readdirSync(join(dir, 'games'))) expect(statSync(join(dir, 'games', name)).mode & 0o777).toBe(0o600)
  })

  it('never lets an older save overwrite a newer one', async () => {
    const store = new GameStore(freshDir())
    const newer = { ...game('game-a', 5), title: 'newer' }
    await Promise.all([store.set(newer), store.set({ ...game('game-a', 4), title: 'older' })])
    expect((await store.get('game-a'))?.title).toBe('newer')
  })

  it('brings in the puzzle an older version kept, and sets a damaged game aside with one line', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'puzzle.json'), JSON.stringify(puzzle))
    const store = new GameStore(dir)
    const { games } = await store.list()
    expect(games.map((g) => [g.title, g.elapsedMs])).toEqual([['Your puzzle', 65_000]])
    expect(readdirSync(dir)).not.toContain('puzzle.json')
    writeFileSync(join(dir, 'games', 'game-x.json'), '{ "id": ')
    const listed = await store.list()
    expect(listed.games).toHaveLength(1)
    expect(listed.damaged).toMatch(/^The saved game in .*game-x\.json is damaged \(.*\); it was set aside as .*game-x\.json\.damaged\.$/)
    expect(readdirSync(join(dir, 'games'))).toContain('game-x.json.damaged')
  })

  it('says in one line that an old save is damaged, and starts empty', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'puzzle.json'), '{"board": {"grid": "12')
    const listed = await new GameStore(dir).list()
    expect(listed.games).toEqual([])
    expect(listed.damaged).toMatch(/^The saved puzzle in .*puzzle\.json is damaged \(.*\); starting with an empty board\.$/)
  })

  it(`keeps the newest ${KEPT_GAMES} games`, async () => {
    const dir = freshDir()
    const store = new GameStore(dir)
    for (let i = 0; i <= KEPT_GAMES; i++) await store.set(game(`game-${String(i).padStart(4, '0')}`, 1, i))
    const { games } = await store.list()
    expect(games).toHaveLength(KEPT_GAMES)
    expect(games.some((g) => g.id === 'game-0000')).toBe(false)
  }, 120_000)
})

describe('games over IPC', () => {
  const { handlers } = createServices({ userDataDir: freshDir(), version: 'test', mode: 'web' })

  it('refuses unknown keys, bad boards and papers that are not saved', async () => {
    const refused = async (value: unknown) => {
      const reply = await invoke(handlers, 'games:set', value)
      return reply.ok ? 'accepted' : reply.error.message
    }
    const saved = game('game-ipc')
    expect(await refused({ ...saved, extra: 1 })).toBe('extra is not allowed')
    expect(await refused({ ...saved, id: '../x' })).toMatch(/^id must be a string matching/)
    expect(await refused({ ...saved, puzzle: { ...puzzle, board: { ...puzzle.board, grid: 'x'.repeat(81) } } })).toMatch(
      /board\.grid must be a string matching/,
    )
    expect(await refused({ ...saved, puzzle: { ...puzzle, board: { ...puzzle.board, paper: 0 } } })).toMatch(/paper 0, which is not saved/)
    expect(await refused({ ...saved, puzzle: { ...puzzle, mode: 'cheat' } })).toMatch(/mode must be one of puzzle, review, play/)
    expect(await refused(saved)).toBe('accepted')
    expect(await invoke(handlers, 'games:get', { id: 'game-ipc' })).toEqual({ ok: true, value: saved })
  })

  it("takes a game with a long history through the web host's wire, to the channel's own limit", () => {
    // 100 undo steps of full boards: well over the 64 KB the wire's structure allowed by default.
    const long = { ...game('game-long'), puzzle: { ...puzzle, undo: Array.from({ length: 100 }, () => board(PUZZLE)) } }
    const body = encodeWireBinary(long)
    expect(body.byteLength).toBeGreaterThan(64 * 1024)
    expect(body.byteLength).toBeLessThan(MAX_REQUEST_BYTES['games:set'])
    expect(decodeWireBinary(body, MAX_REQUEST_BYTES['games:set'])).toEqual(long)
  })
})
