import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ffmpeg from '@ffmpeg-installer/ffmpeg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readManifest } from '../../src/node/timelapse/manifest'
import { createTimelapseService } from '../../src/node/timelapse/service'
import { DEFAULT_TIMELAPSE_SETTINGS } from '../../src/shared/timelapse/settings'
import { inkOfText } from '../../src/shared/timelapse/shots'
import { type AppUnderTest, openApp } from '../../devkit/browser'
import { READABLE_PHOTO, fakeWebcamArgs, fakeWebcamFile, groundTruth } from '../../devkit/reading'

let app: AppUnderTest

beforeAll(async () => {
  // 640 px wide: the preview's video shows this size.
  const camera = await fakeWebcamFile(READABLE_PHOTO, { width: 640, height: 360, fps: 10 })
  app = await openApp({ chromiumArgs: fakeWebcamArgs(camera) })
})

afterAll(async () => {
  expect(app.remoteRequests).toEqual([])
  await app?.close()
})

describe('solving time-lapse in web mode', () => {
  it('records from the camera, encodes through the real host and plays an H.264 film', async () => {
    const { page } = app
    await page.click('[data-testid=timelapse-section] summary')
    await page.fill('[data-testid=tl-interval]', '0.5')
    await page.fill('[data-testid=tl-stop-after]', '6')
    await page.fill('[data-testid=tl-fps-in]', '3')
    await page.fill('[data-testid=tl-fps-out]', '12')
    await page.click('[data-testid=tl-record]')
    await expect.poll(() => page.textContent('[data-testid=tl-message]'), { timeout: 30_000 }).toMatch(/Recorded 6 frames \(2 s of film\)/)

    await page.click('[data-testid=tl-encode]')
    await expect.poll(() => page.textContent('[data-testid=tl-message]'), { timeout: 60_000 }).toMatch(/Film ready: 6 frames, 2 s/)
    await page.click('[data-testid=tl-play]')
    const src = await page.getAttribute('[data-testid=tl-film]', 'src')
    await expect
      .poll(() => page.$eval('[data-testid=tl-film]', (video) => (video as unknown as { readyState: number }).readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1)
    expect(await page.$eval('[data-testid=tl-film]', (video) => (video as unknown as { duration: number }).duration)).toBeCloseTo(2, 0)

    // Through the page's own cookie, as the video element fetched it.
    const film = await page.request.get(new URL(src!, app.server.url).href)
    const path = join(mkdtempSync(join(tmpdir(), 'sl-e2e-film-')), 'film.mp4')
    writeFileSync(path, await film.body())
    const probe = await promisify(execFile)(ffmpeg.path, ['-hide_banner', '-i', path]).catch((e: { stderr: string }) => e)
    expect(probe.stderr).toMatch(/Video: h264/)
    expect(probe.stderr).toMatch(/12 fps/)
    expect(probe.stderr).toMatch(/1280x720/)
  })
})

describe('shots when the paper changes', () => {
  it('shoots once the grid is steady, reads the page and shows the digits filled; Check my paper answers', async () => {
    const { page } = app
    const givens = [...groundTruth(READABLE_PHOTO)].filter((d) => d !== '0').length
    if (!(await page.$eval('[data-testid=timelapse-section]', (section) => (section as unknown as { open: boolean }).open)))
      await page.click('[data-testid=timelapse-section] summary')
    await page.selectOption('[data-testid=tl-shot-mode]', 'changes')
    // The interval is the least time between two shots in this mode, and says so.
    expect(await page.locator('label:has([data-testid=tl-interval])').textContent()).toMatch(/^Shots at least\s+s apart$/)
    await page.fill('[data-testid=tl-stop-after]', '')
    await page.click('[data-testid=tl-record]')
    // The page in view is the printed puzzle, nothing written: the first shot shows its givens.
    await expect.poll(() => page.textContent('[data-testid=tl-filled]'), { timeout: 90_000 }).toBe(`${givens}/81 digits`)
    // No countdown: the next shot waits for the paper to change.
    expect((await page.textContent('[data-testid=tl-count]'))!.replace(/\s+/g, ' ')).toMatch(
      /^ ?1 shot · \d+:\d\d elapsed · next shot when the paper changes ?$/,
    )
    // Named apart from the Hints panel's check, which checks the editor's board.
    expect(await page.getByRole('button', { name: 'Check my paper as filmed', exact: true }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Check my paper', exact: true }).count()).toBe(1)
    await page.click('[data-testid=tl-check]')
    expect(await page.textContent('[data-testid=tl-check-result]')).toMatch(/No mistakes so far/)
    await page.click('[data-testid=tl-stop]')
    // A still page is one shot: nothing changes after it.
    await expect.poll(() => page.textContent('[data-testid=tl-message]')).toMatch(/Recorded 1 frame \(/)
    // Its record keeps the board as read and each cell's ink as the watch measured it.
    const sessions = readdirSync(join(app.userDataDir, 'timelapses'))
    const manifests = await Promise.all(sessions.map((id) => readManifest(join(app.userDataDir, 'timelapses', id))))
    const shots = manifests.find((m) => m?.settings.shotMode === 'changes')!.shots!
    expect(shots).toHaveLength(1)
    expect([...shots[0].givens].filter((d) => d !== '0')).toHaveLength(givens)
    const ink = inkOfText(shots[0].ink!)!
    // The printed givens' cells hold ink and the empty ones next to none.
    const meanInk = (printed: boolean) => {
      const cells = [...ink].filter((_, c) => (shots[0].givens[c] !== '0') === printed)
      return cells.reduce((a, b) => a + b, 0) / cells.length
    }
    expect(meanInk(true)).toBeGreaterThan(5 * meanInk(false))
    // Its moves save as a text log; the print is no move, and nothing was written on this page.
    const item = page.locator('[data-testid=tl-sessions] li', { has: page.locator('[data-testid=tl-moves]') })
    await expect.poll(() => item.count()).toBe(1)
    const [download] = await Promise.all([page.waitForEvent('download'), item.locator('[data-testid=tl-moves]').click()])
    expect(download.suggestedFilename()).toMatch(/^sudoku-moves-.+\.txt$/)
    const lines = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^# Sudoku Lens: a solving session told as its moves/)
    await expect.poll(() => page.textContent('[data-testid=tl-message]')).toBe('Moves saved.')
  })
})

describe('a recording without a shot limit', () => {
  it('shows Stop, the shots, the elapsed time, the next shot and a live preview, and offers no second Record meanwhile', async () => {
    const { page } = app
    if ((await page.getAttribute('[data-testid=timelapse-section]', 'open')) === null) await page.click('[data-testid=timelapse-section] summary')
    await page.selectOption('[data-testid=tl-shot-mode]', 'interval')
    await page.fill('[data-testid=tl-interval]', '0.5')
    await page.fill('[data-testid=tl-stop-after]', '')
    const before = await page.locator('[data-testid=tl-sessions] li').count()
    await page.click('[data-testid=tl-record]')
    await page.waitForSelector('[data-testid=tl-stop]', { state: 'visible', timeout: 10_000 })
    // The toolbar's button is now Stop too; pressing R would stop, Record is gone from the panel.
    expect(await page.textContent('[data-testid=record-toggle]')).toMatch(/Stop/)
    expect(await page.isVisible('[data-testid=tl-record]')).toBe(false)
    await expect.poll(async () => Number(await page.textContent('[data-testid=tl-count] strong')), { timeout: 20_000 }).toBeGreaterThanOrEqual(4)
    expect(await page.textContent('[data-testid=tl-elapsed]')).toMatch(/^0:0[1-9]$/)
    expect(await page.textContent('[data-testid=tl-next]')).toMatch(/^0\.[0-5] s$/)
    const preview = await page.$eval('[data-testid=tl-live] video', (video) => {
      const v = video as unknown as { videoWidth: number; paused: boolean }
      return { width: v.videoWidth, playing: !v.paused }
    })
    expect(preview).toEqual({ width: 640, playing: true })
    await page.click('[data-testid=tl-stop]')
    await expect.poll(() => page.textContent('[data-testid=tl-message]'), { timeout: 10_000 }).toMatch(/Recorded \d+ frames/)
    expect(await page.isVisible('[data-testid=tl-stop]')).toBe(false)
    // The list is refreshed after the message: it gains the new recording a moment later.
    await expect.poll(() => page.locator('[data-testid=tl-sessions] li').count(), { timeout: 10_000 }).toBe(before + 1)
  })
})

describe('a recording interrupted by a crash', () => {
  it('is offered on the next start and encodes from the frames it left', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'sl-e2e-crashed-'))
    // A recorder that dies mid-session: frames written, manifest still says "recording".
    const crashed = createTimelapseService({ baseDir: join(userDataDir, 'timelapses') })
    const session = await crashed.startSession({ ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 2, size: { width: 320, height: 240 } })
    for (let i = 0; i < 4; i++) {
      const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60 * i, g: 90, b: 160 } } })
        .jpeg()
        .toBuffer()
      crashed.addFrame(session.id, new Uint8Array(jpeg))
      await new Promise((resolve) => setTimeout(resolve, 200))
    }

    const next = await openApp({ userDataDir })
    try {
      const { page } = next
      await expect.poll(() => page.isVisible('[data-testid=timelapse] [role=alert]')).toBe(true)
      expect(await page.textContent('[data-testid=timelapse] [role=alert]')).toMatch(/interrupted; the frames are safe/)
      await page.click(`[data-session="${session.id}"] [data-testid=tl-encode]`)
      await expect.poll(() => page.textContent('[data-testid=tl-message]'), { timeout: 60_000 }).toMatch(/Film ready: 4 frames, 2 s/)
      expect(next.remoteRequests).toEqual([])
    } finally {
      await next.close()
    }
  })
})
