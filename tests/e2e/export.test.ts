/**
 * Exporting the solved puzzle: the clean PNG and the photo with the solution drawn in, from the
 * app (downloads in web mode) and from the CLI. The composite must change the photo only inside
 * the empty cells. The clean PNG keeps the player's own digits, solved or not (it used to save
 * the givens alone as sudoku-solved.png before a solve). On a page in progress the solution goes
 * only where the paper holds no digit, smaller where it holds pencil marks (it used to be drawn
 * over the pen digits and the marks alike). Photos: B. Wicht's sudoku_dataset (CC-BY-4.0),
 * SoCPaR 2014; Alex Kubiesa's sudoku-scanner datasets (end_to_end), MIT licence, (c) 2024 Alex
 * Kubiesa, read through datasets/kubiesa.ts.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import type { Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanGridLayout } from '../../src/shared/render/clean-grid'
import { MARKS_LABEL, hasPenPhotos, listPenPhotos } from '../../datasets/kubiesa'
import { cellQuad, insideQuad, squareToQuad } from '../../src/shared/vision/core/homography'
import { parsePuzzle } from '../../src/shared/sudoku/format'
import { solve } from '../../src/shared/sudoku/solver'
import { applyHomography, invertHomography } from '../../src/shared/vision/core/geometry'
import type { Corners } from '../../src/shared/vision/core/image'
import { type AppUnderTest, openApp, pastePuzzle } from '../../devkit/browser'
import { READABLE_PHOTO, dropFile, groundTruth, waitForRead } from '../../devkit/reading'

const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'

interface Raw {
  data: Buffer
  width: number
  height: number
}

async function decode(input: string | Buffer): Promise<Raw> {
  const { data, info } = await sharp(input).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * Pixels that differ clearly between the photo and the export must all lie in empty cells (a
 * pixel of slack for anti-aliasing), and every empty cell must have some. Small differences are
 * the two JPEG decoders (Chromium's and sharp's) disagreeing by a few levels.
 */
function checkOnlyEmptyCellsChanged(photo: Raw, exported: Raw, corners: Corners, puzzle: string): void {
  expect([exported.width, exported.height]).toEqual([photo.width, photo.height])
  const h = squareToQuad(corners)
  const empty = [...puzzle].flatMap((d, cell) => (d === '0' ? [cell] : []))
  const quads = empty.map((cell) => cellQuad(h, cell))
  const changedPerCell = new Map<number, number>()
  let outside = 0
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      const i = (y * photo.width + x) * 3
      const diff = Math.max(...[0, 1, 2].map((k) => Math.abs(photo.data[i + k] - exported.data[i + k])))
      if (diff < 48) continue
      const hit = quads.findIndex((q) => [0, 1, -1].some((dx) => [0, 1, -1].some((dy) => insideQuad(q, { x: x + dx, y: y + dy }))))
      if (hit < 0) outside++
      else changedPerCell.set(empty[hit], (changedPerCell.get(empty[hit]) ?? 0) + 1)
    }
  }
  expect(outside).toBe(0)
  expect(empty.filter((cell) => !changedPerCell.has(cell))).toEqual([])
}

/** A newspaper page solved in part: 29 printed givens, 5 digits in pen and 8 cells of pencil marks (tests/e2e/paper.test.ts). */
const PEN_PAGE = hasPenPhotos('train') ? listPenPhotos('train').find((p) => p.name === '02_24_iphone_14_1') : undefined

/**
 * The solution drawn on a page in progress: pixels that differ clearly between the photo and the
 * export lie in cells the paper leaves empty, or in the lower right quarter of a pencilled cell (a
 * smaller digit beside the marks, written from the top left), a pixel of slack for anti-aliasing;
 * none in a cell holding a printed or pen digit. Every empty and every pencilled cell gets some.
 */
function checkDrawnAroundTheInk(photo: Raw, exported: Raw, corners: Corners, labels: ArrayLike<number>): void {
  expect([exported.width, exported.height]).toEqual([photo.width, photo.height])
  const back = invertHomography(squareToQuad(corners))!
  /** Where `x, y` falls: its cell and its place in the cell (0..1 each way), or null outside the grid. */
  const place = (x: number, y: number) => {
    const { x: u, y: v } = applyHomography(back, { x, y })
    if (u < 0 || v < 0 || u >= 1 || v >= 1) return null
    return { cell: Math.floor(v * 9) * 9 + Math.floor(u * 9), fx: (u * 9) % 1, fy: (v * 9) % 1 }
  }
  const allowed = (x: number, y: number): number | null => {
    for (const [dx, dy] of [0, 1, -1].flatMap((dx) => [0, 1, -1].map((dy) => [dx, dy]))) {
      const at = place(x + dx, y + dy)
      if (!at) continue
      const label = labels[at.cell]
      const aside = at.fx >= 0.5 && at.fy >= 0.5
      if (label === 0 || (label === MARKS_LABEL && aside)) return at.cell
    }
    return null
  }
  const changed = new Set<number>()
  const wrong = new Map<string, number>()
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      const i = (y * photo.width + x) * 3
      const diff = Math.max(
        Math.abs(photo.data[i] - exported.data[i]),
        Math.abs(photo.data[i + 1] - exported.data[i + 1]),
        Math.abs(photo.data[i + 2] - exported.data[i + 2]),
      )
      if (diff < 48) continue
      const cell = allowed(x, y)
      if (cell !== null) {
        changed.add(cell)
        continue
      }
      const at = place(x, y)
      const why = !at ? 'outside the grid' : labels[at.cell] === MARKS_LABEL ? `pencil marks of cell ${at.cell}` : `digit of cell ${at.cell}`
      wrong.set(why, (wrong.get(why) ?? 0) + 1)
    }
  }
  expect(Object.fromEntries(wrong)).toEqual({})
  const toDraw = Array.from(labels).flatMap((label, cell) => (label === 0 || label === MARKS_LABEL ? [cell] : []))
  expect(toDraw.filter((cell) => !changed.has(cell))).toEqual([])
}

/** Each cell of a 900-pixel clean PNG by the colour of its digit: the solution's green, the player's blue, ink, or blank. */
async function cellColours(png: Buffer): Promise<('solution' | 'user' | 'ink' | 'blank')[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const { margin, cell } = cleanGridLayout(info.width)
  return Array.from({ length: 81 }, (_, c) => {
    const counts = { solution: 0, user: 0, ink: 0 }
    // The middle of the cell, clear of the grid lines.
    for (let y = Math.round(margin + Math.floor(c / 9) * cell + cell * 0.2); y < margin + Math.floor(c / 9) * cell + cell * 0.8; y++) {
      for (let x = Math.round(margin + (c % 9) * cell + cell * 0.2); x < margin + (c % 9) * cell + cell * 0.8; x++) {
        const i = (y * info.width + x) * 3
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]]
        if (g > 100 && r < 60 && b < 90) counts.solution++
        else if (b > 150 && r < 80 && g < 130) counts.user++
        else if (r < 40 && g < 40 && b < 40) counts.ink++
      }
    }
    const [top, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]
    return n > 50 ? (top as 'solution' | 'user' | 'ink') : 'blank'
  })
}

/** Solves the board read, saves the photo with the solution drawn in, and says where the grid lies in it. */
async function solveAndExportOverlay(page: Page): Promise<{ corners: Corners; download: Download }> {
  await page.click('[data-testid="solve"]')
  await page.waitForSelector('[data-solved="true"]')
  await page.click('[data-testid="export-toggle"]')
  await page.check('[data-testid="export-overlay"]')
  const corners = JSON.parse((await page.getAttribute('[data-testid="cell-crop"]', 'data-corners')) as string) as Corners
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-save"]')])
  return { corners, download }
}

describe('export from the app', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await openApp()
  })

  afterAll(async () => {
    expect(app.remoteRequests).toEqual([])
    await app?.close()
  })

  it("saves the player's own digits in the clean PNG, before solving as sudoku.png and after as sudoku-solved.png", async () => {
    const { page } = app
    await pastePuzzle(page, PUZZLE)
    const solution = solve(parsePuzzle(PUZZLE)).solution!
    const empty = [...PUZZLE].flatMap((d, cell) => (d === '0' ? [cell] : []))
    // Two digits of the player's: one right, one wrong (r1c3 is 4: a 1 there clashes with nothing).
    const [right, wrong] = [empty[1], empty[0]]
    const wrongDigit = 1
    expect([PUZZLE.slice(0, 9).includes('1'), solution[wrong]]).toEqual([false, 4])
    for (const [cell, digit] of [
      [right, solution[right]],
      [wrong, wrongDigit],
    ]) {
      await page.click(`[data-cell="${cell}"]`)
      await page.keyboard.press(String(digit))
    }
    const save = async (name: string) => {
      await page.click('[data-testid="export-toggle"]')
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-save"]')])
      await page.keyboard.press('Escape')
      expect(download.suggestedFilename()).toBe(name)
      return cellColours(readFileSync(await download.path()))
    }

    const before = await save('sudoku.png')
    // The player's digits in their blue, every other empty cell blank, and no solution anywhere.
    expect([before[right], before[wrong]]).toEqual(['user', 'user'])
    expect(empty.filter((cell) => cell !== right && cell !== wrong).map((cell) => before[cell])).toEqual(new Array(empty.length - 2).fill('blank'))
    expect(before.filter((c) => c === 'solution')).toEqual([])

    await page.click('[data-testid="solve"]')
    await page.waitForSelector('[data-solved="true"]')
    const after = await save('sudoku-solved.png')
    // Solved: the player's digits still theirs (the wrong one kept, as the board shows it), the solution in the rest.
    expect([after[right], after[wrong]]).toEqual(['user', 'user'])
    expect(empty.filter((cell) => cell !== right && cell !== wrong).map((cell) => after[cell])).toEqual(new Array(empty.length - 2).fill('solution'))
  })

  it('saves a clean PNG of a typed and solved puzzle', async () => {
    const { page } = app
    await pastePuzzle(page, PUZZLE)
    await page.click('[data-testid="solve"]')
    await page.waitForSelector('[data-solved="true"]')
    await page.click('[data-testid="export-toggle"]')
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-save"]')])
    await page.keyboard.press('Escape')
    const png = readFileSync(await download.path())
    const meta = await sharp(png).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 900, 900])
    // Solution digits are green, givens ink: both colours are present.
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    let green = 0
    let ink = 0
    for (let i = 0; i < data.length; i += 3) {
      if (data[i + 1] > 100 && data[i] < 60 && data[i + 2] < 90) green++
      if (data[i] < 40 && data[i + 1] < 40 && data[i + 2] < 40) ink++
    }
    expect(green).toBeGreaterThan(2000)
    expect(ink).toBeGreaterThan(2000)
  })

  it('saves the photo with the solution drawn into the empty cells only', async () => {
    const { page } = app
    await dropFile(page, READABLE_PHOTO)
    expect(await waitForRead(page)).toMatch(/^Read \d+ givens/)
    const { corners, download } = await solveAndExportOverlay(page)
    const exported = await decode(readFileSync(await download.path()))
    checkOnlyEmptyCellsChanged(await decode(READABLE_PHOTO), exported, corners, groundTruth(READABLE_PHOTO))
    await page.keyboard.press('Escape')
  })

  it.skipIf(!PEN_PAGE)('draws the solution on a page in progress around its pen digits, smaller among its pencil marks', async () => {
    const { page } = app
    await dropFile(page, PEN_PAGE!.jpg)
    expect(await waitForRead(page, 120_000)).toMatch(/^Read 29 givens, 5 of your digits and 8 cells of pencil marks/)
    const { corners, download } = await solveAndExportOverlay(page)
    expect(download.suggestedFilename()).toBe('sudoku-solved-photo.png')
    await page.keyboard.press('Escape')
    checkDrawnAroundTheInk(await decode(PEN_PAGE!.jpg), await decode(readFileSync(await download.path())), corners, PEN_PAGE!.labels)
  })

  it('never draws another puzzle on the photo: after loading a new one, the export is the clean grid', async () => {
    const { page } = app
    // The board still comes from the photo (previous test); now another puzzle replaces it.
    await pastePuzzle(page, PUZZLE)
    await page.keyboard.press('s')
    await page.waitForSelector('[data-solved="true"]')
    await page.click('[data-testid="export-toggle"]')
    expect(await page.isDisabled('[data-testid="export-overlay"]')).toBe(true)
    expect(await page.textContent('[data-testid="overlay-why"]')).toMatch(/Only for a puzzle read from a photo/)
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-save"]')])
    expect(download.suggestedFilename()).toBe('sudoku-solved.png')
    const meta = await sharp(readFileSync(await download.path())).metadata()
    expect([meta.width, meta.height]).toEqual([900, 900])
    // Undo takes off the solve, then goes back to the photo's game, and with it the photo export.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Control+z')
    await expect.poll(() => page.locator('[data-solved="true"]').count()).toBe(0)
    await page.keyboard.press('Control+z')
    await page.waitForSelector('[data-testid="read-photo"]')
    await page.keyboard.press('s')
    await page.waitForSelector('[data-solved="true"]')
    await page.click('[data-testid="export-toggle"]')
    expect(await page.isDisabled('[data-testid="export-overlay"]')).toBe(false)
  })
})

describe('sudoku-lens export (CLI)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-lens-export-'))
  const cli = (...args: string[]) => promisify(execFile)('npx', ['tsx', 'src/cli/index.ts', 'export', ...args], { cwd: join(import.meta.dirname, '../..') })

  it('writes a clean grid', async () => {
    const out = join(dir, 'clean.png')
    await cli(READABLE_PHOTO, '--out', out, '--mode', 'clean', '--size', '450')
    const meta = await sharp(out).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 450, 450])
  })

  it('writes the photo with the solution in its empty cells, read and located by the pipeline', async () => {
    const out = join(dir, 'overlay.png')
    const { stdout } = await cli(READABLE_PHOTO, '--out', out, '--mode', 'overlay', '--json')
    const report = JSON.parse(stdout) as { grid: string; corners: [number, number][] }
    expect(report.grid).toBe(groundTruth(READABLE_PHOTO))
    const corners = report.corners.map(([x, y]) => ({ x, y })) as unknown as Corners
    checkOnlyEmptyCellsChanged(await decode(READABLE_PHOTO), await decode(out), corners, report.grid)
  })

  it.skipIf(!PEN_PAGE)('draws on a page in progress as the app does: around the pen digits, smaller among the pencil marks', async () => {
    const out = join(dir, 'pen-overlay.png')
    const { stdout } = await cli(PEN_PAGE!.jpg, '--out', out, '--mode', 'overlay', '--json')
    const report = JSON.parse(stdout) as { grid: string; entries: string; corners: [number, number][] }
    // The pen digits are the person's, not part of the puzzle.
    const digits = Array.from(PEN_PAGE!.labels, (l) => (l === MARKS_LABEL ? 0 : l)).join('')
    expect([...report.grid].filter((d) => d !== '0')).toHaveLength(29)
    expect([...report.grid].map((d, i) => (d !== '0' ? d : report.entries[i])).join('')).toBe(digits)
    const corners = report.corners.map(([x, y]) => ({ x, y })) as unknown as Corners
    checkDrawnAroundTheInk(await decode(PEN_PAGE!.jpg), await decode(out), corners, PEN_PAGE!.labels)
  })
})
