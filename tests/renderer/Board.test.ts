import { cleanup, fireEvent, render } from '@testing-library/svelte'
import { afterEach, describe, expect, it } from 'vitest'
import Board from '../../src/renderer/src/components/Board.svelte'
import { PuzzleSession } from '../../src/renderer/src/state/PuzzleSession.svelte'

const cellText = (container: HTMLElement, cell: number) => container.querySelector(`[data-cell="${cell}"]`)?.textContent

afterEach(cleanup)

describe('Board', () => {
  it('moves with arrows and Tab, sets and clears digits from the keyboard', async () => {
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
    await fireEvent.keyDown(grid, { key: 'Tab', shiftKey: true })
    expect(session.selected).toBe(72)
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
