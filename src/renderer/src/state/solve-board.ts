/**
 * Solving the board as the Solve button does: the givens go to the solver, and what comes back is
 * said in the status line and, when the givens are wrong, ringed on the board (`Problem`).
 */
import { type Cell, CELLS } from '../../../shared/sudoku/board'
import { type Analysis, MIN_UNIQUE_GIVENS, differingCells, listCells } from '../../../shared/sudoku/validate'
import type { SudokuResults, SudokuTask } from '../workers/sudoku-tasks'
import type { Problem, PuzzleSession, Status } from './PuzzleSession.svelte'

/** Runs one sudoku task: the worker in the app, `perform` in tests. */
export type RunTask = <K extends SudokuTask['kind']>(task: Extract<SudokuTask, { kind: K }>) => Promise<SudokuResults[K]>

const them = (cells: readonly Cell[]): string => (cells.length === 1 ? 'it' : 'them')

/** Solves the givens and shows the answer, or what is wrong with them. Stale answers (the board changed meanwhile) are dropped. */
export async function solveBoard(session: PuzzleSession, run: RunTask): Promise<void> {
  const board = session.board
  const grid = session.givensGrid()
  const analysis = await run({ kind: 'analyse', grid })
  const problem = await findProblem(analysis, grid, run)
  if (session.board !== board) return
  // Showing the answer is an undoable step; it also drops a hint's drawing, which is about the board before it.
  if (analysis.status === 'unique' && analysis.solution) session.showSolution(analysis.solution)
  session.status = solveStatus(analysis, session, problem)
  session.problem = problem
}

/**
 * After a read whose givens have no or several solutions: rings the cells to check on the board
 * and returns a sentence naming them for the status line ('' when there is nothing to ring).
 */
export async function ringReadProblem(session: PuzzleSession, run: RunTask): Promise<string> {
  const board = session.board
  const grid = session.givensGrid()
  const problem = await findProblem(await run({ kind: 'analyse', grid }), grid, run)
  if (session.board !== board || !problem) return ''
  session.problem = problem
  return problem.kind === 'none' ? `Ringed: ${listCells(problem.cells)}, where another digit makes it solvable.` : `Ringed: where the solutions differ.`
}

async function findProblem(analysis: Analysis, grid: Uint8Array, run: RunTask): Promise<Problem | null> {
  if (analysis.status === 'none') {
    const cells = await run({ kind: 'culprits', grid })
    return cells.length ? { kind: 'none', cells } : null
  }
  // With too few givens the solutions differ almost everywhere: ringing every cell says nothing.
  const givens = grid.reduce((n, d) => n + (d ? 1 : 0), 0)
  if (analysis.status === 'multiple' && givens >= MIN_UNIQUE_GIVENS && analysis.solutions.length === 2) {
    return { kind: 'multiple', cells: differingCells(analysis.solutions[0], analysis.solutions[1]) }
  }
  return null
}

function solveStatus(analysis: Analysis, session: PuzzleSession, problem: Problem | null): Status {
  const { grid, givens } = session.board
  const text = [analysis.summary, ...analysis.warnings.map((w) => w.message)].join(' ')
  const own = Array.from({ length: CELLS }, (_, cell) => cell).filter((cell) => grid[cell] && !givens[cell])
  if (analysis.status === 'unique') {
    const wrong = own.filter((cell) => grid[cell] !== analysis.solution?.[cell])
    return wrong.length ? { kind: 'warning', text: `${analysis.summary} Your digits in ${listCells(wrong)} do not match it.` } : { kind: 'success', text }
  }
  const parts = [text]
  if (problem?.kind === 'multiple') parts.push('The cells where two solutions differ are ringed.')
  if (problem?.kind === 'none')
    parts.push(`Changing ${listCells(problem.cells)} (ringed) alone would make it solvable: compare ${them(problem.cells)} with the paper.`)
  if (analysis.status !== 'invalid' && own.length) {
    // The trap this avoids: a board that looks complete, but the player's digits are not the puzzle's.
    parts.push(
      `Solve uses only the givens (bold); your ${own.length} ${own.length === 1 ? 'digit is' : 'digits are'} not part of the puzzle. To make a digit a given, switch to "Enter puzzle" and type it again.`,
    )
  }
  return { kind: 'error', text: parts.join(' ') }
}
