/**
 * Step 4: the automatic decision, per digit cell of a puzzle: printed (a given) when it matches the
 * font AND has the font's height on this page; handwritten (an entry) otherwise.
 *
 * Both measures are medians over the puzzle's four photos. Height matters because a neat
 * handwritten 7 or 5 can match the font's shape (0.92-0.945) while being written 15-45% taller than
 * print; printed digits are 0.56-0.57 of a cell high on every page (measured, both splits).
 */
import { MARKS_LABEL } from '../../datasets/kubiesa'
import type { CellKind } from '../../src/shared/vision/cell-reading'
import { type CellViews, median } from './font'

/**
 * Font match at or above which a cell's shape is print. Measured (both splits): givens 0.953 and
 * up (most 0.98-1.00), entries 0.945 and below (most under 0.9). The cut alone separates them, but
 * narrowly, hence the height test as well.
 */
export const FONT_MATCH = 0.95
/**
 * Largest relative difference from the page's print height for print. Measured: givens 0.95-1.11
 * (the tallest where a pencil stroke touches the digit); the eight entries that match the font
 * best (0.92-0.945) are 1.15-1.43.
 */
export const HEIGHT_TOLERANCE = 0.12
/** Cells within these margins of either cut are listed for the by-eye check. */
const MATCH_DOUBT = 0.03
const HEIGHT_DOUBT = 0.05

export interface CellDecision {
  readonly cell: number
  readonly kind: CellKind
  /** For digit cells: the font match and height over the page's print height; 0 otherwise. */
  readonly match: number
  readonly heightRatio: number
  /** Close to a cut: look at it. */
  readonly doubtful: boolean
}

/** The decisions for one puzzle's 81 cells; `cells` are its digit cells with their font matches. */
export function decidePuzzle(labels: Uint8Array, cells: readonly CellViews[], matches: readonly number[]): CellDecision[] {
  const height = (c: CellViews): number => median(c.views.map((v) => v.height))
  const printHeight = median(cells.filter((_, i) => matches[i] >= FONT_MATCH).map(height))
  const byCell = new Map(cells.map((c, i) => [c.cell, { match: matches[i], heightRatio: height(c) / printHeight }]))
  return Array.from(labels, (label, cell) => {
    const m = byCell.get(cell)
    if (label === 0 || label === MARKS_LABEL || !m) {
      return { cell, kind: label === MARKS_LABEL ? 'marks' : 'empty', match: 0, heightRatio: 0, doubtful: false }
    }
    const sized = Math.abs(m.heightRatio - 1) <= HEIGHT_TOLERANCE
    const doubtful =
      Math.abs(m.match - FONT_MATCH) < MATCH_DOUBT || (m.match >= FONT_MATCH && Math.abs(Math.abs(m.heightRatio - 1) - HEIGHT_TOLERANCE) < HEIGHT_DOUBT)
    return { cell, kind: m.match >= FONT_MATCH && sized ? 'given' : 'entry', ...m, doubtful }
  })
}
