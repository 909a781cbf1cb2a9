import { describe, expect, it } from 'vitest'
import { MARKS_UNREAD, digitBit, digitsOf } from '../../../src/shared/sudoku/board'
import { readState, writeState } from '../../../src/shared/sudoku/formats'
import { marksMask } from '../../../src/shared/sudoku/pencil'
import { PuzzleSession } from '../../../src/renderer/src/state/PuzzleSession.svelte'
import { PUZZLE, SOLUTION, paperOutcome } from '../paper'

// r1c1 (0) is 3, r1c3 (2) is 9, r2c3 (11) is 6, r2c4 (12) is 9.
const page = () => paperOutcome({ entries: { 0: 3, 2: 1 }, marks: { 11: [6, 8], 12: [] } })

describe('PuzzleSession with a page in progress', () => {
  it('loads the givens as givens, the entries as the player digits and the marks as their pencil marks', () => {
    const session = new PuzzleSession()
    session.loadPaper(page(), 'read')
    const { grid, givens, written, marks, paper } = session.board
    expect(Array.from(grid.slice(0, 3))).toEqual([3, 8, 1])
    expect(Array.from(givens.slice(0, 3))).toEqual([0, 1, 0])
    expect(Array.from(written.slice(0, 3))).toEqual([1, 0, 1])
    expect(session.givenCount).toBe([...PUZZLE].filter((d) => d !== '0').length)
    expect(marks[11]).toBe(marksMask([6, 8]))
    expect(marks[12]).toBe(MARKS_UNREAD)
    expect(marks[0]).toBe(0)
    expect(paper?.entries[0]).toBe(3)
    // A proper puzzle (one solution): the page carries on in play.
    expect(session.mode).toBe('play')
    expect(session.givensKey).toBe(PUZZLE)
  })

  it('starts a read as a new game: its history starts afresh, and undo past its start goes to the library', () => {
    const session = new PuzzleSession()
    session.setDigit(40, 5)
    session.loadPaper(page(), 'read')
    const loaded = session.board
    expect(session.canUndo).toBe(false)
    session.undo()
    expect(session.board).toBe(loaded)
    let wentBack = 0
    session.beforeStart = () => wentBack++
    expect(session.canUndo).toBe(true)
    session.undo()
    expect([wentBack, session.board]).toEqual([1, loaded])
  })

  it('makes a typed digit over a pen entry the player own, and undo brings the entry back', () => {
    const session = new PuzzleSession()
    session.loadPaper(page(), 'read')
    session.setDigit(2, 9)
    expect([session.board.grid[2], session.board.written[2], session.board.givens[2]]).toEqual([9, 0, 0])
    session.undo()
    expect([session.board.grid[2], session.board.written[2]]).toEqual([1, 1])
  })

  it('locks every given in play, printed ones too, and corrects a misread given in review', () => {
    const session = new PuzzleSession()
    session.loadPaper(page(), 'read')
    expect(session.mode).toBe('play')
    expect(session.setDigit(1, 6)).toBe(false)
    expect(session.board.grid[1]).toBe(8)
    expect(session.status.text).toBe('r1c2 is a given, locked while you play. Switch to "Review read" to correct a misread given.')
    session.setMode('review')
    expect(session.setDigit(1, 6)).toBe(true)
    expect([session.board.grid[1], session.board.givens[1]]).toEqual([6, 1])
    expect(session.status.text).toBe('Corrected r1c2: read as 8, now 6. Ctrl+Z undoes it.')
    expect(session.givensKey[1]).toBe('6')
    // The next edit replaces the message; undo says what it did instead of repeating it.
    session.undo()
    expect(session.status.text).toBe('Undone. Ctrl+Y redoes it.')
    session.load(Uint8Array.from(PUZZLE, Number), 'pasted')
    expect(session.setDigit(1, 6)).toBe(false)
    expect(session.status.text).toBe('r1c2 is a given, locked while you play. Switch to "Enter puzzle" to change it.')
  })

  it('opens a read with doubtful cells in review, the first doubt selected', () => {
    const session = new PuzzleSession()
    session.loadPaper(paperOutcome({ confidence: { 30: 0.3, 7: 0.2 } }), 'read')
    expect([session.mode, session.selected]).toEqual(['review', 7])
    expect(session.doubtfulCells()).toEqual([7, 30])
  })

  it('makes Solve one step: undo puts back the board exactly as before it, redo the solution', () => {
    const session = new PuzzleSession()
    session.load(Uint8Array.from(PUZZLE, Number), 'pasted')
    session.setDigit(0, 3)
    const before = session.board
    session.showSolution(Uint8Array.from(SOLUTION, Number))
    expect(session.solution?.[2]).toBe(9)
    session.undo()
    expect([session.board, session.solution]).toEqual([before, null])
    expect(session.board.grid[0]).toBe(3)
    session.redo()
    expect(session.solution?.[2]).toBe(9)
    // An edit hides the solution again, as its own step.
    session.setDigit(2, 9)
    expect(session.solution).toBeNull()
    session.undo()
    expect(session.solution?.[2]).toBe(9)
  })

  it('clears pencil marks with 0, Delete or Backspace (all enter 0)', () => {
    const session = new PuzzleSession()
    session.toggleMark(40, 4)
    session.toggleMark(40, 6)
    expect(session.enter(40, 0)).toBe(true)
    expect(session.board.marks[40]).toBe(0)
    session.undo()
    expect(session.board.marks[40]).toBe(marksMask([4, 6]))
  })

  it('reviewing a read, makes a digit typed in an empty cell a given the solver sees, and a pen digit stays the player own', () => {
    const session = new PuzzleSession()
    // Read without r1c2's given, the givens have several solutions: the read is to be reviewed.
    session.loadPaper({ ...page(), solutions: 2 }, 'read')
    expect(session.mode).toBe('review')
    session.setDigit(4, 5)
    expect(session.board.givens[4]).toBe(1)
    expect(session.givensGrid()[4]).toBe(5)
    expect(session.status.text).toBe('Corrected r1c5: read as empty, now 5. Ctrl+Z undoes it.')
    session.setDigit(2, 9)
    expect([session.board.grid[2], session.board.givens[2]]).toEqual([9, 0])
    expect(session.status.text).toBe('Corrected r1c3: read as your 1, now 9. Ctrl+Z undoes it.')
  })

  it('makes a player digit a given when it is typed again while entering the puzzle', () => {
    const session = new PuzzleSession()
    session.load(Uint8Array.from(PUZZLE, Number), 'pasted')
    expect(session.mode).toBe('play')
    session.setDigit(0, 3)
    expect(session.board.givens[0]).toBe(0)
    session.setMode('puzzle')
    expect(session.setDigit(0, 3)).toBe(true)
    expect(session.board.givens[0]).toBe(1)
    expect(session.setDigit(0, 3)).toBe(false)
  })

  it('offers review only while the board comes from a read', () => {
    const session = new PuzzleSession()
    session.setMode('review')
    expect(session.mode).toBe('puzzle')
    session.load(Uint8Array.from(PUZZLE, Number), 'pasted')
    session.loadPaper({ ...page(), solutions: 0 }, 'read')
    expect(session.mode).toBe('review')
    session.load(Uint8Array.from(PUZZLE, Number), 'pasted')
    session.setMode('review')
    expect(session.mode).toBe('puzzle')
  })

  it('enters pencil marks for digits in pencil mode, and clears the cell for 0', () => {
    const session = new PuzzleSession()
    session.pencilMode = true
    session.enter(40, 4)
    session.enter(40, 6)
    expect(session.board.marks[40]).toBe(marksMask([4, 6]))
    expect(session.board.grid[40]).toBe(0)
    session.pencilMode = false
    session.enter(40, 4)
    expect(session.board.grid[40]).toBe(4)
  })

  it('toggles pencil marks in empty cells only, as undoable edits', () => {
    const session = new PuzzleSession()
    session.loadPaper(page(), 'read')
    expect(session.toggleMark(12, 4)).toBe(true)
    expect(session.board.marks[12]).toBe(digitBit(4))
    expect(session.toggleMark(0, 4)).toBe(false)
    session.undo()
    expect(session.board.marks[12]).toBe(MARKS_UNREAD)
  })

  it('gives hints the givens, the player digits and their readable marks', () => {
    const session = new PuzzleSession()
    session.loadPaper(page(), 'read')
    const input = session.hintInput()
    expect(Array.from(input.givens).join('')).toBe(PUZZLE)
    expect([input.entries![0], input.entries![1], input.entries![2]]).toEqual([3, 0, 1])
    expect(input.candidates![11]).toBe(marksMask([6, 8]))
    expect(input.candidates![12]).toBe(0x1ff)
  })
})

describe('PuzzleSession with a pasted state', () => {
  const LINE = ':0000:x:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...:417 427::'

  it('keeps givens, the player digits and their marks apart, and gives them back as they came', () => {
    const session = new PuzzleSession()
    session.loadState(readState(LINE).state, 'pasted')
    expect(session.board.givens[3]).toBe(0) // +9 in r1c4 is the player's
    expect(session.board.grid[3]).toBe(9)
    expect(session.board.marks[6] & digitBit(4)).toBe(0) // 417: 4 deleted from r1c7
    expect(writeState(session.currentState(), 'hodoku-library')).toBe(LINE)
  })

  it('copies a puzzle without marks as one, and the marks a step removed once it is applied', () => {
    const session = new PuzzleSession()
    session.load(readState(LINE).state.givens, 'typed')
    expect(session.currentState().candidates).toBeNull()
    session.applyStep({ technique: 'x-wing', placements: [], eliminations: [{ cell: 1, digit: 1 }], cells: [], units: [], text: '' })
    expect(writeState(session.currentState(), 'hodoku-library')).toMatch(/:112::$/)
  })

  it('pastes back a copy as the same board: marks where the player made them, none elsewhere', () => {
    const session = new PuzzleSession()
    session.load(Uint8Array.from(PUZZLE, Number), 'typed')
    session.setDigit(0, 3)
    // Marks the digits allow (a mark a placed peer rules out is not a candidate any format keeps).
    for (const [cell, count] of [
      [2, 2],
      [9, 1],
    ])
      for (const digit of digitsOf(session.candidates[cell]).slice(0, count)) session.toggleMark(cell, digit)
    for (const format of ['hodoku-library', 'sudokuwiki', 'pm-grid', 'candidates'] as const) {
      const back = new PuzzleSession()
      back.loadState(readState(writeState(session.currentState(), format)).state, 'pasted')
      expect([format, Array.from(back.board.grid), Array.from(back.board.marks)]).toEqual([
        format,
        Array.from(session.board.grid),
        Array.from(session.board.marks),
      ])
    }
  })
})
