/**
 * A game in progress pasted in the formats players share, and "Copy state" writing them back: the
 * givens stay givens, the player's digits theirs, the pencil marks theirs, and hints see all three.
 */
import { describe, expect, it } from 'vitest'
import { readState, writeState } from '../../src/shared/sudoku/formats'
import { filledGrid } from '../../src/shared/sudoku/state'
import { boardDigits, pastePuzzle, useApp } from './browser'

// HoDoKu's BUG+1 example as a library line: givens, + placed digits, deleted candidates; r6c5 is 1.
const BUG_LINE = ':0610::8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149+87+2566+2+5..+3+7+8+9::565 965::'
const STATE = readState(BUG_LINE).state

const app = useApp()

describe('pasting and copying a state', () => {
  it("loads a HoDoKu library line with the player's digits and pencil marks", async () => {
    const { page } = app()
    await pastePuzzle(page, BUG_LINE)
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/^Loaded the pasted puzzle: \d+ givens, \d+ of your digits and your pencil marks\./)
    expect(await boardDigits(page)).toBe(Array.from(filledGrid(STATE)).join(''))
    // r6c5 (cell 49) keeps its three candidates; the hint sees the marks and the digits together.
    expect(await page.getAttribute('[data-cell="49"]', 'data-marks')).toBe('159')
    await page.click('[data-testid=hint]')
    await expect.poll(() => page.textContent('[data-testid=hint-text]')).toBe('Look for a BUG+1.')
  })

  it('copies the state as a library line, and as a SudokuWiki board that pastes back the same', async () => {
    const { page } = app()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
    await page.click('[data-testid=copy-state]')
    const line = writeState(STATE, 'hodoku-library')
    await expect.poll(() => page.inputValue('[data-testid=copied-state]')).toBe(line)
    const clipboard = () => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()
    expect(await page.evaluate(clipboard)).toBe(line)

    await page.selectOption('[data-testid=copy-state-format]', 'sudokuwiki')
    await page.click('[data-testid=copy-state]')
    const packed = await page.inputValue('[data-testid=copied-state]')
    expect(packed).toMatch(/^[0-9a-v]{162}$/)
    await pastePuzzle(page, packed)
    expect(await boardDigits(page)).toBe(Array.from(filledGrid(STATE)).join(''))
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
