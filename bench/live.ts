/**
 * Live camera benchmark: the built app in Chromium with a fake 1280×720 webcam (a y4m made from
 * a shared photo, at 60 fps so the camera is not the limit), camera view on, for a fixed window;
 * then the same with a page of text in view (no grid: the grid detector's fallbacks try hardest).
 * Reports detections per second, frame-to-overlay latency (frame reaching the vision worker to the
 * overlay drawn on the UI thread) and UI-thread long tasks; then the UI thread's long tasks while a
 * 12 MP photo (the same photo upscaled) is opened and read. Writes them to bench/README.md.
 * `--quick`: QUICK_WINDOW_MS windows, and the photo opened at its own size.
 * Run `npx electron-vite build` first (npm run bench:live does).
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { openApp } from '../devkit/browser'
import { READABLE_PHOTO, fakeWebcamArgs, fakeWebcamFile, waitForRead } from '../devkit/reading'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const window: any, document: any

/** The window measured with the camera on, ms; a --quick run's is QUICK_WINDOW_MS. */
const QUICK_WINDOW_MS = 2_000
const WINDOW_MS = QUICK ? QUICK_WINDOW_MS : Number(process.env.BENCH_LIVE_MS ?? 15_000)

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN
}

/**
 * Collects the UI thread's long tasks from now on into window.__longTasks (durations, ms). Those
 * buffered from before (the page's start: evaluating the app's script) are not the photo's.
 */
const recordLongTasks = (): void => {
  const tasks: number[] = (window.__longTasks = [])
  const since = performance.now()
  const observer = new window.PerformanceObserver((list: any) =>
    list.getEntries().forEach((entry: any) => entry.startTime >= since && tasks.push(entry.duration)),
  )
  observer.observe({ type: 'longtask', buffered: true })
}

/** UI-thread long tasks from opening a 12 MP photo with the file picker until it is read. */
async function photoLongTasks(): Promise<number[]> {
  const big = QUICK ? READABLE_PHOTO : join(mkdtempSync(join(tmpdir(), 'sudoku-lens-bench-12mp-')), 'image1-12mp.jpg')
  if (!QUICK) await sharp(READABLE_PHOTO).resize(4000, 3000, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toFile(big)
  const app = await openApp()
  try {
    const { page } = app
    await page.evaluate(recordLongTasks)
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="open"]')])
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

interface CameraFigures {
  readonly view: string
  readonly frameSize: string
  readonly seconds: number
  readonly detectionsPerSecond: number
  readonly latencyMedian: number
  readonly latencyP90: number
  readonly workerMedian: number
  readonly workerP90: number
  readonly longTasks: number
  readonly longestTask: number
}

/**
 * The camera view on, fed from `source` (a photo letterboxed to 1280×720), for WINDOW_MS: with a
 * grid in view, measured after it was first found and the auto-capture read finished; without one,
 * after the first detections arrived.
 */
async function measureCamera(view: string, source: string, grid: boolean): Promise<CameraFigures> {
  const y4m = await fakeWebcamFile(source, { fps: 60, frames: 8 })
  const app = await openApp({ chromiumArgs: fakeWebcamArgs(y4m) })
  try {
    const { page } = app
    await page.addInitScript(recordLongTasks)
    await page.reload()
    // Keep auto-capture from pausing detection for OCR during the measurement.
    await page.click('[data-testid="camera-toggle"]')
    const camera = '[data-testid="camera"]'
    const count = async () => Number(await page.getAttribute(camera, 'data-detections'))
    if (grid) {
      await page.waitForSelector('[data-testid="camera"][data-grid="found"]', { timeout: 60_000 })
      await page.waitForFunction(() => !document.querySelector('[data-testid="read-progress"]'), undefined, { timeout: 120_000 })
    } else {
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="camera"]')?.getAttribute('data-detections')) > 10, undefined, {
        timeout: 60_000,
      })
    }
    await page.waitForTimeout(1000)

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
    const longTasks: number[] = await page.evaluate(() => window.__longTasks)
    const frameSize = await page.$eval('video', (v: any) => `${v.videoWidth}x${v.videoHeight}`)
    if (app.remoteRequests.length) throw new Error(`Requests left the machine: ${app.remoteRequests.join(', ')}`)
    return {
      view,
      frameSize,
      seconds: elapsed,
      detectionsPerSecond: detections / elapsed,
      latencyMedian: quantile(latencies, 0.5),
      latencyP90: quantile(latencies, 0.9),
      workerMedian: quantile(workerMs, 0.5),
      workerP90: quantile(workerMs, 0.9),
      longTasks: longTasks.length,
      longestTask: longTasks.length ? Math.max(...longTasks) : 0,
    }
  } finally {
    await app.close()
  }
}

/** A page of running text, no grid: what the camera sees before it is aimed at the puzzle. */
async function textPage(): Promise<string> {
  const lines = Array.from(
    { length: 34 },
    (_, i) =>
      `<text x="60" y="${70 + i * 30}" font-family="sans-serif" font-size="22">Lorem ipsum dolor sit amet, consectetur ${i} adipiscing elit, sed do eiusmod tempor</text>`,
  )
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="1100"><rect width="100%" height="100%" fill="#fff"/>${lines.join('')}</svg>`
  const file = join(mkdtempSync(join(tmpdir(), 'sudoku-lens-bench-text-')), 'text-page.png')
  await sharp(Buffer.from(svg)).png().toFile(file)
  return file
}

const photoTasks = await photoLongTasks()
const cameras = [await measureCamera('image1 (a grid)', READABLE_PHOTO, true), await measureCamera('a page of text (no grid)', await textPage(), false)]
console.table(cameras)
{
  const figures = {
    photoLongTasks: photoTasks.length,
    photoLongestTask: photoTasks.length ? Math.max(...photoTasks) : 0,
  }
  console.table(figures)
  const elapsed = cameras[0].seconds

  const section = [
    "`npm run bench:live` (bench/live.ts): the built app in Debian's Chromium (web mode, software",
    "rendering) with a fake webcam fed from a y4m of image1.jpg (B. Wicht's sudoku_dataset, CC-BY-4.0)",
    'letterboxed to 1280×720 at 60 fps, the',
    'camera view on, for ' + Math.round(elapsed) + ' s after the grid was first found and the auto-capture read finished;',
    "then the same with a page of running text in view (no grid: the grid detector's fallbacks",
    'have the most to try), measured once detections came in.',
    'Frames go to the vision worker as a transferred MediaStreamTrackProcessor stream holding only the',
    'newest frame; the worker scales each to 640 px wide while drawing it, then runs grid + fiducial',
    'detection. Latency: frame reaching the worker to the overlay drawn on the UI thread (sampled).',
    '',
    '| in view | frame | detections/s | latency median / p90 ms | worker ms median / p90 | UI long tasks (> 50 ms) | longest ms |',
    '|---|---|---|---|---|---|---|',
    ...cameras.map(
      (c) =>
        `| ${c.view} | ${c.frameSize} | ${c.detectionsPerSecond.toFixed(1)} | ${c.latencyMedian.toFixed(1)} / ${c.latencyP90.toFixed(1)} | ${c.workerMedian.toFixed(1)} / ${c.workerP90.toFixed(1)} | ${c.longTasks} | ${c.longestTask.toFixed(0)} |`,
    ),
    '',
    `Opening a 12 MP photo (image1 upscaled to 4000×3000) with the file picker until it is read and a`,
    `cell's crop is shown: ${figures.photoLongTasks} UI long tasks (longest ${figures.photoLongestTask.toFixed(0)} ms).`,
    '',
    'Targets: ≥ 30 detections/s at 1280×720, no UI task over 50 ms.',
    '',
    measuredLine('npm run bench:live'),
  ].join('\n')
  writeReadmeSection('Live camera', section)
}
