/**
 * Where a time-lapse shot's grid is, given the print the shots before read: a grid found a whole
 * cell off (its outline took in a row of the page's text, or a column rule for its border) shows
 * the print a cell off (watch/print-on-page.ts's printMove), and is moved onto it. So may a print read
 * from a grid a cell off, at the shot it was kept, so the grid is moved only where the moved place
 * is the likelier grid: its every row and column crossed by more of its inner lines (grid/find-grid.ts's
 * weakestCrossings). grid/box-lines.ts tells most grids a cell off by their box lines as they are
 * found, but not on a page whose every line is printed alike. On a held-out solving session of such
 * a page (bench:timelapse-session), one shot found the grid a row up, read a proper puzzle there,
 * and the log took it for another page, whose print the next shot misread: 2 of the 30 digits
 * missed, 4 logged where none was written, "Check my paper" right in 8 of 53 shots. With the grid
 * moved: 30 of 30, none, 53 of 53.
 */
import type { Grid } from '../../sudoku/board'
import type { CellImage } from '../cells/extract-cells'
import type { CV } from '../core/cv'
import type { GrayScales } from '../core/gray'
import { weakestCrossings } from '../grid/find-grid'
import { shiftedByCells } from '../grid/box-lines'
import type { Corners } from '../core/image'
import { printMove, printOnPage, showsPrint } from './print-on-page'

/** The grid moved onto `print` where `cells` (cut at `corners`) show it a cell off and the moved place is the likelier grid; else null. */
export function gridOnPrint(cv: CV, scales: GrayScales, cells: readonly CellImage[], corners: Corners, print: Grid): Corners | null {
  const inked = (cell: number): boolean => showsPrint(cells[cell])
  if (printOnPage(print, inked)) return null
  const move = printMove(print, inked)
  if (!move) return null
  const moved = shiftedByCells(corners, move.across, move.down)
  const [there, here] = weakestCrossings(cv, scales, [moved, corners])
  return there > here ? moved : null
}
