import {
  CELLS,
  type Candidates,
  type Cell,
  type Digit,
  type Grid,
  MARKS_UNREAD,
  type PencilMarks,
  candidatesOf,
  cellName,
  digitBit,
  emptyGrid,
} from '../../../shared/sudoku/board'
import type { HintInput } from '../../../shared/sudoku/hint'
import type { Step } from '../../../shared/sudoku/logic/step'
import { marksMask, playerCandidates, readableMarks, toggleMark } from '../../../shared/sudoku/pencil'
import { type PuzzleState, filledGrid } from '../../../shared/sudoku/state'
import { conflictingCells } from '../../../shared/sudoku/validate'
import type { ReadOutcome } from '../workers/vision-protocol'
import { PuzzleTimer } from './PuzzleTimer.svelte'
import { cellNote } from './cell-notes'

/**
 * What was read from the paper a board was loaded from, kept with the board (so undo and redo
 * bring it back with the cells) to tell read cells from later edits and to mark doubtful reads.
 */
export type Paper = Pick<ReadOutcome, 'grid' | 'entries' | 'cells' | 'confidence' | 'repaired' | 'informed' | 'solutions' | 'corners' | 'width' | 'height'>

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
  /** The solver's answer shown in the empty cells after Solve (an undoable step of its own), or null. */
  readonly solution: Grid | null
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
  solution: null,
})

/**
 * What typed digits mean. `puzzle`: entering a puzzle, digits are givens. `review`: checking a
 * read against the paper, digits correct what was read (a given stays a given, a missed given
 * becomes one, a pen digit stays the player's). `play`: givens are locked, digits are the player's.
 */
export type EditMode = 'puzzle' | 'review' | 'play'

/**
 * What a solve found wrong with the givens, for the board to ring: `none`, the givens that changed
 * alone make a proper puzzle (one of them is likely misread); `multiple`, cells where two
 * solutions differ (a given is likely missing there or near).
 */
export interface Problem {
  readonly kind: 'none' | 'multiple'
  readonly cells: readonly Cell[]
}

export type StatusKind = 'info' | 'success' | 'warning' | 'error' | 'busy'

export interface Status {
  readonly kind: StatusKind
  readonly text: string
}

const HISTORY_LIMIT = 500

/** The status line after a read cell is changed: what was read there and what it is now. */
function correctionText(paper: Paper, cell: Cell, digit: Digit | 0): string {
  const read = paper.grid[cell] ? `read as ${paper.grid[cell]}` : paper.entries[cell] ? `read as your ${paper.entries[cell]}` : 'read as empty'
  const now = digit ? `now ${digit}` : 'now empty'
  return `Corrected ${cellName(cell)}: ${read}, ${now}. Ctrl+Z undoes it.`
}

/**
 * The puzzle being edited, in one of three modes (`EditMode`). A read whose givens have no or
 * several solutions starts in `review`, so a digit fixed right after reading becomes part of the
 * puzzle the solver sees. In `play` a given read from a photo can still be corrected (it stays a
 * given: the reader misread it).
 *
 * Over 300 lines: one rune class whose edits, undo history and modes all act on the same fields;
 * what can stand alone already does (cell-notes.ts, app-mode.ts, saved-session.ts, PuzzleTimer).
 */
export class PuzzleSession {
  board = $state.raw<BoardState>(emptyBoard())
  mode = $state<EditMode>('puzzle')
  selected = $state<Cell>(0)
  /** The solver's answer for the current givens, shown in its own colour in the other cells. */
  solution = $derived(this.board.solution)
  status = $state.raw<Status>({ kind: 'info', text: 'Type or paste a puzzle, or open a file.' })

  highlight = $state.raw<Highlight | null>(null)
  /** Set by a solve that found no or several solutions; any edit clears it. */
  problem = $state.raw<Problem | null>(null)
  /** The time spent solving this puzzle; a new puzzle starts it again from zero. */
  readonly timer = new PuzzleTimer()
  /** Pencil mode: digits typed or picked on the pad toggle pencil marks instead of setting the cell. */
  pencilMode = $state(false)

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
  /** Every cell filled and no clash: the player has finished. */
  complete = $derived(this.board.grid.every((d) => d) && this.conflicts.size === 0)

  private undoStack: BoardState[] = []
  private redoStack: BoardState[] = []
  /**
   * Set by the games library while there is a game before this one (undo past this game's start
   * goes back to it) or after it (redo past the end goes forward to it).
   */
  beforeStart: (() => void) | null = $state.raw(null)
  afterEnd: (() => void) | null = $state.raw(null)
  private historyLength = $state(0)
  private futureLength = $state(0)
  canUndo = $derived(this.historyLength > 0 || this.beforeStart !== null)
  /** The game has been changed since it started (a read, a load or New). */
  edited = $derived(this.historyLength > 0)
  canRedo = $derived(this.futureLength > 0 || this.afterEnd !== null)

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
    // A cell whose candidates leave out nothing its peers allow was not marked by the player
    // (formats write every cell's candidates): it loads without marks, as it was copied.
    const allowed = candidatesOf(grid)
    const marks = Uint16Array.from({ length: CELLS }, (_, cell) => {
      const cands = !grid[cell] && state.candidates ? state.candidates[cell] : 0
      return cands && allowed[cell] & ~cands ? cands : 0
    })
    this.startGame({ ...emptyBoard(), grid, givens: Uint8Array.from(state.givens, (d) => (d ? 1 : 0)), marks })
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
    this.startGame({
      ...emptyBoard(),
      grid,
      givens: Uint8Array.from(paper.grid, (d) => (d ? 1 : 0)),
      written: Uint8Array.from({ length: CELLS }, (_, cell) => (!paper.grid[cell] && paper.entries[cell] ? 1 : 0)),
      marks,
      paper,
    })
    // Givens without exactly one solution, or cells the reader doubts, are checked against the
    // paper first (the first doubt selected); a proper puzzle read surely carries on in play.
    const doubt = this.doubtfulCells()[0]
    this.mode = paper.solutions === 1 && doubt === undefined ? 'play' : 'review'
    if (doubt !== undefined) this.selected = doubt
    this.status = { kind: 'info', text: message }
  }

  /** Cells still as read whose reading needs a look (cell-notes.ts's doubt), in reading order. */
  doubtfulCells(): Cell[] {
    return Array.from({ length: CELLS }, (_, cell) => cell).filter((cell) => cellNote(this.board, null, cell).doubt)
  }

  /** Switches modes; `review` only while the board comes from a read. */
  setMode(mode: EditMode): void {
    this.mode = mode === 'review' && !this.board.paper ? 'puzzle' : mode
  }

  clear(): void {
    this.startGame(emptyBoard())
    this.mode = 'puzzle'
    this.status = { kind: 'info', text: 'Board cleared. Type a puzzle: digits you enter now are givens.' }
  }

  /**
   * Sets (digit 1..9) or clears (0) a cell. Whether the digit is a given depends on the mode
   * (`EditMode`); in play, givens are locked except one read from the paper, which stays a given
   * (correcting a misread, not playing).
   */
  setDigit(cell: Cell, digit: Digit | 0): boolean {
    const { grid, givens, paper, marks } = this.board
    const printed = Boolean(paper?.grid[cell])
    if (this.mode === 'play' && givens[cell]) {
      const where = paper ? '"Review read" to correct a misread given' : '"Enter puzzle" to change it'
      this.status = { kind: 'warning', text: `${cellName(cell)} is a given, locked while you play. Switch to ${where}.` }
      return false
    }
    // Clearing an empty cell clears its pencil marks.
    if (!digit && !grid[cell] && marks[cell]) return this.setMarks(cell, 0)
    const given = digit && this.typesGiven(cell) ? 1 : 0
    // Typing a digit again in another mode makes it a given (or the player's): no trap.
    if (grid[cell] === digit && givens[cell] === given) return false
    const next = { ...this.board, grid: Uint8Array.from(grid), givens: Uint8Array.from(givens), written: Uint8Array.from(this.board.written) }
    next.grid[cell] = digit
    next.givens[cell] = given
    next.written[cell] = 0
    this.commit(next)
    if (paper && (printed || this.mode === 'review')) this.status = { kind: 'info', text: correctionText(paper, cell, digit) }
    return true
  }

  /** Whether a digit typed in `cell` now is part of the puzzle. */
  private typesGiven(cell: Cell): boolean {
    const paper = this.board.paper
    if (this.mode === 'puzzle') return true
    if (paper?.grid[cell]) return true
    // Reviewing: an empty cell took a given the reader missed; a pen digit stays the player's.
    return this.mode === 'review' && !paper?.entries[cell]
  }

  /** A digit from the keyboard or the pad: a pencil mark in pencil mode, else the cell's digit. */
  enter(cell: Cell, digit: Digit | 0): boolean {
    return this.pencilMode && digit ? this.toggleMark(cell, digit) : this.setDigit(cell, digit)
  }

  /** Adds or removes one of the player's pencil marks in an empty cell (Shift+digit). */
  toggleMark(cell: Cell, digit: Digit): boolean {
    if (this.board.grid[cell]) return false
    return this.setMarks(cell, toggleMark(this.board.marks[cell], digit))
  }

  private setMarks(cell: Cell, mask: number): boolean {
    const marks = Uint16Array.from(this.board.marks)
    marks[cell] = mask
    this.commit({ ...this.board, marks })
    return true
  }

  /** Shows the solver's answer for the givens, as one undoable step. */
  showSolution(solution: Grid): void {
    this.commit({ ...this.board, solution })
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
    const next = {
      ...this.board,
      grid: Uint8Array.from(this.board.grid),
      written: Uint8Array.from(this.board.written),
      eliminated: Uint16Array.from(this.board.eliminated),
    }
    for (const { cell, digit } of step.placements) if (!next.givens[cell]) [next.grid[cell], next.written[cell]] = [digit, 0]
    for (const { cell, digit } of step.eliminations) next.eliminated[cell] |= digitBit(digit)
    this.commit(next)
  }

  undo(): void {
    const previous = this.undoStack.pop()
    if (!previous) return this.beforeStart?.()
    this.redoStack.push(this.board)
    this.replace(previous)
    this.status = { kind: 'info', text: 'Undone. Ctrl+Y redoes it.' }
  }

  redo(): void {
    const next = this.redoStack.pop()
    if (!next) return this.afterEnd?.()
    this.undoStack.push(this.board)
    this.replace(next)
    this.status = { kind: 'info', text: 'Redone.' }
  }

  /** The board with its undo history (oldest first) and redo history, for saving. */
  history(): { readonly board: BoardState; readonly undo: readonly BoardState[]; readonly redo: readonly BoardState[] } {
    return { board: this.board, undo: this.undoStack, redo: this.redoStack }
  }

  /** Puts back a saved session: the board, its history, the mode, the selection and the time. */
  restore(saved: { board: BoardState; undo: BoardState[]; redo: BoardState[]; mode: EditMode; selected: Cell; elapsedMs: number }): void {
    this.undoStack = [...saved.undo]
    this.redoStack = [...saved.redo]
    this.replace(saved.board)
    this.mode = saved.mode
    this.selected = saved.selected
    this.timer.reset(saved.elapsedMs)
  }

  /** The puzzle without the user's own digits, as the solver should see it. */
  givensGrid(): Grid {
    return Uint8Array.from(this.board.grid, (d, cell) => (this.board.givens[cell] ? d : 0))
  }

  /** One user action, one step: an edit hides the solution shown (Solve is a step of its own) and the last action's message. */
  private commit(next: BoardState): void {
    this.undoStack.push(this.board)
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift()
    this.redoStack = []
    // A new edit after undoing past the end of a game drops the way forward, as it drops redo.
    this.afterEnd = null
    this.replace(next.solution && next.solution === this.board.solution ? { ...next, solution: null } : next)
    this.status = { kind: 'info', text: '' }
  }

  /** A new game on a fresh history (the games library keeps the one it replaces). */
  private startGame(board: BoardState): void {
    this.undoStack = []
    this.redoStack = []
    this.replace(board)
    this.selected = 0
    this.timer.reset()
  }

  private replace(next: BoardState): void {
    this.board = next
    this.highlight = null
    this.problem = null
    this.historyLength = this.undoStack.length
    this.futureLength = this.redoStack.length
  }
}
