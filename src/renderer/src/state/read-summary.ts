/**
 * The status line after a read, in plain words: what was found on the paper (givens, the
 * player's digits, cells of pencil marks), how many cells need a look, and what to do next.
 */
import type { Cell } from '../../../shared/sudoku/board'
import { listCells } from '../../../shared/sudoku/validate'
import type { ReadOutcome } from '../workers/vision-protocol'

/** Up to this many doubtful cells are named in the status line; more are only counted. */
const NAMED_DOUBTS = 4

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

function joinList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

export interface ReadSummary {
  readonly kind: 'info' | 'warning'
  readonly text: string
}

/** `doubtful`: the cells the board marks as doubtful once the outcome is loaded. */
export function readSummary(
  outcome: Pick<ReadOutcome, 'grid' | 'entries' | 'cells' | 'confidence' | 'solutions'>,
  from: string,
  doubtful: readonly Cell[],
): ReadSummary {
  const givens = outcome.grid.filter((d) => d).length
  const entries = outcome.entries.filter((d, cell) => d && !outcome.grid[cell]).length
  const marks = outcome.cells.filter((c, cell) => c.kind === 'marks' && !outcome.grid[cell] && !outcome.entries[cell]).length
  const found = [count(givens, 'given', 'givens')]
  if (entries) found.push(count(entries, 'of your digits', 'of your digits'))
  if (marks) found.push(count(marks, 'cell of pencil marks', 'cells of pencil marks'))
  const parts = [`Read ${joinList(found)} from ${from}.`]
  if (doubtful.length) {
    const which = doubtful.length <= NAMED_DOUBTS ? `: ${listCells(doubtful)}` : ''
    parts.push(`${doubtful.length === 1 ? '1 cell is' : `${doubtful.length} cells are`} doubtful (marked${which}).`)
  }
  if (outcome.solutions === 0 || outcome.solutions > 1) {
    // No or several solutions: a given was probably misread; point at the least certain ones.
    const suspects = outcome.grid
      .flatMap((d, cell) => (d ? [cell] : []))
      .sort((a, b) => outcome.confidence[a] - outcome.confidence[b])
      .slice(0, 3)
    const problem = outcome.solutions === 0 ? 'have no solution' : 'have more than one solution'
    parts.push(`These givens ${problem}: most likely misread ${listCells(suspects)}. Select a cell to compare it with the photo and fix it.`)
    return { kind: 'warning', text: parts.join(' ') }
  }
  parts.push(entries || marks ? 'Check my paper when you are ready.' : 'Select a cell to compare it with the photo, then Solve.')
  return { kind: 'info', text: parts.join(' ') }
}
