/**
 * The reader starts in the background as the app opens: a photo dropped at once never waits on
 * "Starting the digit reader". How fast the first read then is, is a timing: bench:first-read.
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import type { Worker } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { boardDigits, useApp } from '../../devkit/browser'
import { READABLE_PHOTO, dropFile, groundTruth, waitForRead } from '../../devkit/reading'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const window: any, document: any, MutationObserver: any

const app = useApp()

describe('starting the reader as the app opens', () => {
  it('reads a photo dropped right away without a "first time" start of the reader', async () => {
    const { page } = app()
    // The app has opened once it has started the reader's worker by itself: a photo dropped any
    // sooner reaches the worker ahead of the warm-up, and that read starts the reader (honestly
    // "first time"). Without the background start no worker exists until the drop, and this waits in vain.
    const isVision = (worker: Worker): boolean => worker.url().includes('vision')
    if (!page.workers().some(isVision)) await page.waitForEvent('worker', { predicate: isVision, timeout: 10_000 })
    // Every progress line the read shows, as the user would see them go by.
    await page.evaluate(() => {
      const seen: string[] = (window.__progress = [])
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="read-progress"]')?.textContent?.trim()
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await dropFile(page, READABLE_PHOTO)
    expect(await waitForRead(page)).toMatch(/^Read \d+ givens/)
    expect(await boardDigits(page)).toBe(groundTruth(READABLE_PHOTO))
    const progress: string[] = await page.evaluate(() => window.__progress)
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.filter((text) => /Starting the digit reader/.test(text))).toEqual([])
    expect(app().pageErrors).toEqual([])
  })
})
