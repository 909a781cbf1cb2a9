/**
 * Whether a page shows a known print: the test a time-lapse applies to each shot (read.ts before
 * reading against the print, paper-memory.ts and timelapse-pages.ts to tell another puzzle).
 */
import type { Grid } from '../sudoku/board'

/**
 * Share of a known print's cells that must hold ink for a shot to be of the same page: cells.ts
 * finds ink in 6,959 of 6,960 givens of the pen photos (paper-judge.ts's INK_FOUND_RATE), so a
 * page with a tenth of them blank is another page (the next puzzle of the book).
 */
export const PRINT_ON_PAGE = 0.9

/** Whether at least PRINT_ON_PAGE of `print`'s given cells are `filled` on the page. */
export function printOnPage(print: Grid, filled: (cell: number) => boolean): boolean {
  let printed = 0
  let shown = 0
  print.forEach((digit, cell) => {
    if (!digit) return
    printed++
    if (filled(cell)) shown++
  })
  return shown >= PRINT_ON_PAGE * printed
}
