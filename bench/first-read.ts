/**
 * First read after the app opens: the built app in Chromium (web mode), a fresh page each run,
 * a photo dropped on the window after a pause, timed from the drop until the board shows the read
 * ("Read N givens …"). The pause stands for the user picking a photo; the app starts OpenCV and
 * the digit readers in the background as it opens, so after a few seconds the first read runs at
 * the speed of any later one. A second read of the same page is timed for comparison.
 * `--quick`: one run, the photo dropped at once. Run `npx electron-vite build` first (npm run bench:first-read does).
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */

import type { Page } from 'playwright-core'
import { openApp } from '../devkit/browser'
import { READABLE_PHOTO, dropFile, waitForRead } from '../devkit/reading'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const document: any

/** Pauses before the first drop, ms: at once, and the few seconds a user takes to pick a photo. */
const PAUSES_MS = (QUICK ? '0' : (process.env.BENCH_FIRST_READ_PAUSES ?? '0,3000,6000')).split(',').map(Number)
const RUNS = QUICK ? 1 : Number(process.env.BENCH_FIRST_READ_RUNS ?? 3)

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Drops the photo and returns the ms until the status line reports the read. */
async function timedRead(page: Page): Promise<number> {
  const started = Date.now()
  await dropFile(page, READABLE_PHOTO)
  // The status says "Reading …" first, so a second read is not taken for the first one's result.
  await page.waitForFunction(() => !/^Read \d+ givens/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''))
  const status = await waitForRead(page, 120_000)
  if (!/^Read \d+ givens/.test(status)) throw new Error(`the photo was not read: ${status}`)
  return Date.now() - started
}

async function measure(pauseMs: number): Promise<{ first: number; second: number }> {
  const app = await openApp()
  try {
    await app.page.waitForSelector('[data-testid="board"]')
    await app.page.waitForTimeout(pauseMs)
    const first = await timedRead(app.page)
    return { first, second: await timedRead(app.page) }
  } finally {
    await app.close()
  }
}

const rows: string[] = []
for (const pause of PAUSES_MS) {
  const runs: { first: number; second: number }[] = []
  for (let run = 0; run < RUNS; run++) runs.push(await measure(pause))
  const first = runs.map((r) => r.first)
  const row = `| ${pause / 1000} s | ${median(first)} | ${Math.min(...first)}–${Math.max(...first)} | ${median(runs.map((r) => r.second))} |`
  console.log(row)
  rows.push(row)
}

writeReadmeSection(
  'First read',
  `\`npm run bench:first-read\` (bench/first-read.ts): the built app in Debian's Chromium (web mode), a fresh page
per run, image1.jpg (B. Wicht's sudoku_dataset, CC-BY-4.0) dropped on the window after a pause (the time a user
takes to pick a photo), timed from the drop until the board shows the read; then a second read of the same photo.
The app starts OpenCV, Tesseract and the digit models in the background as it opens. Median of ${RUNS} runs.

| pause after opening | first read ms (median) | range | second read ms (median) |
|---|---|---|---|
${rows.join('\n')}

Target: the first read under 1.5 s once the app has been open a few seconds.

${measuredLine('npm run bench:first-read')}`,
)
