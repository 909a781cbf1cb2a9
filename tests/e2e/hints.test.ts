import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import ffmpeg from '@ffmpeg-installer/ffmpeg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitCount, candidatesOf, cellName, digitsOf } from '../../src/shared/sudoku/board'
import { parsePuzzle } from '../../src/shared/sudoku/format'
import { solve } from '../../src/shared/sudoku/solver'
import { type AppUnderTest, boardDigits, openApp } from '../../devkit/browser'

// An easy puzzle from the Sudoku Exchange bank (public domain): singles solve it.
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'

let app: AppUnderTest

beforeAll(async () => {
  app = await openApp()
  await app.page.fill('[data-testid=puzzle-text]', EASY)
  await app.page.click('[data-testid=load-text]')
})

afterAll(async () => {
  expect(app.remoteRequests).toEqual([])
  expect(app.pageErrors).toEqual([])
  await app?.close()
})

describe('hints, candidates and difficulty', () => {
  it('rates the puzzle once it is entered', async () => {
    await expect.poll(() => app.page.textContent('[data-testid=difficulty]').catch(() => '')).toMatch(/Difficulty: easy/)
  })

  it('gives a hint in three levels and applies the step', async () => {
    const { page } = app
    await page.click('[data-testid=hint]')
    await expect.poll(() => page.textContent('[data-testid=hint-text]')).toMatch(/^Look for an? /)
    await page.click('[data-testid=hint-more]')
    await expect.poll(() => page.textContent('[data-testid=hint-text]')).toMatch(/ in (row|column|box) \d/)
    await page.click('[data-testid=hint-more]')
    await expect.poll(() => page.locator('.hint-cell').count()).toBeGreaterThan(0)
    const before = await boardDigits(page)
    await page.click('[data-testid=hint-apply]')
    const after = await boardDigits(page)
    const changed = [...after].filter((ch, i) => ch !== before[i])
    expect(changed).toHaveLength(1)
  })

  it('says so first when one of the player digits is wrong', async () => {
    const { page } = app
    // Pick an empty cell and a digit its peers allow but the solution does not put there.
    const grid = parsePuzzle(EASY)
    const solution = solve(grid).solution!
    const cands = candidatesOf(grid)
    const cell = [...grid.keys()].find((c) => !grid[c] && bitCount(cands[c]) > 1)!
    const wrong = digitsOf(cands[cell]).find((d) => d !== solution[cell])!
    await page.click(`[data-cell="${cell}"]`)
    await page.keyboard.press(String(wrong))
    expect(await page.locator('[data-conflict="true"]').count()).toBe(0)
    await page.click('[data-testid=hint]')
    await expect
      .poll(() => page.textContent('[data-testid=hint-text]'))
      .toBe(`The digit in ${cellName(cell)} is wrong. Fix this first: any step taken from here could lead you astray.`)
    await page.keyboard.press('Control+z')
  })

  it('draws pencil marks only when asked, outside the cells text', async () => {
    const { page } = app
    expect(await page.locator('[data-testid=candidates]').count()).toBe(0)
    await page.click('[data-testid=show-candidates]')
    expect(await page.locator('[data-testid=candidates] .mark').count()).toBeGreaterThan(0)
    expect(await boardDigits(page)).toMatch(/^[0-9]{81}$/)
  })

  it('puts a hint away when the solution is shown: its step is about the board before', async () => {
    const { page } = app
    await page.click('[data-testid=hint]')
    await page.click('[data-testid=hint-more]')
    await page.click('[data-testid=hint-more]')
    await expect.poll(() => page.locator('.hint-cell').count()).toBeGreaterThan(0)
    await page.click('[data-testid=solve]')
    await page.waitForSelector('[data-solved="true"]')
    expect(await page.locator('[data-testid=hint-text]').count()).toBe(0)
    expect(await page.locator('.hint-cell').count()).toBe(0)
  })
})

describe('the logical solve as a video', () => {
  it('films one board per step and saves an H.264 file', async () => {
    const { page } = app
    await page.fill('[data-testid=puzzle-text]', EASY)
    await page.click('[data-testid=load-text]')
    await page.click('[data-testid=export-toggle]')
    await expect.poll(() => page.isEnabled('[data-testid=solve-video]')).toBe(true)
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid=solve-video]')])
    expect(download.suggestedFilename()).toBe('solving-steps.mp4')
    const path = await download.path()
    const probe = await promisify(execFile)(ffmpeg.path, ['-hide_banner', '-i', path]).catch((e: { stderr: string }) => e)
    expect(probe.stderr).toMatch(/Video: h264/)
    const [, minutes, seconds] = /Duration: 00:(\d\d):(\d\d\.\d\d)/.exec(probe.stderr)!
    expect(Number(minutes) * 60 + Number(seconds)).toBeGreaterThan(5)
  })
})
