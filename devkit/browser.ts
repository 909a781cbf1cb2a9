/**
 * Starts the real web-mode host (built renderer + real main-process services on loopback) and
 * Debian's Chromium through playwright-core. Any request that leaves the machine fails the test.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type Browser, type Page, chromium } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { startWebMode } from '../src/main/web'
import type { WebServer } from '../src/main/web-server'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export interface AppUnderTest {
  readonly server: WebServer
  readonly browser: Browser
  readonly page: Page
  readonly userDataDir: string
  /** Requests to anything but the loopback host, which must stay empty. */
  readonly remoteRequests: string[]
  /** Uncaught page errors and console errors. */
  readonly pageErrors: string[]
  close(): Promise<void>
}

export async function openApp(options: { chromiumArgs?: string[]; userDataDir?: string } = {}): Promise<AppUnderTest> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'sudoku-lens-e2e-'))
  const server = await startWebMode({ rendererDir: resolve('out/renderer'), userDataDir, version: '0.0.0-e2e' })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...(options.chromiumArgs ?? [])],
  })
  const context = await browser.newContext({ acceptDownloads: true })
  const remoteRequests: string[] = []
  const pageErrors: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    const local = url.hostname === '127.0.0.1' || ['blob:', 'data:'].includes(url.protocol)
    if (!local) remoteRequests.push(url.href)
    return local ? route.continue() : route.abort()
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  // File choosers stay intercepted for the page's whole life. Playwright switches interception on
  // without waiting for it when a test starts waiting for a chooser; a click waits for the button
  // first and wins that race, but a key press (O opens one) can reach the page before it, and the
  // chooser then opens unseen: the test times out (seen in 2 of ~12 CI runs under load).
  page.on('filechooser', () => undefined)
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  // The way `npm start` lets the user's browser in: the one-time link, swapped for the session cookie.
  await page.goto(server.launchUrl)
  if (page.url() !== server.url) throw new Error(`the launch link led to ${page.url()}, not ${server.url}`)
  return {
    server,
    browser,
    page,
    userDataDir,
    remoteRequests,
    pageErrors,
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/** The 81 digits shown on the board, `0` for an empty cell, read from the stable `data-cell` hooks. */
export async function boardDigits(page: Page): Promise<string> {
  return page.$$eval('[data-cell]', (cells) =>
    cells
      .sort((a, b) => Number(a.getAttribute('data-cell')) - Number(b.getAttribute('data-cell')))
      .map((cell) => cell.textContent?.trim() || '0')
      .join(''),
  )
}

/**
 * Opens the app before the file's tests and closes it after them, failing if anything reached the
 * network. Returns a getter, since the app exists only once `beforeAll` has run.
 */
export function useApp(options: Parameters<typeof openApp>[0] | (() => Promise<Parameters<typeof openApp>[0]>) = {}): () => AppUnderTest {
  let app: AppUnderTest | undefined
  beforeAll(async () => {
    app = await openApp(typeof options === 'function' ? await options() : options)
  })
  afterAll(async () => {
    expect(app?.remoteRequests).toEqual([])
    await app?.close()
  })
  return () => app!
}

/** Pastes puzzle text onto the board as a user pressing Ctrl+V would. */
export async function pastePuzzle(page: Page, text: string): Promise<void> {
  await page.click('[data-testid="board"]')
  await page.evaluate((pasted) => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): { dispatchEvent(e: unknown): void } } }).document
    const { ClipboardEvent, DataTransfer } = globalThis as unknown as {
      ClipboardEvent: new (type: string, init: object) => { clipboardData: { setData(t: string, v: string): void } }
      DataTransfer: new () => unknown
    }
    const event = new ClipboardEvent('paste', { clipboardData: new DataTransfer(), bubbles: true })
    event.clipboardData.setData('text/plain', pasted)
    doc.querySelector('[data-testid="board"]').dispatchEvent(event)
  }, text)
}

/**
 * What the board shows, cell by cell (digit, its origin, the pencil marks) and the mode: two
 * screens that agree on this show the player the same game.
 */
export async function shownGame(page: Page): Promise<string> {
  const cells = await page.$$eval('[data-cell]', (all) =>
    all
      .sort((a, b) => Number(a.getAttribute('data-cell')) - Number(b.getAttribute('data-cell')))
      .map((cell) => `${cell.textContent?.trim() || '0'}${cell.getAttribute('data-origin') ?? ''}${cell.getAttribute('data-marks') ?? ''}`)
      .join(' '),
  )
  const mode = await page.$eval('[data-testid="player-bar"] input:checked', (input) => input.getAttribute('data-testid')).catch(() => 'none')
  return `${mode} | ${cells}`
}

/** The current board of the newest game saved in the library folder (`<userData>/games`), or null. */
export function savedBoard(userDataDir: string): { grid: string; marks: string } | null {
  try {
    const dir = join(userDataDir, 'games')
    const games = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { updatedAt: number; puzzle: { board: { grid: string; marks: string } } })
    games.sort((a, b) => b.updatedAt - a.updatedAt)
    return games[0]?.puzzle.board ?? null
  } catch {
    return null
  }
}
