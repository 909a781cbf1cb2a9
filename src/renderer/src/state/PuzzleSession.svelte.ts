import { CELLS, type Candidates, type Cell, type Digit, type Grid, MARKS_UNREAD, type PencilMarks, candidatesOf, cellName, digitBit, emptyGrid } from '../../../shared/sudoku/board'
import type { HintInput } from '../../../shared/sudoku/hint'
import type { Step } from '../../../shared/sudoku/logic/step'
import { marksMask, playerCandidates, readableMarks, toggleMark } from '../../../shared/sudoku/pencil'
import { type PuzzleState, filledGrid } from '../../../shared/sudoku/state'
import { conflictingCells } from '../../../shared/sudoku/validate'
import type { ReadOutcome } from '../workers/vision-protocol'

/**
 * What was read from the paper a board was loaded from, kept with the board (so undo and redo
 * bring it back with the cells) to tell read cells from later edits and to mark doubtful reads.
 */
export type Paper = Pick<ReadOutcome, 'grid' | 'entries' | 'cells' | 'confidence' | 'repaired' | 'informed'>

/** A board's content. Snapshots make undo/redo, so every field is replaced, never changed. */
export interface BoardState {
  readonly grid: Grid
  /** 1 where the digit is part of the puzzle, 0 for the user's own digits and empty cells. */
  readonly givens: Uint8Array
  /** 1 where the player's digit was read from their paper (written in pen), 0 where typed here. */
  readonly written: Uint8Array
  /** The player's own pencil marks: read from their paper or typed with Shift+digit. */
  readonly marks: PencilMarks
  /** Pencil marks removed by applied hint steps (9-bit masks), on top of the automatic ones. */
  readonly eliminated: Uint16Array
  /** The paper the board was read from, or null (typed, pasted or opened). */
  readonly paper: Paper | null
}

/** What the hint panel asks the board to show. */
export interface Highlight {
  readonly cells: readonly Cell[]
  readonly step: Step | null
  /** Cells to mark as mistakes (a check of the paper at its last level). */
  readonly mistakes?: readonly Cell[]
}

const emptyBoard = (): BoardState => ({
  grid: emptyGrid(),
  givens: new Uint8Array(CELLS),
  written: new Uint8Array(CELLS),
  marks: new Uint16Array(CELLS),
  eliminated: new Uint16Array(CELLS),
  paper: null,
})

export type EditMode = 'puzzle' | 'play'

export type StatusKind = 'info' | 'success' | 'warning' | 'error' | 'busy'

export interface Status {
  readonly kind: StatusKind
  readonly text: string
}

const HISTORY_LIMIT = 500

/**
 * The puzzle being edited. In `puzzle` mode typed digits become givens (entering a puzzle from
 * paper); in `play` mode givens are locked and typed digits are the user's own, except that a
 * given read from a photo can be corrected there (it stays a given: the reader misread it).
 */
export class PuzzleSession {
  board = $state.raw<BoardState>(emptyBoard())
  mode = $state<EditMode>('puzzle')
  selected = $state<Cell>(0)
  /** The solver's answer for the current givens, shown in its own colour in the other cells. */
  solution = $state.raw<Grid | null>(null)
  status = $state.raw<Status>({ kind: 'info', text: 'Type or paste a puzzle, or open a file.' })

  highlight = $state.raw<Highlight | null>(null)

  conflicts = $derived(conflictingCells(this.board.grid))
  /** Automatic pencil marks: what the filled cells allow, less what applied steps removed. */
  candidates: Candidates = $derived.by(() => {
    const cands = candidatesOf(this.board.grid)
    for (let cell = 0; cell < CELLS; cell++) if (!this.board.grid[cell]) cands[cell] &= ~this.board.eliminated[cell]
    return cands
  })
  /** Changes whenever the givens do, to re-rate the puzzle. */
  givensKey = $derived(Array.from(this.board.grid, (d, cell) => (this.board.givens[cell] ? d : 0)).join(''))
  givenCount = $derived(this.board.givens.reduce((n, g) => n + g, 0))

  private undoStack: BoardState[] = []
  private redoStack: BoardState[] = []
  canUndo = $state(false)
  canRedo = $state(false)

  /** Replaces the whole puzzle (paste, open): every digit becomes a given. */
  load(grid: Grid, message: string): void {
    this.loadState({ givens: grid, entries: new Uint8Array(CELLS), candidates: null }, message)
  }

  /**
   * Replaces the whole puzzle with a pasted or typed state (formats/index.ts): its givens as givens,
   * the player's digits as theirs, its pencil marks as the player's marks.
   */
  loadState(state: PuzzleState, message: string): void {
    const grid = filledGrid(state)
    const marks = Uint16Array.from({ length: CELLS }, (_, cell) => (!grid[cell] && state.candidates ? state.candidates[cell] : 0))
    this.commit({ ...emptyBoard(), grid, givens: Uint8Array.from(state.givens, (d) => (d ? 1 : 0)), marks })
    this.mode = grid.some((d) => d) ? 'play' : 'puzzle'
    this.status = { kind: 'info', text: message }
  }

  /** The board as a state to copy: givens, the player's digits, and their marks (if they keep any). */
  currentState(): PuzzleState {
    const { grid, givens, marks, eliminated } = this.board
    const keepsMarks = grid.some((d, cell) => !d && (readableMarks(marks[cell]) || eliminated[cell]))
    return {
      givens: this.givensGrid(),
      entries: Uint8Array.from(grid, (d, cell) => (givens[cell] ? 0 : d)),
      candidates: keepsMarks ? playerCandidates(marks, eliminated) : null,
    }
  }

  /**
   * Replaces the whole puzzle with a page read from a photo, as the player left it: printed
   * givens as givens, digits written in pen as the player's, pencil marks as their marks (marks
   * whose digits could not be read as `MARKS_UNREAD`).
   */
  loadPaper(paper: Paper, message: string): void {
    const grid = Uint8Array.from({ length: CELLS }, (_, cell) => paper.grid[cell] || paper.entries[cell] || 0)
    const marks = new Uint16Array(CELLS)
    for (let cell = 0; cell < CELLS; cell++) {
      const reading = paper.cells[cell]
      if (!grid[cell] && reading?.kind === 'marks') marks[cell] = marksMask(reading.marks) || MARKS_UNREAD
    }
    this.commit({
      ...emptyBoard(),
      grid,
      givens: Uint8Array.from(paper.grid, (d) => (d ? 1 : 0)),
      written: Uint8Array.from({ length: CELLS }, (_, cell) => (!paper.grid[cell] && paper.entries[cell] ? 1 : 0)),
      marks,
      paper,
    })
    this.mode = 'play'
    this.status = { kind: 'info', text: message }
  }

  clear(): void {
    this.commit(emptyBoard())
    this.mode = 'puzzle'
    this.status = { kind: 'info', text: 'Board cleared. Type a puzzle: digits you enter now are givens.' }
  }

  /**
   * Sets (digit 1..9) or clears (0) a cell; refuses to change givens in play mode, except a given
   * read from the paper, which stays a given (correcting a misread, not playing).
   */
  setDigit(cell: Cell, digit: Digit | 0): boolean {
    const { grid, givens, paper } = this.board
    const printed = Boolean(paper?.grid[cell])
    if (this.mode === 'play' && givens[cell] && !printed) {
      this.status = { kind: 'warning', text: 'That digit is part of the puzzle. Turn on "Edit givens" to change it.' }
      return false
    }
    if (grid[cell] === digit) return false
    const next = { ...this.board, grid: Uint8Array.from(grid), givens: Uint8Array.from(givens), written: Uint8Array.from(this.board.written) }
    next.grid[cell] = digit
    next.givens[cell] = digit && (this.mode === 'puzzle' || printed) ? 1 : 0
    next.written[cell] = 0
    this.commit(next)
    if (printed && this.mode === 'play') {
      const read = paper!.grid[cell]
      const now = digit ? `now ${digit}` : 'now empty'
      this.status = { kind: 'info', text: `Corrected the given in ${cellName(cell)}: read as ${read}, ${now}. Ctrl+Z undoes it.` }
    }
    return true
  }

  /** Adds or removes one of the player's pencil marks in an empty cell (Shift+digit). */
  toggleMark(cell: Cell, digit: Digit): boolean {
    if (this.board.grid[cell]) return false
    const marks = Uint16Array.from(this.board.marks)
    marks[cell] = toggleMark(marks[cell], digit)
    this.commit({ ...this.board, marks })
    return true
  }

  /** The hint engine's view of the board: givens, the player's digits and their pencil marks. */
  hintInput(): HintInput {
    const { grid, givens, marks, eliminated } = this.board
    return {
      givens: this.givensGrid(),
      entries: Uint8Array.from(grid, (d, cell) => (givens[cell] ? 0 : d)),
      // The player's own marks where they keep them, and what applied steps removed. The engine
      // works out the rest itself, without letting a wrong digit of the player's wipe the right
      // candidate from its peers.
      candidates: playerCandidates(marks, eliminated),
      solution: this.solution ?? undefined,
    }
  }

  /** Applies a hint step as one undoable edit: its placements as the user's digits, its eliminations as removed pencil marks. */
  applyStep(step: Step): void {
    const next = { ...this.board, grid: Uint8Array.from(this.board.grid), written: Uint8Array.from(this.board.written), eliminated: Uint16Array.from(this.board.eliminated) }
    for (const { cell, digit } of step.placements) if (!next.givens[cell]) [next.grid[cell], next.written[cell]] = [digit, 0]
    for (const { cell, digit } of step.eliminations) next.eliminated[cell] |= digitBit(digit)
    this.commit(next)
  }

  undo(): void {
    const previous = this.undoStack.pop()
    if (!previous) return
    this.redoStack.push(this.board)
    this.replace(previous)
  }

  redo(): void {
    const next = this.redoStack.pop()
    if (!next) return
    this.undoStack.push(this.board)
    this.replace(next)
  }

  /** The puzzle without the user's own digits, as the solver should see it. */
  givensGrid(): Grid {
    return Uint8Array.from(this.board.grid, (d, cell) => (this.board.givens[cell] ? d : 0))
  }

  private commit(next: BoardState): void {
    this.undoStack.push(this.board)
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift()
    this.redoStack = []
    this.replace(next)
  }

  private replace(next: BoardState): void {
    this.board = next
    this.solution = null
    this.highlight = null
    this.canUndo = this.undoStack.length > 0
    this.canRedo = this.redoStack.length > 0
  }
}
