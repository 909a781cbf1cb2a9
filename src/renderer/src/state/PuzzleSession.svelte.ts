import { CELLS, type Candidates, type Cell, type Digit, type Grid, candidatesOf, digitBit, emptyGrid } from '../../../shared/sudoku/board'
import type { Step } from '../../../shared/sudoku/logic/step'
import { conflictingCells } from '../../../shared/sudoku/validate'

/** A board's content: the digits and which of them are givens. Snapshots make undo/redo. */
export interface BoardState {
  readonly grid: Grid
  /** 1 where the digit is part of the puzzle, 0 for the user's own digits and empty cells. */
  readonly givens: Uint8Array
  /** Pencil marks removed by applied hint steps (9-bit masks), on top of the automatic ones. */
  readonly eliminated: Uint16Array
}

/** What the hint panel asks the board to show. */
export interface Highlight {
  readonly cells: readonly Cell[]
  readonly step: Step | null
}

const emptyBoard = (): BoardState => ({ grid: emptyGrid(), givens: new Uint8Array(CELLS), eliminated: new Uint16Array(CELLS) })

export type EditMode = 'puzzle' | 'play'

export type StatusKind = 'info' | 'success' | 'warning' | 'error' | 'busy'

export interface Status {
  readonly kind: StatusKind
  readonly text: string
}

const HISTORY_LIMIT = 500

/**
 * The puzzle being edited. In `puzzle` mode typed digits become givens (entering a puzzle from
 * paper); in `play` mode givens are locked and typed digits are the user's own.
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
  /** Pencil marks: what the filled cells allow, less what applied steps removed. */
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

  /** Replaces the whole puzzle (paste, open, read from a photo): every digit becomes a given. */
  load(grid: Grid, message: string): void {
    this.commit({ grid: Uint8Array.from(grid), givens: Uint8Array.from(grid, (d) => (d ? 1 : 0)), eliminated: new Uint16Array(CELLS) })
    this.mode = grid.some((d) => d) ? 'play' : 'puzzle'
    this.status = { kind: 'info', text: message }
  }

  clear(): void {
    this.commit(emptyBoard())
    this.mode = 'puzzle'
    this.status = { kind: 'info', text: 'Board cleared. Type a puzzle: digits you enter now are givens.' }
  }

  /** Sets (digit 1..9) or clears (0) a cell; refuses to change givens in play mode. */
  setDigit(cell: Cell, digit: Digit | 0): boolean {
    const { grid, givens } = this.board
    if (this.mode === 'play' && givens[cell]) {
      this.status = { kind: 'warning', text: 'That digit is part of the puzzle. Turn on "Edit givens" to change it.' }
      return false
    }
    if (grid[cell] === digit) return false
    const next = { grid: Uint8Array.from(grid), givens: Uint8Array.from(givens), eliminated: this.board.eliminated }
    next.grid[cell] = digit
    next.givens[cell] = this.mode === 'puzzle' && digit ? 1 : 0
    this.commit(next)
    return true
  }

  /** Applies a hint step as one undoable edit: its placements as the user's digits, its eliminations as removed pencil marks. */
  applyStep(step: Step): void {
    const next = { grid: Uint8Array.from(this.board.grid), givens: this.board.givens, eliminated: Uint16Array.from(this.board.eliminated) }
    for (const { cell, digit } of step.placements) if (!next.givens[cell]) next.grid[cell] = digit
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
