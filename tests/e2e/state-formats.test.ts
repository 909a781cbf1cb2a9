/**
 * A game in progress pasted in the formats players share, and "Copy state" writing them back: the
 * givens stay givens, the player's digits theirs, the pencil marks theirs, and hints see all three.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { readState, whatFormatDrops, writeState } from '../../src/shared/sudoku/formats'
import { bitCount, digitBit, digitsOf, peers } from '../../src/shared/sudoku/board'
import { boardOf, filledGrid } from '../../src/shared/sudoku/state'
import { boardDigits, pastePuzzle, useApp } from '../../devkit/browser'

// HoDoKu's BUG+1 example as a library line: givens, + placed digits, deleted candidates; r6c5 is 1.
const BUG_LINE =
  ':0610::8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149+87+2566+2+5..+3+7+8+9::565 965::'
const STATE = readState(BUG_LINE).state
const UR2 =
  ':0601:12:....6..2.394...7..2.+6..41....2....4..6.8........6.9....4...739...1.8...2.+2....51.:114 116 819 829 839 849 869 574 575 581 582 495:514 516 526 528 529 534 535::'

const app = useApp()

/** Every cell's digit, whether it is a given, and its pencil marks, as the board shows them. */
async function boardCells(page: Page): Promise<string[]> {
  return page.$$eval('[data-cell]', (cells) =>
    cells
      .sort((a, b) => Number(a.getAttribute('data-cell')) - Number(b.getAttribute('data-cell')))
      .map((cell) => `${cell.textContent?.trim() || '.'} ${cell.getAttribute('data-given') ?? ''} ${cell.getAttribute('data-marks') ?? ''}`),
  )
}

/** Removes the player's pencil marks of `digits` from `cell` (Shift+digit toggles one). */
/** Sets a cell's pencil marks to `mask`: Delete clears them, Shift+digit adds each. */
async function setMarks(page: Page, cell: number, mask: number): Promise<void> {
  await page.click(`[data-cell="${cell}"]`)
  await page.keyboard.press('Delete')
  for (const digit of digitsOf(mask)) await page.keyboard.press(`Shift+Digit${digit}`)
}

async function copyAs(page: Page, format: string): Promise<string> {
  await page.selectOption('[data-testid=copy-state-format]', format)
  await page.click('[data-testid=copy-state]')
  await expect.poll(() => page.locator('[data-testid=copied-state]').count()).toBe(1)
  return page.inputValue('[data-testid=copied-state]')
}

describe('pasting and copying a state', () => {
  it("loads a HoDoKu library line with the player's digits; the hint sees them", async () => {
    const { page } = app()
    await pastePuzzle(page, BUG_LINE)
    await expect.poll(() => page.textContent('[data-testid=status]')).toBe('Loaded the pasted puzzle: 24 givens, 44 of your digits. Press Solve, or play.')
    expect(await boardDigits(page)).toBe(Array.from(filledGrid(STATE)).join(''))
    await page.click('[data-testid=hint]')
    await expect.poll(() => page.textContent('[data-testid=hint-text]')).toBe('Look for a BUG+1.')
  })

  it('loads the candidates a library line deleted as the player removed them', async () => {
    const { page } = app()
    // HoDoKu's second unique rectangle type 2 example: 114 and 116 delete 1 from r1c4 and r1c6.
    await pastePuzzle(page, UR2)
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/^Loaded the pasted puzzle: \d+ givens, 2 of your digits and your pencil marks\./)
    const marks = readState(UR2).state.candidates!
    expect(await page.getAttribute('[data-cell="3"]', 'data-marks')).toBe(digitsOf(marks[3]).join(''))
    expect(await page.getAttribute('[data-cell="3"]', 'data-marks')).not.toContain('1')
  })

  it('copies the state as a library line, and as a SudokuWiki board that pastes back the same', async () => {
    const { page } = app()
    // The state the last test loaded: givens, two digits of the player's and deleted candidates.
    const state = readState(UR2).state
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
    await page.click('[data-testid=copy-state]')
    const line = writeState(state, 'hodoku-library')
    expect(line).toMatch(/:114 116 819 /)
    await expect.poll(() => page.inputValue('[data-testid=copied-state]')).toBe(line)
    const clipboard = () => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()
    expect(await page.evaluate(clipboard)).toBe(line)

    await page.selectOption('[data-testid=copy-state-format]', 'sudokuwiki')
    await page.click('[data-testid=copy-state]')
    const packed = await page.inputValue('[data-testid=copied-state]')
    expect(packed).toMatch(/^[0-9a-v]{162}$/)
    await pastePuzzle(page, packed)
    expect(await boardDigits(page)).toBe(Array.from(filledGrid(state)).join(''))
    await page.selectOption('[data-testid=copy-state-format]', 'hodoku-library')
    await page.click('[data-testid=copy-state]')
    await expect.poll(() => page.inputValue('[data-testid=copied-state]')).toBe(line)
  })

  it('says in one line why a pasted state cannot be read', async () => {
    const { page } = app()
    await pastePuzzle(page, ':0000:x:12+3::')
    await expect.poll(() => page.textContent('[data-testid=status]')).toBe('The puzzle field has 3 cells; a library line needs 81.')
  })

  it('copies givens, digits and marks with a one-mark cell as a SudokuWiki board and pastes back the same board', async () => {
    const { page } = app()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
    // UR2: givens, two digits of the player's, and marks. r1c1 keeps 5 alone; r1c2 (1578) still
    // has 5, so the board shows r1c1 open, not solved.
    await pastePuzzle(page, UR2)
    await setMarks(page, 0, digitBit(5))
    expect(await page.getAttribute('[data-cell="0"]', 'data-marks')).toBe('5')
    const before = await boardCells(page)
    const packed = await copyAs(page, 'sudokuwiki')
    await expect.poll(() => page.textContent('[data-testid=status]')).toBe('Copied the board as a SudokuWiki board (162 characters).')
    await pastePuzzle(page, packed)
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/^Loaded the pasted puzzle: \d+ givens, 2 of your digits and your pencil marks\./)
    expect(await boardCells(page)).toEqual(before)
    expect(await page.getAttribute('[data-cell="0"]', 'data-marks')).toBe('5')
  })

  it('says on copying what a format leaves out: a lone mark SudokuWiki shows as a placed digit, the digits only', async () => {
    const { page } = app()
    await pastePuzzle(page, UR2)
    // r1c1 keeps 5 alone, and no peer of two or more marks keeps 5: the board cannot tell it from a placed 5.
    const state = readState(UR2).state
    const { grid, candidates } = boardOf(state)
    const marks = Uint16Array.from(candidates)
    for (const peer of peers[0]) {
      if (grid[peer] || !(candidates[peer] & digitBit(5)) || bitCount(candidates[peer]) < 2) continue
      await setMarks(page, peer, candidates[peer] & ~digitBit(5))
      marks[peer] &= ~digitBit(5)
    }
    await setMarks(page, 0, digitBit(5))
    marks[0] = digitBit(5)
    const leftOut = whatFormatDrops({ ...state, candidates: marks }, 'sudokuwiki')
    expect(leftOut).toMatch(/^Pasted back, the lone pencil marks? in r1c1\b/)
    await copyAs(page, 'sudokuwiki')
    await expect.poll(() => page.textContent('[data-testid=status]')).toBe(`Copied the board as a SudokuWiki board (162 characters). ${leftOut}`)
    await copyAs(page, 'digits')
    await expect
      .poll(() => page.textContent('[data-testid=status]'))
      .toBe('Copied the board as digits (81 characters). Pasted back, your 2 digits become givens and your pencil marks are left out.')
  })

  it('loads a puzzle pasted while the read-only copy box has the focus', async () => {
    const { page } = app()
    await copyAs(page, 'hodoku-library')
    await page.focus('[data-testid=copied-state]')
    const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
    await page.evaluate((pasted) => {
      const doc = (globalThis as unknown as { document: { activeElement: { dispatchEvent(e: unknown): void } } }).document
      const { ClipboardEvent, DataTransfer } = globalThis as unknown as {
        ClipboardEvent: new (type: string, init: object) => { clipboardData: { setData(t: string, v: string): void } }
        DataTransfer: new () => unknown
      }
      const event = new ClipboardEvent('paste', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true })
      event.clipboardData.setData('text/plain', pasted)
      doc.activeElement.dispatchEvent(event)
    }, puzzle)
    await expect.poll(() => page.textContent('[data-testid=status]')).toBe('Loaded the pasted puzzle: 30 givens. Press Solve, or play.')
    expect(await boardDigits(page)).toBe(puzzle.replace(/\./g, '0'))
  })

  it('says in one line that a pasted sentence is not a puzzle', async () => {
    const { page } = app()
    await pastePuzzle(page, 'Hello, this is my puzzle from the paper today')
    await expect
      .poll(() => page.textContent('[data-testid=status]'))
      .toBe('This text is not a puzzle: expected 81 digits (0 or . for empty), 9 lines, a HoDoKu line or a SudokuWiki board.')
  })
})
