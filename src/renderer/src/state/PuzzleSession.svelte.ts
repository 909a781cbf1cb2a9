import { CELLS, type Cell, type Digit, type Grid, emptyGrid } from '../../../shared/sudoku/board'
import { conflictingCells } from '../../../shared/sudoku/validate'

/** A board's content: the digits and which of them are givens. Snapshots make undo/redo. */
export interface BoardState {
  readonly grid: Grid
  /** 1 where the digit is part of the puzzle, 0 for the user's own digits and empty cells. */
  readonly givens: Uint8Array
}

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
  board = $state.raw<BoardState>({ grid: emptyGrid(), givens: new Uint8Array(CELLS) })
  mode = $state<EditMode>('puzzle')
  selected = $state<Cell>(0)
  /** The solver's answer for the current givens, shown in its own colour in the other cells. */
  solution = $state.raw<Grid | null>(null)
  status = $state.raw<Status>({ kind: 'info', text: 'Type or paste a puzzle, or open a file.' })

  conflicts = $derived(conflictingCells(this.board.grid))
  givenCount = $derived(this.board.givens.reduce((n, g) => n + g, 0))

  private undoStack: BoardState[] = []
  private redoStack: BoardState[] = []
  canUndo = $state(false)
  canRedo = $state(false)

  /** Replaces the whole puzzle (paste, open, read from a photo): every digit becomes a given. */
  load(grid: Grid, message: string): void {
    this.commit({ grid: Uint8Array.from(grid), givens: Uint8Array.from(grid, (d) => (d ? 1 : 0)) })
    this.mode = grid.some((d) => d) ? 'play' : 'puzzle'
    this.status = { kind: 'info', text: message }
  }

  clear(): void {
    this.commit({ grid: emptyGrid(), givens: new Uint8Array(CELLS) })
    this.mode = 'puzzle'
    this.status = { kind: 'info', text: 'Board cleared. Type a puzzle: digits you enter now are givens.' }
  }

  /** Sets (digit 1..9) or clears (0) a cell; refuses to change givens in play mode. */
  setDigit(cell: Cell, digit: Digit | 0): boolean {
    const { grid, givens } = this.board
    if (this.mode === 'play' && givens[cell]) {
      this.status = { kind: 'warning', text: 'That digit is part of the puzzle. Switch to "Edit puzzle" to change it.' }
      return false
    }
    if (grid[cell] === digit) return false
    const next = { grid: Uint8Array.from(grid), givens: Uint8Array.from(givens) }
    next.grid[cell] = digit
    next.givens[cell] = this.mode === 'puzzle' && digit ? 1 : 0
    this.commit(next)
    return true
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
    this.canUndo = this.undoStack.length > 0
    this.canRedo = this.redoStack.length > 0
  }
}
