/**
 * Startup benchmark: how soon the window is usable. The built app in web mode in Debian's Chromium
 * (the renderer is the same code Electron loads), opened RUNS times in fresh tabs with the HTTP
 * cache off, so every run loads and evaluates every script. Per run, from the navigation's start:
 * the board in the page, the first frame after it (the UI thread free to take a key), and a digit
 * pressed on the board showing in its cell (driven from outside, so it includes Playwright's own
 * round trips). Writes the medians to bench/README.md; `--quick`: QUICK_RUNS runs. Run `npx
 * electron-vite build` first (npm run bench:startup does).
 */

import { openApp } from '../devkit/browser'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const window: any, document: any

const QUICK_RUNS = 2
const RUNS = QUICK ? QUICK_RUNS : Number(process.env.BENCH_STARTUP_RUNS ?? 7)

/** In the page, before its scripts: note when the board appears, and the first frame after that. */
const watchBoard = (): void => {
  new window.MutationObserver((_: unknown, observer: { disconnect(): void }) => {
    if (!document.querySelector('[data-testid="board"]')) return
    observer.disconnect()
    window.__boardShown = performance.now()
    // A task queued after the next frame runs once the UI thread is through the startup work.
    window.requestAnimationFrame(() => setTimeout(() => (window.__boardReady = performance.now())))
  }).observe(document, { childList: true, subtree: true })
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

interface Run {
  readonly shown: number
  readonly ready: number
  readonly keyLands: number
}

async function main(): Promise<void> {
  const app = await openApp()
  const runs: Run[] = []
  try {
    const context = app.page.context()
    await context.addInitScript(watchBoard)
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await page.goto(app.server.url, { waitUntil: 'commit' })
      await page.waitForFunction(() => window.__boardReady !== undefined, undefined, { timeout: 30_000 })
      await page.focus('[data-testid="board"]')
      await page.keyboard.press('5')
      await page.waitForFunction(() => document.querySelector('[data-cell][aria-selected="true"]')?.textContent?.trim() === '5')
      const run = await page.evaluate(() => ({ shown: window.__boardShown, ready: window.__boardReady, keyLands: performance.now() }))
      runs.push(run)
      console.log(
        `run ${i + 1}: board shown ${run.shown.toFixed(0)} ms, ready ${run.ready.toFixed(0)} ms, a digit typed shows at ${run.keyLands.toFixed(0)} ms`,
      )
      await page.close()
    }
  } finally {
    await app.close()
  }
  const [shown, ready, keyLands] = (['shown', 'ready', 'keyLands'] as const).map((key) => runs.map((run) => run[key]))
  const f = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`
  writeReadmeSection(
    'Startup',
    `
\`npm run bench:startup\` (bench/startup.ts): the built app in web mode in Debian's Chromium (software
rendering), opened ${RUNS} times in fresh tabs with the HTTP cache off; milliseconds from the
navigation's start, median (min–max). "Ready" is the first frame after the board appeared (the UI
thread free for a key); "a digit shows" is a key pressed on the board from Playwright showing in its
cell, Playwright's round trips included. Electron's start (the process, the window) comes on top.

| board shown | ready | a digit shows |
|---|---|---|
| ${f(shown)} | ${f(ready)} | ${f(keyLands)} |

Target: the window usable under 1 s.

${measuredLine('npm run bench:startup')}
`,
  )
  console.log(`median: shown ${median(shown).toFixed(0)} ms, ready ${median(ready).toFixed(0)} ms, digit ${median(keyLands).toFixed(0)} ms`)
}

await main()
