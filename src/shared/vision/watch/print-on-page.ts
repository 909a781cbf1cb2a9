/**
 * Whether a page shows a known print: the test a time-lapse applies to each shot (read.ts before
 * reading against the print, watch/paper-memory.ts and timelapse/pages.ts to tell another puzzle), and
 * where a grid found a whole cell off shows it (read.ts moves the grid there).
 */
import type { Grid } from '../../sudoku/board'
import type { CellImage } from '../cells/extract-cells'

/**
 * Share of a known print's cells that must hold ink for a shot to be of the same page: cells.ts
 * finds ink in 6,959 of 6,960 givens of the pen photos (paper/cell-judge.ts's INK_FOUND_RATE), so a
 * page with a tenth of them blank is another page (the next puzzle of the book).
 */
export const PRINT_ON_PAGE = 0.9

/**
 * The least `filledScore` at which a cell shows a known print's digit, where a new digit must reach
 * cells.ts's FILLED_THRESHOLD (0.6): the cut that finds ink is one for the whole grid, and as a
 * person's dark pen digits fill the page it darkens, so faint print scores lower shot by shot (on
 * a held-out solving session of a blurred phone photo, 4 of 28 printed cells under 0.6 by the 34th
 * shot and 12 by the 44th, 11 of those 12 at 0.33-0.59). Half the threshold: on Wicht's photos,
 * another puzzle's page shows at most 79% of a print's cells at any bar from 0.6 down to 0.2
 * (24,604 pairs of photos of different puzzles), under PRINT_ON_PAGE.
 */
export const PRINT_INK_SCORE = 0.3

/** Whether a cell holds ink enough to show a known print's digit (PRINT_INK_SCORE). */
export function showsPrint(cell: Pick<CellImage, 'filled' | 'filledScore' | 'box'>): boolean {
  return cell.filled || (cell.box !== null && cell.filledScore >= PRINT_INK_SCORE)
}

/** Whether at least PRINT_ON_PAGE of `print`'s given cells are `filled` on the page. */
export function printOnPage(print: Grid, filled: (cell: number) => boolean): boolean {
  return printShownAt(print, filled, 0, 0)
}

/** A grid's move by whole cells: `across` to the right, `down` downwards. */
export interface CellMove {
  readonly across: number
  readonly down: number
}

/**
 * The one move of a cell, any way, under which the page shows `print` (PRINT_ON_PAGE of its cells
 * that stay inside the grid `filled` there), or null where none or several do. A grid whose outline
 * took in a row of the page's text, or a column rule for its border, is a cell off, and shows the
 * print a cell the other way: where the grid's cell (r, c) shows the print's (r - down, c - across),
 * the grid moved by `down` and `across` cells is the print's. Only for a page that does not show
 * the print in place (printOnPage): a page mostly written shows it under several moves.
 */
export function printMove(print: Grid, filled: (cell: number) => boolean): CellMove | null {
  const moves: CellMove[] = []
  for (let down = -1; down <= 1; down++)
    for (let across = -1; across <= 1; across++) if ((down || across) && printShownAt(print, filled, across, down)) moves.push({ across, down })
  return moves.length === 1 ? moves[0] : null
}

/** Whether the page shows `print` moved by `across` and `down` cells (its cells that stay inside the grid). */
function printShownAt(print: Grid, filled: (cell: number) => boolean, across: number, down: number): boolean {
  let printed = 0
  let shown = 0
  print.forEach((digit, cell) => {
    const row = Math.floor(cell / 9) + down
    const col = (cell % 9) + across
    if (!digit || row < 0 || row > 8 || col < 0 || col > 8) return
    printed++
    if (filled(row * 9 + col)) shown++
  })
  return shown >= PRINT_ON_PAGE * printed
}
