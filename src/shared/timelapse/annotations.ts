/**
 * What an annotated time-lapse writes on its frames, from the boards recorded per shot: the elapsed
 * time, the digits filled on the board the move log has reached (a shot's own board can misread a
 * digit away), and for each new digit the technique that justifies it on the board just before;
 * then a final card with the time, how far each puzzle got and its difficulty. Text only; drawing
 * is the encoder's.
 */
import { counted } from '../counted'
import { formatElapsed } from '../elapsed'
import { type Cell, type Digit, CELLS, candidatesOf, cellName } from '../sudoku/board'
import { hint } from '../sudoku/hint'
import { TECHNIQUE_LABELS } from '../sudoku/logic/techniques'
import { ratePuzzle } from '../sudoku/rating'
import { digitsOn, loggedEntries } from './logged-board'
import { type DigitMove, type MarksMove, pageMoves } from './moves'
import type { Page } from './pages'

export interface FrameAnnotation {
  /** "12:34". */
  readonly elapsed: string
  /** Cells holding a digit, printed or written, on the board the notes are written on: 47. */
  readonly digits: number
  /** The same in words: "47/81 digits". */
  readonly filled: string
  /** One line per digit written since the previous shot: "r4c6 = 7 · hidden single". */
  readonly notes: readonly string[]
}

export interface FinalCard {
  readonly lines: readonly string[]
}

/** Steps the engine may take to reach the one that places a digit: a 17-clue puzzle takes well under 200. */
const MAX_STEPS = 300

/** Each shot's annotation, by frame number, from the session's pages (timelapse/pages.ts's pagesOf). */
export function annotationsOf(pages: readonly Page[]): Map<number, FrameAnnotation> {
  const out = new Map<number, FrameAnnotation>()
  for (const page of pages) {
    const { givens, solution } = page
    const moves = pageMoves(page)
    const board = boardBeforeMoves(page, moves)
    for (const shot of page.shots) {
      const notes: string[] = []
      for (const move of moves) {
        if (move.frame !== shot.frame || move.kind !== 'digit') continue
        if (move.digit) notes.push(`${cellName(move.cell)} = ${move.digit} · ${reasonFor(givens, board, solution, move.cell, move.digit)}`)
        board[move.cell] = move.digit
      }
      const digits = digitsOn(givens, board)
      out.set(shot.frame, { elapsed: formatElapsed(shot.seconds), digits, filled: `${digits}/${CELLS} digits`, notes })
    }
  }
  return out
}

/**
 * A page's board at its first shot as the log has it: its print, and in each other cell the digit
 * before the cell's first move, or the one the log settles; not the first shot's own reading.
 */
function boardBeforeMoves(page: Page, moves: readonly (DigitMove | MarksMove)[]): Uint8Array {
  const board = Uint8Array.from(page.givens)
  const settled = loggedEntries(page)
  for (let cell = 0; cell < CELLS; cell++) {
    if (board[cell]) continue
    const first = moves.find((move): move is DigitMove => move.kind === 'digit' && move.cell === cell)
    board[cell] = first ? first.was : settled[cell]
  }
  return board
}

/**
 * The closing card: the time taken, how far the paper got and how hard the puzzle is, per puzzle
 * for a session of several. "Solved" only where the log's last board is the solution.
 */
export function finalCard(pages: readonly Page[]): FinalCard {
  const last = pages[pages.length - 1]?.shots.at(-1)
  if (!last) return { lines: [] }
  const total = formatElapsed(last.seconds)
  if (pages.length === 1) {
    const { what, wrong } = outcomeWords(outcomeOf(pages[0]))
    return { lines: [`${what} in ${total}${wrong}`, difficulty(pages[0].givens)] }
  }
  const lines = pages.map((page, i) => {
    const from = page.shots[0].seconds
    const to = (pages[i + 1]?.shots[0] ?? page.shots[page.shots.length - 1]).seconds
    const { what, wrong } = outcomeWords(outcomeOf(page))
    return `Puzzle ${i + 1}: ${formatElapsed(to - from)} · ${what.toLowerCase()}${wrong} · ${difficulty(page.givens)}`
  })
  return { lines: [`${pages.length} puzzles in ${total}`, ...lines] }
}

/** How far a page got by its last shot, on the board the move log settles (loggedEntries). */
interface Outcome {
  /** Cells holding a digit, printed or written. */
  readonly filled: number
  /** Written digits that are not the solution's; 0 where the print has no single solution. */
  readonly wrong: number
  readonly solved: boolean
}

function outcomeOf(page: Page): Outcome {
  const entries = loggedEntries(page)
  const filled = digitsOn(page.givens, entries)
  let wrong = 0
  for (let c = 0; c < CELLS; c++) if (entries[c] && page.solution && entries[c] !== page.solution[c]) wrong++
  return { filled, wrong, solved: filled === CELLS && wrong === 0 && page.solution !== null }
}

/** An outcome in words: "Solved", "Filled" (with ", 2 digits wrong") or "58/81 digits". */
function outcomeWords({ filled, wrong, solved }: Outcome): { what: string; wrong: string } {
  if (solved) return { what: 'Solved', wrong: '' }
  if (filled === CELLS) return { what: 'Filled', wrong: wrong ? `, ${counted(wrong, 'digit')} wrong` : '' }
  return { what: `${filled}/${CELLS} digits`, wrong: '' }
}

/** "Difficulty: …" of a print as read. */
function difficulty(givens: Uint8Array): string {
  const rating = ratePuzzle(givens)
  return rating.level
    ? `Difficulty: ${rating.level}${rating.hardest ? ` (hardest step: ${TECHNIQUE_LABELS[rating.hardest]})` : ''}`
    : 'Difficulty: not rated (the givens as read have no single solution)'
}

/**
 * Why `digit` may go in `cell` on `board` (givens and the digits written so far): the engine's
 * steps are followed from that board until one places it, and that step's technique names it.
 */
function reasonFor(givens: Uint8Array, board: Uint8Array, solution: Uint8Array | null, cell: Cell, digit: Digit): string {
  if (!solution) return 'the givens as read have no single solution'
  if (solution[cell] !== digit) return 'a mistake'
  const entries = Uint8Array.from(board, (d, c) => (givens[c] || d !== solution[c] ? 0 : d))
  let candidates = candidatesOf(Uint8Array.from(givens, (g, c) => g || entries[c]))
  for (let i = 0; i < MAX_STEPS; i++) {
    const next = hint({ givens, entries, candidates, solution }, 'full')
    if (next.kind !== 'step' || !next.step) break
    const { step } = next
    if (step.placements.some((p) => p.cell === cell && p.digit === digit)) return TECHNIQUE_LABELS[step.technique].toLowerCase()
    candidates = Uint16Array.from(candidates)
    for (const e of step.eliminations) candidates[e.cell] &= ~(1 << (e.digit - 1))
    for (const p of step.placements) entries[p.cell] = p.digit
  }
  return 'a guess'
}
