import { describe, expect, it } from 'vitest'
import { PuzzleSession } from '../../../src/renderer/src/state/PuzzleSession.svelte'
import { type RunTask, ringReadProblem, solveBoard } from '../../../src/renderer/src/state/solve-board'
import { perform } from '../../../src/renderer/src/workers/sudoku-tasks'
import { PUZZLE, SOLUTION, paperOutcome } from '../paper'

const MISREAD = `${PUZZLE.slice(0, 3)}5${PUZZLE.slice(4)}`
const run: RunTask = async (task) => perform(task) as never

describe('solveBoard', () => {
  it("shows the solution without the hint's cells, which were about the board before it", async () => {
    const session = new PuzzleSession()
    session.load(Uint8Array.from(PUZZLE, Number), 'pasted')
    session.highlight = { cells: [2], step: null }
    await solveBoard(session, run)
    expect(Array.from(session.solution ?? []).join('')).toBe(SOLUTION)
    expect(session.highlight).toBeNull()
  })

  it('rings the misread given when the givens have no solution, and says so', async () => {
    const session = new PuzzleSession()
    // r1c4 is 2 on the paper; read as 5 the givens have no solution (and no clash).
    session.loadPaper(paperOutcome({ givens: MISREAD, solutions: 0 }), 'read')
    await solveBoard(session, run)
    expect(session.problem?.kind).toBe('none')
    expect(session.problem?.cells).toEqual([3])
    expect(session.status.kind).toBe('error')
    expect(session.status.text).toMatch(/no solution.*Changing r1c4 \(ringed\) alone would make it solvable/)
    // Correcting it clears the rings.
    session.setDigit(3, 2)
    expect(session.problem).toBeNull()
  })

  it('rings the cells where two solutions differ, and says the player digits are not part of the puzzle', async () => {
    const session = new PuzzleSession()
    // Without r1c2's given the puzzle has two solutions; the player wrote 8 there.
    session.load(Uint8Array.from(`00${PUZZLE.slice(2)}`, Number), 'pasted')
    session.setDigit(1, 8)
    await solveBoard(session, run)
    expect(session.problem?.kind).toBe('multiple')
    expect(session.problem?.cells.length).toBeGreaterThan(1)
    expect(session.status.text).toMatch(/your 1 digit is not part of the puzzle\. To make a digit a given, switch to "Enter puzzle"/)
    session.setMode('puzzle')
    session.setDigit(1, 8)
    await solveBoard(session, run)
    expect(session.status.kind).toBe('success')
    expect(Array.from(session.solution ?? []).join('')).toBe(SOLUTION)
  })

  it('drops an answer for a board that changed while solving', async () => {
    const session = new PuzzleSession()
    session.load(Uint8Array.from(PUZZLE, Number), 'pasted')
    const solving = solveBoard(session, run)
    session.setDigit(0, 3)
    await solving
    expect(session.solution).toBeNull()
  })

  it('after a read without a solution, rings the cells and names them', async () => {
    const session = new PuzzleSession()
    session.loadPaper(paperOutcome({ givens: MISREAD, solutions: 0 }), 'read')
    expect(await ringReadProblem(session, run)).toBe('Ringed: r1c4, where another digit makes it solvable.')
    expect(session.problem?.cells).toEqual([3])
  })
})
