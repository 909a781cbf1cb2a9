/**
 * A game in progress pasted in the formats players share, and "Copy state" writing them back: the
 * givens stay givens, the player's digits theirs, the pencil marks theirs, and hints see all three.
 */
import { describe, expect, it } from 'vitest'
import { readState, writeState } from '../../src/shared/sudoku/formats'
import { digitsOf } from '../../src/shared/sudoku/board'
import { filledGrid } from '../../src/shared/sudoku/state'
import { boardDigits, pastePuzzle, useApp } from '../../devkit/browser'

// HoDoKu's BUG+1 example as a library line: givens, + placed digits, deleted candidates; r6c5 is 1.
const BUG_LINE =
  ':0610::8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149+87+2566+2+5..+3+7+8+9::565 965::'
const STATE = readState(BUG_LINE).state
const UR2 =
  ':0601:12:....6..2.394...7..2.+6..41....2....4..6.8........6.9....4...739...1.8...2.+2....51.:114 116 819 829 839 849 869 574 575 581 582 495:514 516 526 528 529 534 535::'

const app = useApp()

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
})
