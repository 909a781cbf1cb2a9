/**
 * Step 6: corrections made by eye on the contact sheets (sheets.ts), each with its reason. The
 * automatic pass (decide.ts) is never edited to fit a puzzle; a cell it gets wrong is listed here.
 */
import type { CellKind } from '../../src/shared/vision/cell-reading'

export interface Override {
  readonly puzzle: string
  /** `r3c7`, rows and columns 1-9 as players write them. */
  readonly cell: string
  readonly kind: CellKind
  readonly reason: string
}

export const OVERRIDES: readonly Override[] = []
