/**
 * A player's evening: 2,000 random edits (digits, pencil marks, clearing, undo, redo, hints
 * applied, Solve, new games pasted, photos read, a camera capture) with reloads at random points.
 * After every reload the board shows what it showed before it, and the saved game stays small.
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openApp, pastePuzzle, shownGame } from '../../devkit/browser'
import { READABLE_PHOTO, dropFile, fakeWebcamArgs, fakeWebcamFile, waitForRead } from '../../devkit/reading'

const EDITS = 2000
const PUZZLES = [
  '080200400570000100002300000820090005000715000700020041000006700003000018007009050',
  '000000010400000000020000000000050407008000300001090000300400200050100000000806000',
]
/** The largest a saved game may grow: its history is bounded, not the evening. */
const SAVED_GAME_LIMIT = 256 * 1024

/** A small seeded generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The shown game once it has stopped changing (a game opened by undo comes back from the host). */
async function settledGame(page: Page): Promise<string> {
  let last = await shownGame(page)
  for (;;) {
    await page.waitForTimeout(150)
    const now = await shownGame(page)
    if (now === last) return now
    last = now
  }
}

/** Selects a cell as a pointer would, wherever the board is just now (the panels beside it may be moving). */
async function select(page: Page, cell: number): Promise<void> {
  await page.locator(`[data-cell="${cell}"]`).dispatchEvent('pointerdown')
}

async function capture(page: Page): Promise<void> {
  await page.click('[data-testid="camera-toggle"]')
  await page.waitForSelector('[data-testid="camera"][data-grid="found"]', { timeout: 60_000 })
  await page.click('[data-testid="capture"]')
  expect(await waitForRead(page)).toMatch(/^Read \d+ givens from the camera/)
  await page.click('[data-testid="camera-toggle"]')
}

describe('a long evening of play', () => {
  it(`keeps the state shown across reloads over ${EDITS} random edits`, async () => {
    const app = await openApp({ chromiumArgs: fakeWebcamArgs(await fakeWebcamFile(READABLE_PHOTO)) })
    const { page } = app
    const next = random(67)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
    let reloads = 0
    try {
      await pastePuzzle(page, PUZZLES[0])
      for (let edit = 0; edit < EDITS; edit++) {
        const roll = next()
        if (edit === 700) await capture(page)
        else if (edit === 400 || edit === 1400) {
          await dropFile(page, READABLE_PHOTO)
          await waitForRead(page)
        } else if (roll < 0.4) {
          await select(page, Math.floor(next() * 81))
          await page.keyboard.press(String(1 + Math.floor(next() * 9)))
        } else if (roll < 0.62) {
          await select(page, Math.floor(next() * 81))
          await page.keyboard.press(`Shift+Digit${1 + Math.floor(next() * 9)}`)
        } else if (roll < 0.67) await page.keyboard.press(pick(['Delete', 'Backspace', '0']))
        else if (roll < 0.8) await page.keyboard.press('Control+z')
        else if (roll < 0.87) await page.keyboard.press('Control+y')
        else if (roll < 0.89) {
          await page.click('[data-testid="hint"]')
          await page.waitForSelector('[data-testid="hint"]:not([disabled])')
          if ((await page.locator('[data-testid="hint-apply"]').count()) && next() < 0.7) await page.click('[data-testid="hint-apply"]')
        } else if (roll < 0.9) {
          await page.click('[data-testid="solve"]')
          await page.waitForSelector('[data-testid="solve"]', { timeout: 30_000 })
        } else if (roll < 0.903) await pastePuzzle(page, pick(PUZZLES))
        else if (roll < 0.92) await page.click(`label:has([data-testid="mode-${pick(['play', 'puzzle'])}"])`)
        else if (roll < 0.935) {
          const before = await settledGame(page)
          await page.reload()
          reloads++
          await expect.poll(() => shownGame(page), { timeout: 15_000, message: `after reload ${reloads}, edit ${edit}` }).toBe(before)
        } else await page.keyboard.press(pick(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']))
      }
      expect(reloads).toBeGreaterThan(15)
      const dir = join(app.userDataDir, 'games')
      const sizes = readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => statSync(join(dir, name)).size)
      expect(Math.max(...sizes)).toBeLessThan(SAVED_GAME_LIMIT)
      expect(await page.locator('[data-testid="save-problem"]').count()).toBe(0)
      expect(app.remoteRequests).toEqual([])
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  }, 900_000)
})
