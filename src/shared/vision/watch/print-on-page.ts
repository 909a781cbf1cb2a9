/** Whether a time-lapse shot shows a known print, in place or a cell off. */
import type { Grid } from '../../sudoku/board'
import type { CellImage } from '../cells/extract-cells'

/** Share of a print's cells that hold ink on the same page. Set from the pen photos: ink is found in 6,959 of 6,960 givens. */
export const PRINT_ON_PAGE = 0.9

/** `filledScore` that shows known print: half cells/evidence.ts's FILLED_THRESHOLD, as pen darkens the page. Set from Wicht's photos: another puzzle shows at most 79%. */
export const PRINT_INK_SCORE = 0.3

/** Whether a cell holds ink enough to show a known print's digit. */
export function showsPrint(cell: Pick<CellImage, 'filled' | 'filledScore' | 'box'>): boolean {
  return cell.filled || (cell.box !== null && cell.filledScore >= PRINT_INK_SCORE)
}

/** Whether at least PRINT_ON_PAGE of `print`'s given cells are `filled` on the page. */
export function printOnPage(print: Grid, filled: (cell: number) => boolean): boolean {
  return printShownAt(print, filled, 0, 0)
}

/** A move by whole cells, right and down. */
export interface CellMove {
  readonly across: number
  readonly down: number
}

/** The one move by a cell under which a page shows `print` (not in place), or null. */
export function printMove(print: Grid, filled: (cell: number) => boolean): CellMove | null {
  const moves: CellMove[] = []
  for (let down = -1; down <= 1; down++)
    for (let across = -1; across <= 1; across++) if ((down || across) && printShownAt(print, filled, across, down)) moves.push({ across, down })
  return moves.length === 1 ? moves[0] : null
}

/** Whether the page shows `print` moved by `across` and `down` (its cells left inside). */
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
