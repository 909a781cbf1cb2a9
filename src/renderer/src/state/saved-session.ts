/**
 * A PuzzleSession to and from its saved form (src/shared/saved-puzzle.ts): boards as compact
 * strings, each paper stored once however many boards of the history come from it.
 */
import { CELLS } from '../../../shared/sudoku/board'
import { SAVED_HISTORY, type SavedBoard, type SavedPaper, type SavedPuzzle } from '../../../shared/saved-puzzle'
import type { BoardState, Paper, PuzzleSession } from './PuzzleSession.svelte'

const MASK_DIGITS = 3

const digits = (values: ArrayLike<number>): string => Array.from(values).join('')
const masks = (values: ArrayLike<number>): string => Array.from(values, (m) => m.toString(16).padStart(MASK_DIGITS, '0')).join('')
const fromDigits = (text: string): Uint8Array => Uint8Array.from(text, Number)
const fromMasks = (text: string): Uint16Array =>
  Uint16Array.from({ length: CELLS }, (_, cell) => parseInt(text.slice(cell * MASK_DIGITS, (cell + 1) * MASK_DIGITS), 16))

function savePaper(paper: Paper): SavedPaper {
  return {
    grid: [...paper.grid],
    entries: [...paper.entries],
    cells: paper.cells.map(({ kind, digit, marks, confidence }) => ({ kind, digit, marks: [...marks], confidence })),
    confidence: [...paper.confidence],
    repaired: [...paper.repaired],
    informed: [...paper.informed],
    solutions: paper.solutions,
    corners: paper.corners.map(({ x, y }) => ({ x, y })),
    width: paper.width,
    height: paper.height,
  }
}

/** A saved paper as the session keeps it; one saved before photos were kept has no place in a photo. */
function loadPaper(saved: SavedPaper): Paper {
  const { corners, width = 1, height = 1, ...rest } = saved
  const at = corners ?? [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ]
  return { ...rest, corners: [at[0], at[1], at[2], at[3]], width, height }
}

export function toSaved(session: PuzzleSession): SavedPuzzle {
  const { board, undo, redo } = session.history()
  const papers = new Map<Paper, number>()
  const saveBoard = (state: BoardState): SavedBoard => {
    let paper: number | null = null
    if (state.paper) {
      if (!papers.has(state.paper)) papers.set(state.paper, papers.size)
      paper = papers.get(state.paper)!
    }
    return {
      grid: digits(state.grid),
      givens: digits(state.givens),
      written: digits(state.written),
      marks: masks(state.marks),
      eliminated: masks(state.eliminated),
      paper,
      ...(state.solution ? { solution: digits(state.solution) } : {}),
    }
  }
  // The newest undo steps (the redo stack's top is its end: those nearest the board).
  const saved = { board: saveBoard(board), undo: undo.slice(-SAVED_HISTORY).map(saveBoard), redo: redo.slice(-SAVED_HISTORY).map(saveBoard) }
  return { ...saved, papers: [...papers.keys()].map(savePaper), mode: session.mode, selected: session.selected, elapsedMs: Math.round(session.timer.elapsedMs) }
}

export function restoreSaved(session: PuzzleSession, saved: SavedPuzzle): void {
  // One object per paper, so boards from the same read share it as they did (the crop beside the board relies on it).
  const papers: Paper[] = saved.papers.map(loadPaper)
  const loadBoard = (state: SavedBoard): BoardState => ({
    grid: fromDigits(state.grid),
    givens: fromDigits(state.givens),
    written: fromDigits(state.written),
    marks: fromMasks(state.marks),
    eliminated: fromMasks(state.eliminated),
    paper: state.paper === null ? null : papers[state.paper],
    solution: state.solution ? fromDigits(state.solution) : null,
  })
  session.restore({
    board: loadBoard(saved.board),
    undo: saved.undo.map(loadBoard),
    redo: saved.redo.map(loadBoard),
    mode: saved.mode,
    selected: saved.selected,
    elapsedMs: saved.elapsedMs,
  })
}
