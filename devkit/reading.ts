/**
 * Helpers for the reading-workflow end-to-end tests: photos with their ground truth, a fake
 * webcam file made from a photo with the bundled ffmpeg, and dropping a file onto the page.
 * Photos: B. Wicht's sudoku_dataset (CC-BY-4.0), from B. Wicht, J. Hennebert, "Camera-based
 * Sudoku recognition with Deep Belief Network", SoCPaR 2014.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { WICHT_DIR, parseDat } from '../datasets/wicht'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const window: any, document: any, DataTransfer: any, DragEvent: any

export const PHOTOS = WICHT_DIR

/** A photo the whole pipeline reads without an error, used by the photo, camera and export tests. */
export const READABLE_PHOTO = join(PHOTOS, 'image1.jpg')

/** The 81 digits of a photo's `.dat` ground truth (lines 3..11, loosely spaced). */
export function groundTruth(photo: string): string {
  return parseDat(readFileSync(photo.replace(/\.jpe?g$/i, '.dat'), 'utf8')).join('')
}

/**
 * A y4m fake-webcam file from a photo: letterboxed into `width`×`height` (moved `shiftRight`
 * pixels to the right), a few identical frames (Chromium loops the file) at `fps`.
 */
export async function fakeWebcamFile(
  photo: string,
  options: { width?: number; height?: number; fps?: number; frames?: number; shiftRight?: number } = {},
): Promise<string> {
  const { width = 1280, height = 720, fps = 30, frames = 4, shiftRight = 0 } = options
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path
  const out = join(mkdtempSync(join(tmpdir(), 'sudoku-lens-cam-')), `${basename(photo).replace(/\.\w+$/, '')}.y4m`)
  await promisify(execFile)(ffmpeg, [
    ...['-v', 'error', '-y', '-loop', '1', '-i', photo, '-frames:v', String(frames), '-r', String(fps)],
    // `shiftRight` pixels of the picture slide out past the right edge, as a page held off to one side.
    ...[
      '-vf',
      `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:white,pad=${width + shiftRight}:${height}:${shiftRight}:0:white,crop=${width}:${height}:0:0`,
    ],
    ...['-pix_fmt', 'yuv420p', out],
  ])
  return out
}

export function fakeWebcamArgs(y4m: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`]
}

/** Drops a file on the window as a user dragging it from the file manager would. */
export async function dropFile(page: Page, path: string, type = 'image/jpeg'): Promise<void> {
  const bytes = readFileSync(path).toString('base64')
  await page.evaluate(
    ({ bytes, name, type }) => {
      const data = Uint8Array.from(atob(bytes), (ch) => ch.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([data], name, { type }))
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }))
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }))
    },
    { bytes, name: basename(path), type },
  )
}

/** Waits until a read has finished ("Read 30 givens …", or a message saying why not). */
export async function waitForRead(page: Page, timeout = 90_000): Promise<string> {
  await page.waitForFunction(
    () => {
      const status = document.querySelector('[data-testid="status"]')?.textContent ?? ''
      return /^Read \d+ givens|No Sudoku|Could not read|no grid/i.test(status)
    },
    undefined,
    { timeout },
  )
  return (await page.textContent('[data-testid="status"]')) ?? ''
}
