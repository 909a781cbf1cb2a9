/**
 * "Check my paper" on a pasted puzzle with digits typed in: the three levels, one per press, the
 * wrong cell marked on the board at the last, and pencil marks checked once every digit is right.
 * With two wrong digits the last level names both, and once one is fixed the next press names the
 * other at once (the check used to name only the first, press after press).
 */
import { describe, expect, it } from 'vitest'
import { boxOf, candidatesOf, cellName, colOf, digitsOf, rowOf } from '../../src/shared/sudoku/board'
import { parsePuzzle } from '../../src/shared/sudoku/format'
import { solve } from '../../src/shared/sudoku/solver'
import { boardDigits, pastePuzzle, useApp } from '../../devkit/browser'

// An easy puzzle from the Sudoku Exchange bank (public domain).
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'

const app = useApp()

describe('check my paper', () => {
  const grid = parsePuzzle(EASY)
  const solution = solve(grid).solution!
  const cands = candidatesOf(grid)
  const empty = [...grid.keys()].filter((c) => !grid[c])
  // A wrong digit its peers allow (no clash shows it), and a right digit typed before it.
  const wrongCell = empty.find((c) => digitsOf(cands[c]).length > 1)!
  const wrongDigit = digitsOf(cands[wrongCell]).find((d) => d !== solution[wrongCell])!
  const rightCell = empty.find((c) => c !== wrongCell)!

  it('tells one level more per press and marks the cell at the last', async () => {
    const { page } = app()
    await pastePuzzle(page, EASY)
    await page.click(`[data-cell="${rightCell}"]`)
    await page.keyboard.press(String(solution[rightCell]))
    await page.click(`[data-cell="${wrongCell}"]`)
    await page.keyboard.press(String(wrongDigit))
    expect(await page.locator('[data-conflict="true"]').count()).toBe(0)

    const checkText = () => page.textContent('[data-testid=check-text]')
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe('There is a mistake on your paper.')
    expect(await page.locator('[data-cell].mistake').count()).toBe(0)
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe(`There is a mistake in box ${boxOf(wrongCell) + 1}.`)
    expect(await page.locator('[data-cell].hint-cell').count()).toBe(9)
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe(`${cellName(wrongCell)} should not be ${wrongDigit}.`)
    expect(await page.getAttribute('[data-cell].mistake', 'data-cell')).toBe(String(wrongCell))
    expect(await page.getAttribute(`[data-cell="${wrongCell}"]`, 'aria-label')).toMatch(/, mistake$/)
  })

  it('starts over once the board changes, and finds nothing wrong when the digit is fixed', async () => {
    const { page } = app()
    await page.click(`[data-cell="${wrongCell}"]`)
    await page.keyboard.press(String(solution[wrongCell]))
    expect(await page.locator('[data-testid=check-text]').count()).toBe(0)
    await page.keyboard.press('c')
    await expect.poll(() => page.textContent('[data-testid=check-text]')).toMatch(/^No mistakes so far/)
  })

  it('points at pencil marks that leave out the right digit', async () => {
    const { page } = app()
    const cell = empty.find((c) => c !== wrongCell && c !== rightCell)!
    const other = digitsOf(cands[cell]).find((d) => d !== solution[cell])!
    await page.click(`[data-cell="${cell}"]`)
    await page.keyboard.press(`Shift+Digit${other}`)
    expect(await page.getAttribute(`[data-cell="${cell}"]`, 'data-marks')).toBe(String(other))
    expect((await boardDigits(page))[cell]).toBe('0')
    await page.click('[data-testid=check]')
    await expect.poll(() => page.textContent('[data-testid=check-text]')).toBe('Your digits are right, but there is a mistake in your pencil marks.')
    await page.click('[data-testid=check]')
    await page.click('[data-testid=check]')
    await expect.poll(() => page.textContent('[data-testid=check-text]')).toBe(`The pencil marks in ${cellName(cell)} leave out the digit that belongs there.`)
    expect(app().pageErrors).toEqual([])
  })

  it('names every wrong digit at the last level, then the ones left once one is fixed', async () => {
    const { page } = app()
    await pastePuzzle(page, EASY)
    // A second wrong digit in another row, column and box, so neither clashes with the other.
    const apart = (c: number) => rowOf(c) !== rowOf(wrongCell) && colOf(c) !== colOf(wrongCell) && boxOf(c) !== boxOf(wrongCell)
    const secondCell = empty.find((c) => c > wrongCell && apart(c) && digitsOf(cands[c]).length > 1)!
    const secondDigit = digitsOf(cands[secondCell]).find((d) => d !== solution[secondCell])!
    for (const [cell, digit] of [
      [wrongCell, wrongDigit],
      [secondCell, secondDigit],
    ]) {
      await page.click(`[data-cell="${cell}"]`)
      await page.keyboard.press(String(digit))
    }
    expect(await page.locator('[data-conflict="true"]').count()).toBe(0)

    const checkText = () => page.textContent('[data-testid=check-text]')
    const marked = () => page.$$eval('[data-cell].mistake', (cells) => cells.map((c) => Number(c.getAttribute('data-cell'))))
    const [first, second] = [`${cellName(wrongCell)} should not be ${wrongDigit}`, `${cellName(secondCell)} should not be ${secondDigit}`]
    const boxes = [boxOf(wrongCell) + 1, boxOf(secondCell) + 1].sort((a, b) => a - b)
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe('There are 2 mistakes on your paper.')
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe(`There are 2 mistakes, in boxes ${boxes[0]} and ${boxes[1]}.`)
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe(`2 mistakes: ${first} and ${second}.`)
    expect(await marked()).toEqual([wrongCell, secondCell])
    // Pressed again on the same paper, it still names both.
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe(`2 mistakes: ${first} and ${second}.`)

    // The first fixed: the next press goes on with the one left, at the level already reached.
    await page.click(`[data-cell="${wrongCell}"]`)
    await page.keyboard.press(String(solution[wrongCell]))
    expect(await page.locator('[data-testid=check-text]').count()).toBe(0)
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe(`${second}.`)
    expect(await marked()).toEqual([secondCell])

    // A new wrong digit is news: the check starts over from the vaguest.
    await page.click(`[data-cell="${wrongCell}"]`)
    await page.keyboard.press(String(wrongDigit))
    await page.click('[data-testid=check]')
    await expect.poll(checkText).toBe('There are 2 mistakes on your paper.')
    expect(app().pageErrors).toEqual([])
  })
})
