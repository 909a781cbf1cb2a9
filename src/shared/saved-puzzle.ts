/**
 * The puzzle in progress as it is kept across reloads and restarts (`<userData>/puzzle.json`,
 * written by the main process): the board, its undo and redo history, the papers those boards
 * were read from, the mode, the selected cell and the solving time. Boards are compact strings
 * (81 digits; pencil-mark masks as 3 hex digits a cell), and each paper is stored once.
 */
import { type Guard, ValidationError, array, literal, nullable, number, object, optional, string } from './guards'

export interface SavedBoard {
  /** 81 digits, 0 = empty. */
  readonly grid: string
  /** 81 of 0/1: a given. */
  readonly givens: string
  /** 81 of 0/1: the player's digit read from their pen. */
  readonly written: string
  /** 81 pencil-mark masks, 3 hex digits each (`MARKS_UNREAD` included). */
  readonly marks: string
  /** 81 masks of marks removed by applied hint steps, 3 hex digits each. */
  readonly eliminated: string
  /** Index into `SavedPuzzle.papers`, or null. */
  readonly paper: number | null
  /** 81 digits: the solution shown after Solve; absent while none is shown. */
  readonly solution?: string
}

export interface SavedCellReading {
  readonly kind: 'given' | 'entry' | 'marks' | 'empty'
  readonly digit: number
  readonly marks: number[]
  readonly confidence: number
}

export interface SavedPaper {
  readonly grid: number[]
  readonly entries: number[]
  readonly cells: SavedCellReading[]
  readonly confidence: number[]
  readonly repaired: number[]
  readonly informed: number[]
  readonly solutions: number
  /** Where the grid lies in the photo (its corners, and the photo's size), for the cell crops and the overlay. */
  readonly corners?: SavedPoint[]
  readonly width?: number
  readonly height?: number
}

export interface SavedPoint {
  readonly x: number
  readonly y: number
}

export interface SavedPuzzle {
  readonly board: SavedBoard
  /** Oldest first, as the undo stack. */
  readonly undo: SavedBoard[]
  readonly redo: SavedBoard[]
  readonly papers: SavedPaper[]
  readonly mode: 'puzzle' | 'review' | 'play'
  readonly selected: number
  readonly elapsedMs: number
}

/** Undo steps kept across restarts (the session itself keeps more while it runs). */
export const SAVED_HISTORY = 100
/** Every board of the history may come from its own read, at most. */
const MAX_PAPERS = 2 * SAVED_HISTORY + 1
/** A saved puzzle is about 1 KB a board plus a few KB a paper; this leaves room for the whole history. */
export const MAX_SAVED_PUZZLE_BYTES = 4 * 1024 * 1024

const CELLS = 81
const cells81 = <T>(guard: Guard<T>): Guard<T[]> => {
  const list = array(guard, { maxLength: CELLS })
  return (value, path = '') => {
    const items = list(value, path)
    if (items.length !== CELLS) throw new ValidationError(`${path} must have ${CELLS} items, got ${items.length}`)
    return items
  }
}
const digit = number({ min: 0, max: 9, integer: true })
const cell = number({ min: 0, max: CELLS - 1, integer: true })

const savedBoard: Guard<SavedBoard> = object({
  grid: string({ maxLength: CELLS, pattern: /^[0-9]{81}$/ }),
  givens: string({ maxLength: CELLS, pattern: /^[01]{81}$/ }),
  written: string({ maxLength: CELLS, pattern: /^[01]{81}$/ }),
  marks: string({ maxLength: 3 * CELLS, pattern: /^[0-9a-f]{243}$/ }),
  eliminated: string({ maxLength: 3 * CELLS, pattern: /^[0-9a-f]{243}$/ }),
  paper: nullable(number({ min: 0, max: MAX_PAPERS - 1, integer: true })),
  solution: optional(string({ maxLength: CELLS, pattern: /^[1-9]{81}$/ })),
})

const PHOTO_SIDE_LIMIT = 100_000
const coordinate = number({ min: -PHOTO_SIDE_LIMIT, max: PHOTO_SIDE_LIMIT })
const side = number({ min: 1, max: PHOTO_SIDE_LIMIT })

const savedPaper: Guard<SavedPaper> = object({
  grid: cells81(digit),
  entries: cells81(digit),
  cells: cells81(
    object({
      kind: literal('given', 'entry', 'marks', 'empty'),
      digit,
      marks: array(number({ min: 1, max: 9, integer: true }), { maxLength: 9 }),
      confidence: number({ min: 0, max: 1 }),
    }),
  ),
  confidence: cells81(number({ min: 0, max: 1 })),
  repaired: array(cell, { maxLength: CELLS }),
  informed: array(cell, { maxLength: CELLS }),
  solutions: number({ min: 0, max: 1000, integer: true }),
  corners: optional((value, path) => {
    const points = array(object({ x: coordinate, y: coordinate }), { maxLength: 4 })(value, path)
    if (points.length !== 4) throw new ValidationError(`${path} must have 4 corners, got ${points.length}`)
    return points
  }),
  width: optional(side),
  height: optional(side),
})

const savedShape = object({
  board: savedBoard,
  undo: array(savedBoard, { maxLength: SAVED_HISTORY }),
  redo: array(savedBoard, { maxLength: SAVED_HISTORY }),
  papers: array(savedPaper, { maxLength: MAX_PAPERS }),
  mode: literal('puzzle', 'review', 'play'),
  selected: cell,
  elapsedMs: number({ min: 0, max: 1e12 }),
})

/** Checks a saved puzzle from the renderer or the disk: exact shape, no unknown keys, papers that exist. */
export const savedPuzzle: Guard<SavedPuzzle> = (value, path = 'puzzle') => {
  const saved = savedShape(value, path) as SavedPuzzle
  for (const board of [saved.board, ...saved.undo, ...saved.redo]) {
    if (board.paper !== null && board.paper >= saved.papers.length)
      throw new ValidationError(`${path}: a board refers to paper ${board.paper}, which is not saved`)
  }
  return saved
}
