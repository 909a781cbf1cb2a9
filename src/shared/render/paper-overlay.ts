/**
 * What the live camera draws on the paper besides the grid outline, and where: the solution
 * (as solution-layout.ts), the next hint (its cells tinted, the digit it places, the candidates
 * it removes struck through at their pencil-mark place) or the mistakes (their cells ringed).
 * Pure data in, placed shapes out; draw-digits.ts draws them on a canvas.
 */
import { CELLS, type Cell, type Digit, type Grid } from '../sudoku/board'
import type { PaperCheck } from '../sudoku/check'
import type { Hint } from '../sudoku/hint'
import type { Corners } from '../vision/core/image'
import { CELL_UNITS, cellAffine, cellQuad, localAffine, squareToQuad } from '../vision/core/homography'
import type { PlacedDigit } from './solution-layout'

export type OverlayMode = 'solution' | 'hint' | 'mistakes'

export interface OverlayContent {
  /** Cells to tint: the hint's. */
  readonly highlight: readonly Cell[]
  /** Digits to write in: the solution's or the hint's placements. */
  readonly digits: readonly { readonly cell: Cell; readonly digit: Digit }[]
  /** Candidates the hint removes, struck through small where a pencil mark for them would be. */
  readonly removed: readonly { readonly cell: Cell; readonly digit: Digit }[]
  /** Cells to ring: mistakes. */
  readonly mistakes: readonly Cell[]
}

export const NOTHING: OverlayContent = { highlight: [], digits: [], removed: [], mistakes: [] }

/** The solution in every cell not already filled on the paper. */
export function solutionOverlay(filled: Grid, solution: Grid): OverlayContent {
  const digits: { cell: Cell; digit: Digit }[] = []
  for (let cell = 0; cell < CELLS; cell++) if (!filled[cell] && solution[cell]) digits.push({ cell, digit: solution[cell] })
  return { ...NOTHING, digits }
}

/** A full-level hint: its step, or the mistakes it asks to fix first. */
export function hintOverlay(hint: Hint): OverlayContent {
  if (hint.kind === 'mistakes') return { ...NOTHING, mistakes: [...hint.cells, ...hint.candidateCells] }
  if (hint.kind !== 'step' || !hint.step) return NOTHING
  return { highlight: hint.cells, digits: hint.step.placements, removed: hint.step.eliminations, mistakes: [] }
}

/** A full-level check: every mistake's cell. */
export function checkOverlay(check: PaperCheck): OverlayContent {
  return check.kind === 'mistake' && check.level === 'full' ? { ...NOTHING, mistakes: check.cells } : NOTHING
}

export interface OverlayLayout {
  /** Cell outlines in image pixels (TL, TR, BR, BL). */
  readonly highlight: readonly Corners[]
  readonly mistakes: readonly Corners[]
  /** Full-size digits, as placeSolution's. */
  readonly digits: readonly PlacedDigit[]
  /** Pencil-mark-size digits: drawn with the same font, their transform a third of a cell's. */
  readonly removed: readonly PlacedDigit[]
}

export function layoutOverlay(corners: Corners, content: OverlayContent): OverlayLayout {
  const h = squareToQuad(corners)
  return {
    highlight: content.highlight.map((cell) => cellQuad(h, cell)),
    mistakes: content.mistakes.map((cell) => cellQuad(h, cell)),
    digits: content.digits.map(({ cell, digit }) => ({ cell, digit, transform: cellAffine(h, cell) })),
    removed: content.removed.map(({ cell, digit }) => {
      // The digit's place in the cell's 3x3 pencil-mark grid, in units of the whole grid.
      const u = ((cell % 9) + ((digit - 1) % 3) / 3 + 1 / 6) / 9
      const v = (Math.floor(cell / 9) + Math.floor((digit - 1) / 3) / 3 + 1 / 6) / 9
      return { cell, digit, transform: localAffine(h, u, v, 27 * CELL_UNITS) }
    }),
  }
}
