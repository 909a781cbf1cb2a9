import { cleanup, fireEvent, render, waitFor } from '@testing-library/svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import Board from '../../src/renderer/src/components/Board.svelte'
import HintPanel from '../../src/renderer/src/components/HintPanel.svelte'
import { PuzzleSession } from '../../src/renderer/src/state/PuzzleSession.svelte'
import { PUZZLE, paperOutcome } from './paper'

// jsdom has no workers: the client runs the worker's own task function in place.
vi.mock('../../src/renderer/src/workers/SudokuClient', async () => {
  const { perform } = await import('../../src/renderer/src/workers/sudoku-tasks')
  class TaskCancelled extends Error {}
  class SudokuClient {
    busy = false
    run(task: Parameters<typeof perform>[0]): Promise<unknown> {
      return Promise.resolve(perform(task))
    }
    cancel(): void {}
  }
  return { SudokuClient, TaskCancelled }
})

afterEach(cleanup)

function setUp(spec: Parameters<typeof paperOutcome>[0]) {
  const session = new PuzzleSession()
  session.loadPaper(paperOutcome(spec), 'read')
  const panel = render(HintPanel, { session })
  const board = render(Board, { session })
  const text = (id: string) => panel.container.querySelector(`[data-testid="${id}"]`)?.textContent
  const press = (id: string) => fireEvent.click(panel.container.querySelector(`[data-testid="${id}"]`)!)
  return { session, panel, board, text, press }
}

describe('Check my paper', () => {
  it('tells one level more per press, and marks the cell at the last', async () => {
    // r1c1 (0) written right (3); r4c6 (32) written 3 where 4 belongs.
    const { board, text, press } = setUp({ entries: { 0: 3, 32: 3 } })
    await press('check')
    await waitFor(() => expect(text('check-text')).toBe('There is a mistake on your paper.'))
    expect(text('check')).toBe('Where is it?')
    expect(board.container.querySelectorAll('.hint-cell')).toHaveLength(0)
    await press('check')
    await waitFor(() => expect(text('check-text')).toBe('There is a mistake in box 5.'))
    expect(board.container.querySelectorAll('.hint-cell')).toHaveLength(9)
    expect(board.container.querySelectorAll('.mistake')).toHaveLength(0)
    await press('check')
    await waitFor(() => expect(text('check-text')).toBe('r4c6 should not be 3.'))
    expect(board.container.querySelector('.mistake')?.getAttribute('data-cell')).toBe('32')
    expect(board.container.querySelector('[data-cell="32"]')?.getAttribute('aria-label')).toMatch(/, mistake$/)
    expect(text('check')).toBe('Check my paper')
  })

  it('checks the board as it is now, digits typed since the read included, and starts over after an edit', async () => {
    const { session, text, press } = setUp({ entries: { 0: 3 } })
    await press('check')
    await waitFor(() => expect(text('check-text')).toMatch(/^No mistakes so far/))
    session.setDigit(32, 3)
    await waitFor(() => expect(text('check-text')).toBeUndefined())
    await press('check')
    await waitFor(() => expect(text('check-text')).toBe('There is a mistake on your paper.'))
  })

  it('points at pencil marks that leave out the right digit when no digit is wrong', async () => {
    // r2c3 (11) is 6: marks 1 and 8 leave it out.
    const { text, press } = setUp({ entries: { 0: 3 }, marks: { 11: [1, 8] } })
    for (const expected of [
      'Your digits are right, but there is a mistake in your pencil marks.',
      'There is a mistake in the pencil marks in box 1.',
      'The pencil marks in r2c3 leave out the digit that belongs there.',
    ]) {
      await press('check')
      await waitFor(() => expect(text('check-text')).toBe(expected))
    }
  })

  it('names both of two wrong digits, then goes on with the one left once the other is fixed', async () => {
    // r4c6 (32) written 3 where 4 belongs, r9c1 (72) written 1 where 6 belongs: the check used to
    // name r4c6 at every press and never r9c1.
    const { session, board, text, press } = setUp({ entries: { 32: 3, 72: 1 } })
    const marked = () => [...board.container.querySelectorAll('.mistake')].map((cell) => Number(cell.getAttribute('data-cell')))
    for (const [expected, button] of [
      ['There are 2 mistakes on your paper.', 'Where are they?'],
      ['There are 2 mistakes, in boxes 5 and 7.', 'Which cells?'],
      ['2 mistakes: r4c6 should not be 3 and r9c1 should not be 1.', 'Check my paper'],
      ['2 mistakes: r4c6 should not be 3 and r9c1 should not be 1.', 'Check my paper'],
    ]) {
      await press('check')
      await waitFor(() => expect(text('check-text')).toBe(expected))
      expect(text('check')).toBe(button)
    }
    expect(marked()).toEqual([32, 72])
    session.setDigit(32, 4)
    await waitFor(() => expect(text('check-text')).toBeUndefined())
    await press('check')
    await waitFor(() => expect(text('check-text')).toBe('r9c1 should not be 1.'))
    expect(marked()).toEqual([72])
    // Another puzzle (one given more) with the same wrong digit starts over.
    session.loadPaper(paperOutcome({ givens: `3${PUZZLE.slice(1)}`, entries: { 72: 1 } }), 'read')
    await press('check')
    await waitFor(() => expect(text('check-text')).toBe('There is a mistake on your paper.'))
  })

  it('answers the C key', async () => {
    const { text } = setUp({ entries: { 32: 3 } })
    await fireEvent.keyDown(document.body, { key: 'c' })
    await waitFor(() => expect(text('check-text')).toBe('There is a mistake on your paper.'))
  })
})

describe('Hints on a page in progress', () => {
  it('continue from the paper: its digits and its pencil marks', async () => {
    const plain = setUp({})
    await plain.press('hint')
    await waitFor(() => expect(plain.text('hint-text')).toBe('Look for a hidden single.'))
    await plain.press('hint-more')
    await waitFor(() => expect(plain.text('hint-text')).toBe('Look for a hidden single on 3 in box 1.'))
    cleanup()
    // 1 left out of the marks in r1c1, r1c3 and r3c2: in box 1, 1 can only go in r3c1 (where it
    // belongs), a hidden single the marks made, and the first one the hint looks at.
    const marked = setUp({ marks: { 0: [3, 6, 9], 2: [6, 9], 19: [4, 6, 9] } })
    await marked.press('hint')
    await marked.press('hint-more')
    await waitFor(() => expect(marked.text('hint-text')).toBe('Look for a hidden single on 1 in box 1.'))
  })
})
