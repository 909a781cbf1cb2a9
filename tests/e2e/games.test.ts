/**
 * The player's game treated as a good editor treats a document: every game is kept (a new read or
 * paste never replaces one), a long game saves to the end, undo is one action a step (Solve
 * included), Play locks the givens, and a game read from a photo comes back with its photo.
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { boardDigits, openApp, pastePuzzle, savedBoard, shownGame, useApp } from '../../devkit/browser'
import { READABLE_PHOTO, dropFile, groundTruth, waitForRead } from '../../devkit/reading'

const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const OTHER = '000000010400000000020000000000050407008000300001090000300400200050100000000806000'

const app = useApp()

describe('a long game', () => {
  it('keeps saving past 150 edits, and a restart in a fresh browser shows the newest state', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'sudoku-lens-games-'))
    let session = await openApp({ userDataDir })
    try {
      await pastePuzzle(session.page, PUZZLE)
      const empty = [...PUZZLE].flatMap((d, cell) => (d === '0' ? [cell] : []))
      // 180 pencil-mark toggles over the empty cells: the whole history saved each time went past 64 KB at about 130.
      await session.page.click(`[data-cell="${empty[0]}"]`)
      for (let i = 0; i < 180; i++) {
        await session.page.click(`[data-cell="${empty[i % empty.length]}"]`)
        // The digit turns with each pass over the cells, so no mark is toggled off again.
        await session.page.keyboard.press(`Shift+Digit${1 + ((i + Math.floor(i / empty.length)) % 9)}`)
      }
      const shown = await shownGame(session.page)
      const marks = await session.page.getAttribute(`[data-cell="${empty[179 % empty.length]}"]`, 'data-marks')
      expect(marks).toContain(String(1 + ((179 + Math.floor(179 / empty.length)) % 9)))
      // Every mark shown is saved (3 hex digits a cell, bit d - 1 for digit d) before the browser goes.
      const shownMarks = await session.page.$$eval('[data-cell]', (all) =>
        all
          .sort((a, b) => Number(a.getAttribute('data-cell')) - Number(b.getAttribute('data-cell')))
          .map((cell) =>
            [...(cell.getAttribute('data-marks') ?? '')]
              .reduce((mask, d) => mask | (1 << (Number(d) - 1)), 0)
              .toString(16)
              .padStart(3, '0'),
          )
          .join(''),
      )
      await expect.poll(() => savedBoard(userDataDir)?.marks, { timeout: 10_000 }).toBe(shownMarks)
      expect(await session.page.locator('[data-testid="save-problem"]').count()).toBe(0)
      await session.close()
      session = await openApp({ userDataDir })
      const status = () => session.page.textContent('[data-testid=status]')
      await expect
        .poll(() => shownGame(session.page), { timeout: 20_000, message: 'the game shown after the restart' })
        .toBe(shown)
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\nstatus: ${await status()}; files: ${readdirSync(join(userDataDir, 'games')).join(', ')}`)
        })
      expect(await status()).toBe('Your puzzle, as you left it.')
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })
})

describe('undo, one action a step', () => {
  it('undoes Solve alone: the board as before it, the player digit kept; redo shows the solution again', async () => {
    const { page } = app()
    await pastePuzzle(page, PUZZLE)
    await page.click('[data-cell="0"]')
    await page.keyboard.press('3')
    await page.click('[data-cell="2"]')
    await page.keyboard.press('Shift+Digit9')
    const before = await shownGame(page)
    await page.click('[data-testid="solve"]')
    await page.waitForSelector('[data-solved="true"]', { timeout: 30_000 })
    await page.keyboard.press('Control+z')
    await expect.poll(() => page.locator('[data-solved="true"]').count()).toBe(0)
    expect(await shownGame(page)).toBe(before)
    await page.keyboard.press('Control+y')
    await expect.poll(() => page.locator('[data-solved="true"]').count()).toBeGreaterThan(40)
  })

  it('clears pencil marks with Delete and Backspace, and says nothing stale after an undo', async () => {
    const { page } = app()
    await pastePuzzle(page, PUZZLE)
    await page.click('[data-cell="2"]')
    await page.keyboard.press('Shift+Digit4')
    await page.keyboard.press('Shift+Digit6')
    expect(await page.getAttribute('[data-cell="2"]', 'data-marks')).toBe('46')
    await page.keyboard.press('Delete')
    expect(await page.getAttribute('[data-cell="2"]', 'data-marks')).toBeNull()
    await page.keyboard.press('Control+z')
    expect(await page.getAttribute('[data-cell="2"]', 'data-marks')).toBe('46')
    await page.keyboard.press('Backspace')
    expect(await page.getAttribute('[data-cell="2"]', 'data-marks')).toBeNull()
    expect(await page.textContent('[data-testid=status]')).not.toMatch(/Corrected|Loaded/)
  })
})

describe('modes that hold', () => {
  it('locks every given in play: typing on one changes nothing and says how to correct it', async () => {
    const { page } = app()
    await pastePuzzle(page, PUZZLE)
    expect(await page.isChecked('[data-testid=mode-play]')).toBe(true)
    await page.click('[data-cell="1"]')
    await page.keyboard.press('5')
    expect(await page.textContent('[data-cell="1"]')).toBe('8')
    expect(await page.textContent('[data-testid=status]')).toBe('r1c2 is a given, locked while you play. Switch to "Enter puzzle" to change it.')
    await page.keyboard.press('Delete')
    expect(await boardDigits(page)).toBe(PUZZLE)
  })
})

describe('a new game never replaces the old one', () => {
  it('keeps a photo read a Ctrl+Z away, with its photo and the player digits; Ctrl+Y goes forward again', async () => {
    const { page } = app()
    await dropFile(page, READABLE_PHOTO)
    expect(await waitForRead(page)).toMatch(/^Read \d+ givens from image1\.jpg/)
    await page.waitForSelector('[data-testid="read-photo"]')
    const truth = groundTruth(READABLE_PHOTO)
    const empty = [...truth].findIndex((d) => d === '0')
    if (!(await page.isChecked('[data-testid=mode-play]'))) await page.click('label:has([data-testid=mode-play])')
    await page.click(`[data-cell="${empty}"]`)
    await page.keyboard.press('Shift+Digit7')
    const read = await shownGame(page)

    await pastePuzzle(page, OTHER)
    await expect.poll(() => boardDigits(page)).toBe(OTHER)
    expect(await page.locator('[data-testid="read-photo"]').count()).toBe(0)
    await page.keyboard.press('Control+z')
    await expect.poll(() => shownGame(page)).toBe(read)
    await page.waitForSelector('[data-testid="read-photo"] canvas[data-drawn="true"]', { timeout: 10_000 })
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/^Back to your previous game \(image1\.jpg\)/)
    await page.keyboard.press('Control+y')
    await expect.poll(() => boardDigits(page)).toBe(OTHER)

    // The list of games carries on with the photo read too, and a reload brings the photo back.
    await page.click('[data-testid="games"] summary')
    await page.click('[data-testid="open-game"]:has-text("image1.jpg")')
    await expect.poll(() => shownGame(page)).toBe(read)
    await page.reload()
    await expect.poll(() => shownGame(page), { timeout: 10_000 }).toBe(read)
    await page.waitForSelector('[data-testid="read-photo"] canvas[data-drawn="true"]', { timeout: 10_000 })
    await page.click(`[data-cell="${empty}"]`)
    await expect.poll(() => page.getAttribute('[data-testid="cell-crop"]', 'data-cell-crop')).toBe(String(empty))
    expect(app().pageErrors).toEqual([])
  })
})

describe('a save that fails', () => {
  it('says so plainly and is retried until it lands', async () => {
    const { page, userDataDir } = app()
    await pastePuzzle(page, OTHER)
    const games = join(userDataDir, 'games')
    await expect.poll(() => existsSync(games), { timeout: 10_000 }).toBe(true)
    await page.waitForTimeout(1000)
    renameSync(games, `${games}.aside`)
    writeFileSync(games, 'in the way')
    await page.click('[data-cell="0"]')
    await page.keyboard.press('Shift+Digit2')
    await expect
      .poll(() => page.textContent('[data-testid="save-problem"]').catch(() => null), { timeout: 10_000 })
      .toMatch(/^Not saved yet\. Your game could not be written to .*games: a file is in the way of the folder\. Trying again/)
    rmSync(games)
    renameSync(`${games}.aside`, games)
    await expect.poll(() => page.locator('[data-testid="save-problem"]').count(), { timeout: 20_000 }).toBe(0)
    expect(await page.textContent('[data-testid="status"]')).toBe('Your game is saved again.')
    expect(savedBoard(userDataDir)?.marks.slice(0, 3)).toBe((1 << 1).toString(16).padStart(3, '0'))
  })
})
