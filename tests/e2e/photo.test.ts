/**
 * Photos end to end: drop a photo on the window, the vision worker reads it, the board shows the
 * digits of the ground truth; a photo without a grid says so and shows what was detected.
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { boardDigits, useApp } from '../../devkit/browser'
import { READABLE_PHOTO, dropFile, groundTruth, waitForRead } from '../../devkit/reading'

const app = useApp()

describe('reading a dropped photo', () => {
  it('fills the board with the digits printed in the photo', async () => {
    const { page } = app()
    await dropFile(page, READABLE_PHOTO)
    await page.waitForSelector('[data-testid="read-progress"]', { timeout: 10_000 })
    const status = await waitForRead(page)
    expect(status).toMatch(/^Read \d+ givens from image1\.jpg/)
    expect(await boardDigits(page)).toBe(groundTruth(READABLE_PHOTO))
    // The read digits are the puzzle's givens, and the selected cell's crop is shown beside it.
    expect(await page.locator('[data-given="true"]').count()).toBe([...groundTruth(READABLE_PHOTO)].filter((d) => d !== '0').length)
    await page.click('[data-cell="40"]')
    await expect.poll(() => page.getAttribute('[data-testid="cell-crop"]', 'data-cell-crop')).toBe('40')
    // The whole photo is shown beside the board too, with the grid found outlined.
    await page.waitForSelector('[data-testid="read-photo"] canvas[data-drawn="true"]', { timeout: 10_000 })
    expect(await page.textContent('[data-testid="read-photo"] figcaption')).toMatch(/grid found is outlined/)
    const outlined = await page.$eval('[data-testid="read-photo"] canvas', (canvas) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
      let n = 0
      for (let i = 0; i < data.length; i += 4) if (data[i] < 40 && data[i + 1] > 100 && data[i + 1] < 140 && data[i + 2] < 80) n++
      return n
    })
    expect(outlined).toBeGreaterThan(500)
    // The read puzzle solves: every empty cell gets a digit from the solver.
    await page.click('[data-testid="solve"]')
    await page.waitForSelector('[data-solved="true"]', { timeout: 30_000 })
    expect(await page.locator('[data-solved="true"]').count()).toBe([...groundTruth(READABLE_PHOTO)].filter((d) => d === '0').length)
    expect(app().pageErrors).toEqual([])
  })

  // Whether the page stays free of long tasks meanwhile is a timing figure: bench:live measures it.
  it('reads a 12-megapixel photo opened with the file picker', async () => {
    const { page } = app()
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-lens-12mp-'))
    const big = join(dir, 'image1-12mp.jpg')
    await sharp(READABLE_PHOTO).resize(4000, 3000, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toFile(big)
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="open"]')])
    await chooser.setFiles(big)
    expect(await waitForRead(page, 120_000)).toMatch(/^Read \d+ givens from image1-12mp\.jpg/)
    expect(await boardDigits(page)).toBe(groundTruth(READABLE_PHOTO))
    // The crop beside the board comes from the big photo, at its own pixel coordinates.
    await page.click('[data-cell="0"]')
    const corners = JSON.parse((await page.getAttribute('[data-testid="cell-crop"]', 'data-corners')) ?? '[]') as { x: number }[]
    expect(Math.max(...corners.map((p) => p.x))).toBeGreaterThan(1280)
  })

  it('has one Open for puzzles and photos, and says in one line what it cannot open', async () => {
    const { page } = app()
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-lens-open-'))
    const puzzle = join(dir, 'puzzle.sudoku')
    writeFileSync(puzzle, `${groundTruth(READABLE_PHOTO).match(/.{9}/g)!.join('\n')}\n`)
    const pdf = join(dir, 'scan.pdf')
    writeFileSync(pdf, '%PDF-1.4\n%âãÏÓ\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
    expect(await page.locator('button:has-text("Open")').count()).toBe(1)

    // O from the board (a shortcut is the page's only outside text fields).
    await page.focus('[data-testid="board"] [tabindex="0"]')
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('o')])
    await chooser.setFiles(puzzle)
    await expect.poll(() => page.textContent('[data-testid="status"]')).toMatch(/^Loaded puzzle\.sudoku: \d+ givens/)
    expect(await boardDigits(page)).toBe(groundTruth(READABLE_PHOTO))

    const [pdfChooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="open"]')])
    await pdfChooser.setFiles(pdf)
    await expect
      .poll(() => page.textContent('[data-testid="status"]'))
      .toBe('scan.pdf is neither a photo nor a puzzle. Open a photo (JPEG, PNG, WebP, HEIC) or a puzzle file (.sudoku, .txt, .csv, .sdk).')
    expect(await boardDigits(page)).toBe(groundTruth(READABLE_PHOTO))
    await page.click('[data-testid="new"]')
    await dropFile(page, pdf, 'application/pdf')
    await expect.poll(() => page.textContent('[data-testid="status"]')).toMatch(/^scan\.pdf is neither a photo nor a puzzle/)
    expect(await boardDigits(page)).toBe('0'.repeat(81))
  })

  it('says when a photo holds no grid and shows the photo instead', async () => {
    const { page } = app()
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-lens-nogrid-'))
    const blank = join(dir, 'blank.png')
    // Soft grey noise: no lines, no quadrilateral.
    const noise = Buffer.alloc(640 * 480 * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = 150 + ((i * 2654435761) >>> 28)
    await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
      .png()
      .toFile(blank)
    const before = await boardDigits(page)
    await dropFile(page, blank, 'image/png')
    await page.waitForSelector('[data-testid="no-grid"]', { timeout: 60_000 })
    expect(await page.textContent('[data-testid="status"]')).toMatch(/no .*grid/i)
    const shown = await page.$eval('[data-testid="no-grid"] canvas', (canvas: any) => [canvas.width, canvas.height])
    expect(shown).toEqual([640, 480])
    // The board is left as it was.
    expect(await boardDigits(page)).toBe(before)
  })
})
