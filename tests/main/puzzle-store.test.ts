import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { invoke } from '../../src/main/invoke'
import { PuzzleStore } from '../../src/main/puzzle-store'
import { createServices } from '../../src/main/services'
import type { SavedPuzzle } from '../../src/shared/saved-puzzle'

const freshDir = () => mkdtempSync(join(tmpdir(), 'sl-puzzle-'))

const board = (grid: string) => ({
  grid,
  givens: grid.replace(/[1-9]/g, '1'),
  written: '0'.repeat(81),
  marks: '000'.repeat(81),
  eliminated: '000'.repeat(81),
  paper: null,
})
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const saved: SavedPuzzle = { board: board(PUZZLE), undo: [board('0'.repeat(81))], redo: [], papers: [], mode: 'play', selected: 40, elapsedMs: 65_000 }

describe('PuzzleStore', () => {
  it('keeps the puzzle across restarts, and has none before the first save', async () => {
    const dir = freshDir()
    expect(await new PuzzleStore(dir).get()).toBeNull()
    await new PuzzleStore(dir).set(saved)
    expect(await new PuzzleStore(dir).get()).toEqual(saved)
    expect(readdirSync(dir)).toEqual(['puzzle.json'])
  })

  it('says in one line that a damaged file cannot be read, and a save replaces it', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'puzzle.json'), '{ "board": ')
    const store = new PuzzleStore(dir)
    await expect(store.get()).rejects.toThrow(/^The saved puzzle in .*puzzle\.json is damaged \(.*\); starting with an empty board\.$/)
    writeFileSync(join(dir, 'puzzle.json'), JSON.stringify({ ...saved, selected: 81 }))
    await expect(store.get()).rejects.toThrow(/selected must be between 0 and 80/)
    await store.set(saved)
    expect(await store.get()).toEqual(saved)
  })
})

describe('puzzle:set over IPC', () => {
  const { handlers } = createServices({ userDataDir: freshDir(), version: 'test', mode: 'web' })

  it('refuses unknown keys, bad boards and papers that are not saved', async () => {
    const refused = async (value: unknown) => {
      const reply = await invoke(handlers, 'puzzle:set', value)
      return reply.ok ? 'accepted' : reply.error.message
    }
    expect(await refused({ ...saved, extra: 1 })).toBe('puzzle.extra is not allowed')
    expect(await refused({ ...saved, board: { ...saved.board, grid: 'x'.repeat(81) } })).toMatch(/board\.grid must be a string matching/)
    expect(await refused({ ...saved, board: { ...saved.board, paper: 0 } })).toMatch(/paper 0, which is not saved/)
    expect(await refused({ ...saved, mode: 'cheat' })).toMatch(/mode must be one of puzzle, review, play/)
    expect(await refused(saved)).toBe('accepted')
    const reply = await invoke(handlers, 'puzzle:get', undefined)
    expect(reply).toEqual({ ok: true, value: saved })
  })
})
