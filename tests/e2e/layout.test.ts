/**
 * The app's screens at a laptop size and at 800×600, with the camera on: the board, the camera
 * and the tools stay in view, axe-core finds nothing serious in light or dark, every digit and
 * pencil mark on the board stands out from its cell (which axe-core cannot judge there), and a
 * screenshot of each screen at each size in each theme is kept in test-results/screens
 * (`read-800x600-dark.png`).
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0).
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useApp } from '../../devkit/browser'
import { READABLE_PHOTO, dropFile, fakeWebcamArgs, fakeWebcamFile, waitForRead } from '../../devkit/reading'
import { faintBoardText, screenshot, seriousViolations, visibleWhole } from './screens'

const app = useApp(async () => ({ chromiumArgs: fakeWebcamArgs(await fakeWebcamFile(READABLE_PHOTO, { width: 640, height: 360, fps: 10 })) }))

/** The switch, as a user reaches it: with the help or the export panel open, close it, switch, open it again. */
async function switchTheme(page: Page): Promise<void> {
  const helpOpen = await page.isVisible('[data-testid="help"][open]')
  const exportOpen = await page.isVisible('#export-panel')
  if (helpOpen) await page.keyboard.press('Escape')
  await page.click('[data-testid="theme-toggle"]')
  if (helpOpen) await page.keyboard.press('?')
  // A click elsewhere closes the export panel.
  if (exportOpen && !(await page.isVisible('#export-panel'))) await page.click('[data-testid="export-toggle"]')
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
]

describe('layout', () => {
  it('keeps the board, the camera and the toolbar in view with the camera on, at 1280×800 and 800×600', async () => {
    const { page } = app()
    await page.click('[data-testid="camera-toggle"]')
    await page.waitForSelector('[data-testid="camera"][data-state="live"]', { timeout: 20_000 })
    for (const size of SIZES) {
      await page.setViewportSize(size)
      const name = `${size.width}x${size.height}`
      expect(await visibleWhole(page, '[data-testid="board"]'), `board at ${name}`).toBe(true)
      expect(await visibleWhole(page, '[data-testid="camera"] video'), `camera at ${name}`).toBe(true)
      expect(await visibleWhole(page, '[data-testid="solve"]'), `Solve at ${name}`).toBe(true)
      expect(await visibleWhole(page, '[data-testid="record-toggle"]'), `Record at ${name}`).toBe(true)
      // The hints come right after the camera, in the same column: their top is in view.
      const hints = await page.locator('[aria-label="Hints"]').boundingBox()
      expect(hints!.y, `hints at ${name}`).toBeLessThan(size.height)
      await screenshot(page, `camera-${name}`)
    }
    await page.click('[data-testid="camera-toggle"]')
  })

  it('has no serious accessibility violation on any screen, light or dark, at 1280×800 and 800×600, a square board and the number pad in view', async () => {
    const { page } = app()
    const screens: [string, () => Promise<void>][] = [
      ['start', async () => {}],
      [
        'read',
        async () => {
          await dropFile(page, READABLE_PHOTO)
          await waitForRead(page)
        },
      ],
      [
        'hint',
        async () => {
          // Pencil marks of the player's own, then the hint's third level: the step's cells and its candidates drawn on the board.
          const empty = await page.$eval('[data-testid=board] [role=gridcell]:not([data-given])', (cell) => cell.id)
          await page.click('[data-testid=pencil-mode]')
          await page.click(`#${empty}`)
          // Every digit, so that the solution's is among them and the hint finds no mistake in them.
          for (const digit of '123456789') await page.keyboard.press(digit)
          await page.click('[data-testid=pencil-mode]')
          await page.click('[data-testid=hint]')
          await page.click('[data-testid=hint-more]')
          await page.click('[data-testid=hint-more]')
          await page.waitForSelector('.hint-cell')
        },
      ],
      [
        'solved',
        async () => {
          await page.keyboard.press('s')
          await page.waitForSelector('[data-solved="true"]', { timeout: 30_000 })
        },
      ],
      [
        'export',
        async () => {
          await page.click('[data-testid="export-toggle"]')
        },
      ],
      [
        'help',
        async () => {
          await page.keyboard.press('Escape')
          await page.keyboard.press('?')
          await page.waitForSelector('[data-testid="help"][open]')
        },
      ],
      [
        'timelapse',
        async () => {
          await page.keyboard.press('Escape')
          await page.click('[data-testid="timelapse-section"] summary')
        },
      ],
      [
        'camera',
        async () => {
          await page.click('[data-testid="camera-toggle"]')
          await page.waitForSelector('[data-testid="camera"][data-state="live"]', { timeout: 20_000 })
        },
      ],
    ]
    for (const [name, reach] of screens) {
      await page.setViewportSize(SIZES[0])
      await reach()
      for (const size of SIZES) {
        await page.setViewportSize(size)
        // The number pad stays in view under the board at both sizes (fit-board.ts, the player bar's
        // rows), but under the help's or the export's panel; the board stays square.
        if (!['help', 'export'].includes(name))
          await expect
            .poll(() => visibleWhole(page, '[aria-label="Number pad"]'), { message: `number pad on ${name} at ${size.width}×${size.height}`, timeout: 2000 })
            .toBe(true)
        const board = (await page.locator('[data-testid="board"]').boundingBox())!
        expect(Math.abs(board.width - board.height), `board's width against its height on ${name} at ${size.width}×${size.height}`).toBeLessThanOrEqual(1)
        for (const theme of ['light', 'dark'] as const) {
          if ((await page.getAttribute('html', 'data-theme')) !== theme) await switchTheme(page)
          // The screenshot first: a failing screen is the one a person wants to look at.
          await screenshot(page, `${name}-${size.width}x${size.height}-${theme}`)
          expect(await seriousViolations(page), `${name} at ${size.width}×${size.height}, ${theme}`).toEqual([])
          expect(await faintBoardText(page), `board text on ${name} at ${size.width}×${size.height}, ${theme}`).toEqual([])
        }
      }
    }
    expect(app().pageErrors).toEqual([])
    // 8 screens × 2 sizes × 2 themes, an axe-core run each: about 1 to 3 s apiece on a loaded machine.
  }, 300_000)
})
