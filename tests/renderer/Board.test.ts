import { cleanup, fireEvent, render } from '@testing-library/svelte'
import { afterEach, describe, expect, it } from 'vitest'
import Board from '../../src/renderer/src/components/Board.svelte'
import { PuzzleSession } from '../../src/renderer/src/state/PuzzleSession.svelte'
import { paperOutcome } from './paper'

const cellText = (container: HTMLElement, cell: number) => container.querySelector(`[data-cell="${cell}"]`)?.textContent

afterEach(cleanup)

describe('Board', () => {
  it('moves with arrows, sets and clears digits from the keyboard, and lets Tab leave', async () => {
    const session = new PuzzleSession()
    const { container, getByRole } = render(Board, { session })
    const grid = getByRole('grid')
    await fireEvent.keyDown(grid, { key: '5' })
    await fireEvent.keyDown(grid, { key: 'ArrowRight' })
    await fireEvent.keyDown(grid, { key: '5' })
    expect(cellText(container, 0)).toBe('5')
    expect(cellText(container, 1)).toBe('5')
    expect(container.querySelectorAll('[data-conflict="true"]')).toHaveLength(2)
    await fireEvent.keyDown(grid, { key: 'Backspace' })
    expect(cellText(container, 1)).toBe('')
    expect(container.querySelectorAll('[data-conflict="true"]')).toHaveLength(0)
    await fireEvent.keyDown(grid, { key: 'ArrowUp' })
    expect(session.selected).toBe(73)
    await fireEvent.keyDown(grid, { key: 'ArrowLeft' })
    expect(session.selected).toBe(72)
    // Tab is the browser's: it moves focus out of the board (fireEvent returns false when prevented).
    expect(await fireEvent.keyDown(grid, { key: 'Tab' })).toBe(true)
    await fireEvent.keyDown(grid, { key: 'Home' })
    expect(session.selected).toBe(72)
  })

  it('is a grid of 9 rows of 9 cells named by row and column, one Tab stop that follows the selection', async () => {
    const session = new PuzzleSession()
    const { container, getByRole, getAllByRole } = render(Board, { session })
    const rows = getAllByRole('row')
    expect(rows).toHaveLength(9)
    expect(rows.every((row) => row.querySelectorAll('[role="gridcell"]').length === 9)).toBe(true)
    expect(rows[2].querySelectorAll('[role="gridcell"]')[4].getAttribute('aria-label')).toBe('Row 3, column 5, empty')
    const tabStops = () => [...container.querySelectorAll('[tabindex="0"]')].map((element) => element.getAttribute('data-cell'))
    expect(tabStops()).toEqual(['0'])
    ;(container.querySelector('[data-cell="0"]') as HTMLElement).focus()
    await fireEvent.keyDown(getByRole('grid'), { key: 'ArrowDown' })
    expect(tabStops()).toEqual(['9'])
    expect(document.activeElement?.getAttribute('data-cell')).toBe('9')
    // Tab is left to the browser, so it leaves the board.
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })
    document.activeElement?.dispatchEvent(tab)
    expect(tab.defaultPrevented).toBe(false)
  })

  it('lights every cell holding the selected digit', async () => {
    const session = new PuzzleSession()
    session.load(Uint8Array.from('5'.padEnd(40, '0') + '5'.padEnd(41, '0'), Number), 'test')
    const { container } = render(Board, { session })
    const lit = () => [...container.querySelectorAll('[data-same-digit="true"]')].map((element) => element.getAttribute('data-cell'))
    expect(lit()).toEqual(['0', '40'])
    session.selected = 1
    await Promise.resolve()
    expect(lit()).toEqual([])
  })

  it('writes pencil marks for plain digits in pencil mode', async () => {
    const session = new PuzzleSession()
    session.pencilMode = true
    const { container, getByRole } = render(Board, { session })
    await fireEvent.keyDown(getByRole('grid'), { key: '3' })
    await fireEvent.keyDown(getByRole('grid'), { key: '7' })
    expect(container.querySelector('[data-cell="0"]')?.getAttribute('data-marks')).toBe('37')
    expect(cellText(container, 0)).toBe('')
  })

  it('marks givens and keeps them when playing', async () => {
    const session = new PuzzleSession()
    const grid = new Uint8Array(81)
    grid[40] = 9
    session.load(grid, 'test')
    const { container, getByRole } = render(Board, { session })
    expect(container.querySelector('[data-cell="40"]')?.getAttribute('data-given')).toBe('true')
    session.selected = 40
    await fireEvent.keyDown(getByRole('grid'), { key: 'Delete' })
    expect(cellText(container, 40)).toBe('9')
    // Screen readers hear that the given cannot be changed while playing.
    expect(container.querySelector('[data-cell="40"]')?.getAttribute('aria-readonly')).toBe('true')
    expect(container.querySelector('[data-cell="41"]')?.hasAttribute('aria-readonly')).toBe(false)
    session.selected = 41
    await fireEvent.keyDown(getByRole('grid'), { key: '3' })
    expect(container.querySelector('[data-cell="41"]')?.hasAttribute('data-given')).toBe(false)
  })

  it('undoes and redoes with Ctrl+Z and Ctrl+Y', async () => {
    const session = new PuzzleSession()
    const { container, getByRole } = render(Board, { session })
    const grid = getByRole('grid')
    await fireEvent.keyDown(grid, { key: '4' })
    await fireEvent.keyDown(grid, { key: 'z', ctrlKey: true })
    expect(cellText(container, 0)).toBe('')
    await fireEvent.keyDown(grid, { key: 'y', ctrlKey: true })
    expect(cellText(container, 0)).toBe('4')
  })
})

describe('Board with a page read from a photo', () => {
  // r1c1 (0) is 3 and r1c3 (2) is 9; r1c2 (1) is a printed 8, r2c3 (11) holds marks 6 8.
  const outcome = () =>
    paperOutcome({
      entries: { 0: 3, 2: 1, 32: 3 },
      marks: { 11: [6, 8], 12: [] },
      confidence: { 32: 0.55, 19: 0.5 },
      repaired: [1],
      informed: [0],
    })
  const label = (container: HTMLElement, cell: number) => container.querySelector(`[data-cell="${cell}"]`)?.getAttribute('aria-label')
  const attr = (container: HTMLElement, cell: number, name: string) => container.querySelector(`[data-cell="${cell}"]`)?.getAttribute(name)

  it('tells givens, pen entries and typed digits apart, and marks doubtful reads on the board', async () => {
    const session = new PuzzleSession()
    session.loadPaper(outcome(), 'read')
    const { container, getByRole } = render(Board, { session })
    expect(attr(container, 32, 'data-origin')).toBe('pen')
    expect(container.querySelector('[data-cell="32"]')?.classList.contains('pen')).toBe(true)
    expect(attr(container, 32, 'data-doubt')).toBe('low-confidence')
    expect(label(container, 32)).toBe('Row 4, column 6, 3 written in pen, read 55% sure')
    expect(attr(container, 1, 'data-doubt')).toBe('repaired')
    expect(label(container, 1)).toBe('Row 1, column 2, 8 printed, chosen by the Sudoku rules, read 99% sure')
    expect(attr(container, 0, 'data-doubt')).toBe('informed')
    expect(label(container, 0)).toBe('Row 1, column 1, 3 written in pen, decided by the solution, read 99% sure')
    // An empty cell the reader was unsure of is marked too: a digit may have been missed.
    expect(attr(container, 19, 'data-doubt')).toBe('low-confidence')
    expect(label(container, 19)).toBe('Row 3, column 2, empty, read 50% sure')
    expect(label(container, 4)).toBe('Row 1, column 5, empty')
    expect(container.querySelectorAll('[data-doubt]')).toHaveLength(4)
    // A digit typed over an entry is the player's own, no longer doubtful.
    session.selected = 32
    await fireEvent.keyDown(getByRole('grid'), { key: '4' })
    expect(attr(container, 32, 'data-origin')).toBe('typed')
    expect(attr(container, 32, 'data-doubt')).toBeNull()
    expect(label(container, 32)).toBe('Row 4, column 6, 4 entered by you')
  })

  it('draws the read pencil marks small in their cells, and says where they could not be read', () => {
    const session = new PuzzleSession()
    session.loadPaper(outcome(), 'read')
    const { container } = render(Board, { session })
    const markCells = container.querySelectorAll('[data-testid="candidates"] .mark-cell')
    expect([...markCells[11].querySelectorAll('.mark.own')].map((m) => m.textContent).join('')).toBe('68')
    expect(markCells[12].querySelector('.unread-marks')).not.toBeNull()
    expect(attr(container, 11, 'data-marks')).toBe('68')
    expect(attr(container, 12, 'data-marks')).toBe('unread')
    expect(label(container, 11)).toBe('Row 2, column 3, empty, pencil marks 6 8')
    expect(label(container, 12)).toBe('Row 2, column 4, empty, pencil marks that could not be read')
    // The marks are not the cell's text: each cell's text stays its digit alone.
    expect(cellText(container, 11)).toBe('')
  })

  it('corrects a misread given in place, keeps it a given and shows the change', async () => {
    const session = new PuzzleSession()
    session.loadPaper(outcome(), 'read')
    const { container, getByRole } = render(Board, { session })
    session.selected = 1
    await fireEvent.keyDown(getByRole('grid'), { key: '6' })
    expect(cellText(container, 1)).toBe('6')
    expect(attr(container, 1, 'data-given')).toBe('true')
    expect(attr(container, 1, 'data-corrected')).toBe('true')
    expect(label(container, 1)).toBe('Row 1, column 2, 6 printed, corrected, read as printed 8')
    await fireEvent.keyDown(getByRole('grid'), { key: 'z', ctrlKey: true })
    expect(cellText(container, 1)).toBe('8')
    expect(attr(container, 1, 'data-corrected')).toBeNull()
  })

  it('writes pencil marks with Shift+digit', async () => {
    const session = new PuzzleSession()
    session.loadPaper(outcome(), 'read')
    const { container, getByRole } = render(Board, { session })
    session.selected = 12
    await fireEvent.keyDown(getByRole('grid'), { key: '$', code: 'Digit4', shiftKey: true })
    await fireEvent.keyDown(getByRole('grid'), { key: '%', code: 'Digit5', shiftKey: true })
    expect(attr(container, 12, 'data-marks')).toBe('45')
    expect(cellText(container, 12)).toBe('')
    await fireEvent.keyDown(getByRole('grid'), { key: '$', code: 'Digit4', shiftKey: true })
    expect(attr(container, 12, 'data-marks')).toBe('5')
  })
})
