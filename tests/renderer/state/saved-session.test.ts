import { describe, expect, it } from 'vitest'
import { savedPuzzle } from '../../../src/shared/saved-puzzle'
import { PuzzleSession } from '../../../src/renderer/src/state/PuzzleSession.svelte'
import { restoreSaved, toSaved } from '../../../src/renderer/src/state/saved-session'
import { PUZZLE, SOLUTION, paperOutcome } from '../paper'

describe('saved sessions', () => {
  it('bring back the board, its history, the paper it was read from, the mode, the selection and the time', () => {
    const session = new PuzzleSession()
    session.loadPaper(paperOutcome({ entries: { 0: 3 }, marks: { 11: [6, 8], 12: [] }, confidence: { 0: 0.5 } }), 'read')
    session.setMode('review')
    session.setDigit(1, 6)
    session.showSolution(Uint8Array.from(SOLUTION, Number))
    session.toggleMark(13, 4)
    session.undo()
    session.setMode('play')
    session.selected = 13
    session.timer.reset(42_000)
    // Through JSON and the guard, as it goes to the main process and back from the disk.
    const saved = savedPuzzle(JSON.parse(JSON.stringify(toSaved(session))))
    expect(saved.papers).toHaveLength(1)

    const back = new PuzzleSession()
    restoreSaved(back, saved)
    const { board } = back.history()
    expect(Array.from(board.grid)).toEqual(Array.from(session.board.grid))
    expect(Array.from(board.givens)).toEqual(Array.from(session.board.givens))
    expect(Array.from(board.written)).toEqual(Array.from(session.board.written))
    expect(Array.from(board.marks)).toEqual(Array.from(session.board.marks))
    expect(board.paper?.confidence[0]).toBe(0.5)
    expect(board.paper?.corners).toEqual(session.board.paper?.corners)
    expect([back.mode, back.selected, back.timer.elapsedMs]).toEqual(['play', 13, 42_000])
    // Redo brings the undone pencil mark back; undo goes back through the solve and the correction to the read.
    back.redo()
    expect(back.board.marks[13]).toBe(1 << 3)
    back.undo()
    expect(Array.from(back.solution ?? [])).toEqual(Array.from(SOLUTION, Number))
    back.undo()
    expect(back.solution).toBeNull()
    back.undo()
    expect(back.board.grid[1]).toBe(8)
    expect(back.board.paper).toBe(board.paper)
    expect(back.givensKey).toBe(PUZZLE)
    expect(back.canUndo).toBe(false)
  })
})
