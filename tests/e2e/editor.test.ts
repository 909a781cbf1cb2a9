import { describe, expect, it } from 'vitest'
import { boardDigits, useApp } from '../../devkit/browser'

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'

const app = useApp()

/** True when `solution` is a valid completed Sudoku that keeps every given of `puzzle`. */
function isSolutionOf(solution: string, puzzle: string): boolean {
  const units: number[][] = []
  for (let i = 0; i < 9; i++) {
    units.push([...Array(9)].map((_, j) => i * 9 + j))
    units.push([...Array(9)].map((_, j) => j * 9 + i))
    units.push([...Array(9)].map((_, j) => (Math.floor(i / 3) * 3 + Math.floor(j / 3)) * 9 + (i % 3) * 3 + (j % 3)))
  }
  const unitsOk = units.every((unit) => new Set(unit.map((c) => solution[c])).size === 9 && unit.every((c) => solution[c] !== '0'))
  return unitsOk && [...puzzle].every((ch, i) => ch === '.' || ch === '0' || ch === solution[i])
}

describe('board editor in web mode', () => {
  it('types a puzzle with the keyboard, solves it in the worker and shows every digit', async () => {
    const { page } = app()
    await page.click('[data-cell="0"]')
    // Type the puzzle cell by cell: digits set givens, the cursor moves with the arrows (a row wraps).
    for (const [index, ch] of [...PUZZLE].entries()) {
      if (ch !== '.') await page.keyboard.press(ch)
      await page.keyboard.press('ArrowRight')
      if (index % 9 === 8) await page.keyboard.press('ArrowDown')
    }
    expect(await boardDigits(page)).toBe(PUZZLE.replaceAll('.', '0'))
    expect(await page.locator('[data-given="true"]').count()).toBe(17)

    await page.click('[data-testid=solve]')
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/exactly one solution/)
    const shown = await boardDigits(page)
    expect(isSolutionOf(shown, PUZZLE)).toBe(true)
    expect(await page.locator('[data-solved="true"]').count()).toBe(81 - 17)
  })

  it('highlights a conflict live and explains it when solving', async () => {
    const { page } = app()
    await page.fill('[data-testid=puzzle-text]', `44${PUZZLE.slice(2)}`)
    await page.click('[data-testid=load-text]')
    expect(await page.locator('[data-conflict="true"]').count()).toBe(2)
    await page.click('[data-testid=solve]')
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/two 4s in row 1: r1c1 and r1c2/)
  })

  it('undoes and redoes edits with the keyboard', async () => {
    const { page } = app()
    await page.fill('[data-testid=puzzle-text]', PUZZLE)
    await page.click('[data-testid=load-text]')
    await page.click('[data-cell="1"]')
    await page.keyboard.press('7')
    expect(await page.textContent('[data-cell="1"]')).toBe('7')
    await page.keyboard.press('Control+z')
    expect(await page.textContent('[data-cell="1"]')).toBe('')
    await page.keyboard.press('Control+y')
    expect(await page.textContent('[data-cell="1"]')).toBe('7')
    // Givens are locked while playing.
    await page.click('[data-cell="0"]')
    await page.keyboard.press('Delete')
    expect(await page.textContent('[data-cell="0"]')).toBe('4')
  })

  it('says when a puzzle has several solutions', async () => {
    const { page } = app()
    await page.click('[data-testid=new]')
    await page.click('[data-cell="0"]')
    await page.keyboard.press('5')
    await page.click('[data-testid=solve]')
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/at least 2 solutions/)
  })

  it('saves the puzzle as a file the user downloads', async () => {
    const { page } = app()
    await page.fill('[data-testid=puzzle-text]', PUZZLE)
    await page.click('[data-testid=load-text]')
    await page.click('[data-testid=export-toggle]')
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=save-puzzle]')])
    const stream = await download.createReadStream()
    let text = ''
    for await (const chunk of stream) text += chunk
    expect(text.replace(/\n/g, '')).toBe(PUZZLE)
    expect(app().pageErrors).toEqual([])
  })
})
