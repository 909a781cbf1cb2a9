/**
 * Live camera benchmark: the built app in Chromium with a fake 1280×720 webcam (a y4m made from
 * a shared photo, at 60 fps so the camera is not the limit), camera view on, for a fixed window.
 * Reports detections per second, frame-to-overlay latency (frame reaching the vision worker to the
 * overlay drawn on the UI thread) and UI-thread long tasks; then the UI thread's long tasks while a
 * 12 MP photo (the same photo upscaled) is opened and read. Writes them to bench/README.md.
 * Run `npx electron-vite build` first (npm run bench:live does).
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import { mkdtempSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { openApp } from '../tests/e2e/browser'
import { READABLE_PHOTO, fakeWebcamArgs, fakeWebcamFile, waitForRead } from '../tests/e2e/reading'
import { writeReadmeSection } from './readme-section'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const window: any, document: any, DataTransfer: any, DragEvent: any

const WINDOW_MS = Number(process.env.BENCH_LIVE_MS ?? 15_000)

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN
}

const recordLongTasks = (): void => {
  const tasks: number[] = (window.__longTasks = [])
  new window.PerformanceObserver((list: any) => list.getEntries().forEach((entry: any) => tasks.push(entry.duration))).observe({ type: 'longtask', buffered: true })
}

/** UI-thread long tasks from opening a 12 MP photo with the file picker until it is read. */
async function photoLongTasks(): Promise<number[]> {
  const big = join(mkdtempSync(join(tmpdir(), 'sudoku-lens-bench-12mp-')), 'image1-12mp.jpg')
  await sharp(READABLE_PHOTO).resize(4000, 3000, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toFile(big)
  const app = await openApp()
  try {
    const { page } = app
    await page.evaluate(recordLongTasks)
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="open-photo"]')])
    await chooser.setFiles(big)
    await waitForRead(page, 120_000)
    // The crop beside the board is drawn from the big photo too.
    await page.click('[data-cell="0"]')
    await page.waitForTimeout(500)
    return await page.evaluate(() => window.__longTasks)
  } finally {
    await app.close()
  }
}

const photoTasks = await photoLongTasks()
const y4m = await fakeWebcamFile(READABLE_PHOTO, { fps: 60, frames: 8 })
const app = await openApp({ chromiumArgs: fakeWebcamArgs(y4m) })
try {
  const { page } = app
  await page.addInitScript(recordLongTasks)
  await page.reload()
  // Keep auto-capture from pausing detection for OCR during the measurement.
  await page.click('[data-testid="camera-toggle"]')
  await page.waitForSelector('[data-testid="camera"][data-grid="found"]', { timeout: 60_000 })
  await page.waitForFunction(() => !document.querySelector('[data-testid="read-progress"]'), undefined, { timeout: 120_000 })
  await page.waitForTimeout(1000)

  const camera = '[data-testid="camera"]'
  const count = async () => Number(await page.getAttribute(camera, 'data-detections'))
  await page.evaluate(() => (window.__longTasks.length = 0))
  const startCount = await count()
  const started = Date.now()
  const latencies: number[] = []
  const workerMs: number[] = []
  let lastCount = startCount
  while (Date.now() - started < WINDOW_MS) {
    const sample = await page.$eval(camera, (el: any) => ({ ...el.dataset }))
    const n = Number(sample.detections)
    if (n !== lastCount) {
      latencies.push(Number(sample.latencyMs))
      workerMs.push(Number(sample.workerMs))
      lastCount = n
    }
    await page.waitForTimeout(20)
  }
  const elapsed = (Date.now() - started) / 1000
  const detections = (await count()) - startCount
  const longTasks = await page.evaluate(() => window.__longTasks)
  const frameSize = await page.$eval('video', (v: any) => `${v.videoWidth}x${v.videoHeight}`)

  const figures = {
    frameSize,
    seconds: elapsed,
    detectionsPerSecond: detections / elapsed,
    latencyMedian: quantile(latencies, 0.5),
    latencyP90: quantile(latencies, 0.9),
    workerMedian: quantile(workerMs, 0.5),
    workerP90: quantile(workerMs, 0.9),
    longTasks: longTasks.length,
    longestTask: longTasks.length ? Math.max(...longTasks) : 0,
    photoLongTasks: photoTasks.length,
    photoLongestTask: photoTasks.length ? Math.max(...photoTasks) : 0,
  }
  console.table(figures)

  const date = new Date().toISOString().slice(0, 10)
  const section = [
    '`npm run bench:live` (bench/live.ts): the built app in Debian\'s Chromium (web mode, software',
    'rendering) with a fake webcam fed from a y4m of image1.jpg (B. Wicht\'s sudoku_dataset, CC-BY-4.0)',
    'letterboxed to 1280×720 at 60 fps, the',
    'camera view on, for ' + Math.round(elapsed) + ' s after the grid was first found and the auto-capture read finished.',
    'Frames go to the vision worker as a transferred MediaStreamTrackProcessor stream holding only the',
    'newest frame; the worker scales each to 640 px wide while drawing it, then runs grid + fiducial',
    'detection. Latency: frame reaching the worker to the overlay drawn on the UI thread (sampled).',
    `Measured ${date} on ${cpus().length} cores (${cpus()[0]?.model.trim()}), **shared with other agents while measuring**`,
    `(1-minute load average ${loadavg()[0].toFixed(1)} at the end), so worker times carry scheduling delays.`,
    '',
    '| frame | detections/s | latency median / p90 ms | worker ms median / p90 | UI long tasks (> 50 ms) | longest ms |',
    '|---|---|---|---|---|---|',
    `| ${figures.frameSize} | ${figures.detectionsPerSecond.toFixed(1)} | ${figures.latencyMedian.toFixed(1)} / ${figures.latencyP90.toFixed(1)} | ${figures.workerMedian.toFixed(1)} / ${figures.workerP90.toFixed(1)} | ${figures.longTasks} | ${figures.longestTask.toFixed(0)} |`,
    '',
    `Opening a 12 MP photo (image1 upscaled to 4000×3000) with the file picker until it is read and a`,
    `cell's crop is shown: ${figures.photoLongTasks} UI long tasks (longest ${figures.photoLongestTask.toFixed(0)} ms).`,
    '',
    'Targets: ≥ 30 detections/s at 1280×720, no UI task over 50 ms.',
    '',
  ].join('\n')
  writeReadmeSection('Live camera', section)
  if (app.remoteRequests.length) throw new Error(`Requests left the machine: ${app.remoteRequests.join(', ')}`)
} finally {
  await app.close()
}
