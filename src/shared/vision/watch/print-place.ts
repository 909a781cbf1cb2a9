/**
 * A time-lapse shot's grid found a cell off (its outline took in a text row or a column rule) is
 * moved onto the known print, where the inner lines agree: the print itself may have been read off.
 */
import type { Grid } from '../../sudoku/board'
import type { CellImage } from '../cells/extract-cells'
import type { CV } from '../core/cv'
import type { GrayScales } from '../core/gray'
import { weakestCrossings } from '../grid/find-grid'
import { shiftedByCells } from '../grid/box-lines'
import type { Corners } from '../core/image'
import { printMove, printOnPage, showsPrint } from './print-on-page'

/** The corners moved onto `print` where `cells` show it a cell off and the lines agree; else null. */
export function gridOnPrint(cv: CV, scales: GrayScales, cells: readonly CellImage[], corners: Corners, print: Grid): Corners | null {
  const inked = (cell: number): boolean => showsPrint(cells[cell])
  if (printOnPage(print, inked)) return null
  const move = printMove(print, inked)
  if (!move) return null
  const moved = shiftedByCells(corners, move.across, move.down)
  const [there, here] = weakestCrossings(cv, scales, [moved, corners])
  return there > here ? moved : null
}
