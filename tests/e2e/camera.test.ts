/**
 * The live camera end to end, through Chromium's real capture path fed by a y4m file made from
 * a photo: the overlay finds the grid, auto-capture reads it into the board, and after solving
 * the solution is drawn on the live picture. Also: no camera / denied camera, and that frame
 * processing stays off the UI thread. Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitCount, candidatesOf, cellName, digitsOf } from '../../src/shared/sudoku/board'
import { solve } from '../../src/shared/sudoku/solver'
import { type AppUnderTest, boardDigits, openApp, pastePuzzle } from '../../devkit/browser'
import { READABLE_PHOTO, fakeWebcamArgs, fakeWebcamFile, groundTruth, waitForRead } from '../../devkit/reading'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const window: any, document: any

/** Waits until the overlay has been drawn again after now. */
async function freshOverlay(page: Page): Promise<void> {
  const since = await page.evaluate(() => performance.now())
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="overlay"]').dataset.drawnAt) > t, since, { timeout: 20_000 })
}

/** Overlay pixels of one of its colours: the solution's magenta, the mistake red, the hint's see-through blue. */
async function overlayPixels(page: Page, colour: 'magenta' | 'red' | 'blue'): Promise<number> {
  return page.$eval(
    '[data-testid="overlay"]',
    (canvas, colour) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
      let n = 0
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]]
        if (colour === 'magenta' && r > 150 && g < 90 && b > 60 && a > 200) n++
        if (colour === 'red' && r > 200 && g < 90 && b < 70 && a > 200) n++
        if (colour === 'blue' && b > r + 60 && a > 40 && a < 120) n++
      }
      return n
    },
    colour,
  )
}

describe('live camera with a fake webcam', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await openApp({ chromiumArgs: fakeWebcamArgs(await fakeWebcamFile(READABLE_PHOTO)) })
  })

  afterAll(async () => {
    expect(app.remoteRequests).toEqual([])
    await app?.close()
  })

  it('finds the grid, captures by itself when steady and shows the digits', async () => {
    const { page } = app
    await page.click('[data-testid="camera-toggle"]')
    await page.waitForSelector('[data-testid="camera"][data-state="live"]', { timeout: 20_000 })
    await page.waitForSelector('[data-testid="camera"][data-grid="found"]', { timeout: 60_000 })
    // The feedback under the picture says the grid is found (then steady, then being read), politely.
    const feedback = page.locator('[data-testid="camera-feedback"]')
    expect(await feedback.getAttribute('aria-live')).toBe('polite')
    await expect.poll(() => feedback.textContent(), { timeout: 20_000 }).toMatch(/^(Grid found|Steady)/)
    const status = await waitForRead(page)
    expect(status).toMatch(/^Read \d+ givens from the camera/)
    expect(await boardDigits(page)).toBe(groundTruth(READABLE_PHOTO))
  })

  it('draws the solution on the live picture after solving', async () => {
    const { page } = app
    await page.click('[data-testid="solve"]')
    await page.waitForSelector('[data-solved="true"]', { timeout: 30_000 })
    // Wait for two fresh overlay frames, then look for the overlay colour inside the grid.
    const since = await page.evaluate(() => performance.now())
    await page.waitForFunction((t) => Number(document.querySelector('[data-testid="overlay"]').dataset.drawnAt) > t, since, { timeout: 20_000 })
    const magenta = await page.$eval('[data-testid="overlay"]', (canvas) => {
      const c = canvas
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      let n = 0
      for (let i = 0; i < data.length; i += 4) if (data[i] > 150 && data[i + 1] < 90 && data[i + 2] > 60 && data[i + 3] > 200) n++
      return n
    })
    const empty = [...groundTruth(READABLE_PHOTO)].filter((d) => d === '0').length
    expect(magenta).toBeGreaterThan(empty * 20)
  })

  it('draws the first mistake or the next hint on the live picture instead, as the user picks', async () => {
    const { page } = app
    // A wrong digit its peers allow, typed into an empty cell.
    const grid = Uint8Array.from(groundTruth(READABLE_PHOTO), Number)
    const solution = solve(grid).solution!
    const cands = candidatesOf(grid)
    const cell = [...grid.keys()].find((c) => !grid[c] && bitCount(cands[c]) > 1)!
    const wrong = digitsOf(cands[cell]).find((d) => d !== solution[cell])!
    await page.click(`[data-cell="${cell}"]`)
    await page.keyboard.press(String(wrong))
    const caption = () => page.textContent('[data-testid="overlay-caption"]').catch(() => '')
    await page.check('[data-testid="overlay-mode"] input[value="mistakes"]')
    await expect.poll(caption, { timeout: 20_000 }).toBe(`${cellName(cell)} should not be ${wrong}.`)
    await freshOverlay(page)
    // The ring around the wrong cell, in the mistake red (not the solution's magenta).
    expect(await overlayPixels(page, 'red')).toBeGreaterThan(100)
    expect(await overlayPixels(page, 'magenta')).toBe(0)

    await page.click(`[data-cell="${cell}"]`)
    await page.keyboard.press('Control+z')
    await page.check('[data-testid="overlay-mode"] input[value="hint"]')
    await expect.poll(caption, { timeout: 20_000 }).toMatch(/^(Full house|Naked single|Hidden single): /)
    await freshOverlay(page)
    // The digit the hint places, in the overlay's magenta, and its cells tinted.
    expect(await overlayPixels(page, 'magenta')).toBeGreaterThan(20)
    expect(await overlayPixels(page, 'blue')).toBeGreaterThan(100)
    await page.check('[data-testid="overlay-mode"] input[value="solution"]')
  })

  // Whether the UI thread stays free of long tasks meanwhile is a timing figure: bench:live measures it.
  it('keeps frame processing off the UI thread', async () => {
    const { page } = app
    // OpenCV is loaded only in the worker, and detection goes on there.
    expect(await page.evaluate(() => 'cv' in window)).toBe(false)
    const before = Number(await page.getAttribute('[data-testid="camera"]', 'data-detections'))
    await expect.poll(async () => Number(await page.getAttribute('[data-testid="camera"]', 'data-detections')), { timeout: 20_000 }).toBeGreaterThan(before)
  })

  it('stops processing frames while the page is hidden and resumes when shown', async () => {
    const { page } = app
    const detections = async () => Number(await page.getAttribute('[data-testid="camera"]', 'data-detections'))
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'hidden', { value, configurable: true })
        document.dispatchEvent(new window.Event('visibilitychange'))
      }, hidden)
    await setHidden(true)
    await page.waitForTimeout(500) // a frame already in the worker may still finish
    const hiddenAt = await detections()
    await page.waitForTimeout(1500)
    expect(await detections()).toBe(hiddenAt)
    await setHidden(false)
    await expect.poll(detections, { timeout: 10_000 }).toBeGreaterThan(hiddenAt)
  })

  it('never leaves a game in progress by itself: the camera offers to read, Capture starts a new game, Ctrl+Z goes back', async () => {
    const { page } = app
    await page.click('[data-testid="camera-toggle"]')
    await page.waitForSelector('[data-testid="camera"]', { state: 'detached' })
    const typed = '000000010400000000020000000000050407008000300001090000300400200050100000000806000'
    await pastePuzzle(page, typed)
    await page.click('[data-cell="0"]')
    await page.keyboard.press('6')
    const game = await boardDigits(page)
    await page.click('[data-testid="camera-toggle"]')
    await page.waitForSelector('[data-testid="camera"][data-grid="found"]', { timeout: 60_000 })
    await expect.poll(() => page.textContent('[data-testid="status"]'), { timeout: 30_000 }).toMatch(/^The camera sees a puzzle: press Capture/)
    expect(await boardDigits(page)).toBe(game)
    await page.click('[data-testid="capture"]')
    expect(await waitForRead(page)).toMatch(/^Read \d+ givens from the camera/)
    expect(await boardDigits(page)).toBe(groundTruth(READABLE_PHOTO))
    await page.click('[data-cell="40"]')
    await page.keyboard.press('Control+z')
    await expect.poll(() => boardDigits(page)).toBe(game)
  })
})

describe('AR with the fiducial sheet, the grid partly covered', () => {
  const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'

  /** The printable sheet with a puzzle written in and a "hand" over the grid's left border. */
  async function sheetPhoto(): Promise<string> {
    const svg = readFileSync(join(import.meta.dirname, '../../resources/fiducial-sheet/fiducial-sheet-a4.svg'), 'utf8')
    const digits = [...PUZZLE]
      .map((d, cell) =>
        d === '0'
          ? ''
          : `<text x="${33 + (cell % 9) * 16 + 8}" y="${73 + Math.floor(cell / 9) * 16 + 12}" font-size="11" text-anchor="middle" font-family="DejaVu Sans, sans-serif">${d}</text>`,
      )
      .join('')
    const hand = '<ellipse cx="38" cy="150" rx="16" ry="38" fill="#c58c6a"/>'
    // Turned by 5° on the desk; the hand breaks the grid's outer border, the four dots stay visible.
    const page = svg.replace(/(<svg[^>]*>)/, '$1<g transform="rotate(5 105 150)">').replace('</svg>', `${digits}${hand}</g></svg>`)
    const out = join(mkdtempSync(join(tmpdir(), 'sudoku-lens-sheet-')), 'sheet.png')
    const image = sharp(Buffer.from(page), { density: 100 })
    const { width = 0, height = 0 } = await image.metadata()
    // The part of the page around the dots and the grid, as a webcam held over it would see it.
    await image
      .extract({ left: 0, top: Math.round(height * 0.14), width, height: Math.round(height * 0.7) })
      .flatten({ background: '#fff' })
      .toFile(out)
    return out
  }

  it('finds the grid and draws the solution in it', async () => {
    const app = await openApp({ chromiumArgs: fakeWebcamArgs(await fakeWebcamFile(await sheetPhoto())) })
    try {
      const { page } = app
      await pastePuzzle(page, PUZZLE)
      await page.click('[data-testid="solve"]')
      await page.waitForSelector('[data-solved="true"]')
      await page.click('[data-testid="camera-toggle"]')
      await page.waitForSelector('[data-testid="camera"][data-grid="found"]', { timeout: 60_000 })
      const since = await page.evaluate(() => window.performance.now())
      await page.waitForFunction((t) => Number(document.querySelector('[data-testid="overlay"]').dataset.drawnAt) > t, since, { timeout: 20_000 })
      const magenta = await page.$eval('[data-testid="overlay"]', (canvas: any) => {
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
        let n = 0
        for (let i = 0; i < data.length; i += 4) if (data[i] > 150 && data[i + 1] < 90 && data[i + 2] > 60 && data[i + 3] > 200) n++
        return n
      })
      expect(magenta).toBeGreaterThan([...PUZZLE].filter((d) => d === '0').length * 20)
    } finally {
      await app.close()
    }
  })
})

describe('camera feedback', () => {
  it('asks for the puzzle while no grid is in view', async () => {
    // Chromium's own fake camera: a moving test pattern, no grid in it.
    const app = await openApp({ chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] })
    try {
      const { page } = app
      await page.click('[data-testid="camera-toggle"]')
      await page.waitForSelector('[data-testid="camera"][data-state="live"]', { timeout: 20_000 })
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="camera"]').dataset.detections) >= 3, undefined, { timeout: 60_000 })
      expect(await page.textContent('[data-testid="camera-feedback"]')).toBe('No grid in view: hold the puzzle flat in front of the camera.')
    } finally {
      await app.close()
    }
  })

  it('says which edge cuts the grid and does not read it by itself', async () => {
    // The grid's right corners land 3-10 px from the picture's right edge (1280 px wide).
    const app = await openApp({ chromiumArgs: fakeWebcamArgs(await fakeWebcamFile(READABLE_PHOTO, { shiftRight: 250 })) })
    try {
      const { page } = app
      await page.click('[data-testid="camera-toggle"]')
      await page.waitForSelector('[data-testid="camera"][data-state="live"]', { timeout: 20_000 })
      await page.waitForSelector('[data-testid="camera-feedback"][data-kind="cut"]', { timeout: 60_000 })
      expect(await page.textContent('[data-testid="camera-feedback"]')).toBe('Move back: the grid is cut at the right edge.')
      // Held steady long enough to capture, yet nothing is read.
      await page.waitForSelector('.steady .bar[style*="width: 100%"]', { timeout: 20_000 })
      await page.waitForTimeout(500)
      expect(await page.locator('[data-testid="read-progress"]').count()).toBe(0)
      expect(await boardDigits(page)).toBe('0'.repeat(81))
    } finally {
      await app.close()
    }
  })
})

describe('camera problems', () => {
  it('says so when there is no camera, offers Retry, and the board still works', async () => {
    // Fake UI grants access, but without a fake device this machine has no camera at all.
    const app = await openApp({ chromiumArgs: ['--use-fake-ui-for-media-stream'] })
    try {
      const { page } = app
      await page.click('[data-testid="camera-toggle"]')
      await page.waitForSelector('[data-testid="camera"][data-state="missing"]', { timeout: 20_000 })
      expect(await page.textContent('[data-testid="camera-message"]')).toMatch(/no camera/i)
      expect(await page.isVisible('[data-testid="camera-retry"]')).toBe(true)
      await page.click('[data-cell="0"]')
      await page.keyboard.press('5')
      expect((await boardDigits(page))[0]).toBe('5')
    } finally {
      await app.close()
    }
  })

  it('says so when camera access is denied', async () => {
    const app = await openApp({ chromiumArgs: ['--use-fake-device-for-media-stream', '--deny-permission-prompts'] })
    try {
      const { page } = app
      await page.click('[data-testid="camera-toggle"]')
      await page.waitForSelector('[data-testid="camera"][data-state="denied"]', { timeout: 20_000 })
      expect(await page.textContent('[data-testid="camera-message"]')).toMatch(/denied/i)
      expect(await page.isVisible('[data-testid="camera-retry"]')).toBe(true)
    } finally {
      await app.close()
    }
  })
})
