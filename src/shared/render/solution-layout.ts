/**
 * Where to draw the solution digits on the photographed sheet: one affine transform per cell the
 * paper holds no digit in (origin at the cell's centre, `CELL_UNITS` per cell side), shared by the
 * live AR overlay (canvas), the AR export (canvas) and the CLI export (SVG), so all three agree.
 */
import { CELLS, type Cell, type Digit, type Grid } from '../sudoku/board'
import type { CellKind } from '../vision/cell-reading'
import type { Corners } from '../vision/core/image'
import { type Affine, CELL_UNITS, cellAffine, squareToQuad } from '../vision/core/homography'

export interface PlacedDigit {
  readonly cell: Cell
  readonly digit: Digit
  /** Local -> image pixels; draw the digit centred at (0, DIGIT_BASELINE). */
  readonly transform: Affine
}

/** Digit height as a share of the cell (font size in local units). */
export const DIGIT_FONT_SIZE = 0.68 * CELL_UNITS
/** Baseline below the centre so a lining digit looks centred (cap height ≈ 0.72 em). */
export const DIGIT_BASELINE = 0.36 * DIGIT_FONT_SIZE
export const DIGIT_FONT_FAMILY = 'DejaVu Sans, Noto Sans, Arial, Helvetica, sans-serif'
/** Pen digits as the board draws them: a script face where there is one, slanted in any case. */
export const PEN_FONT_FAMILY = 'Segoe Print, Bradley Hand, Comic Neue, Comic Sans MS, cursive'

export const COLOURS = {
  paper: '#ffffff',
  line: '#9aa0a6',
  ink: '#111111',
  given: '#111111',
  solution: '#0b7a34',
  /** The player's own digits, as the board draws them: typed in the app, and written in pen on paper. */
  user: '#1f5fbf',
  pen: '#1d2f6f',
  /** A candidate a step eliminates, struck out. */
  struck: '#c62828',
  /** The solution drawn on a photo: saturated so it reads against grey paper. */
  overlay: '#d81b60',
} as const

/** What the photographed paper holds, per cell. */
export interface PaperInk {
  /** A digit, printed or written in pen (nonzero), where the solution is not drawn. */
  readonly digits: ArrayLike<number>
  /** Pencil marks (nonzero) in a cell without a digit, where the solution is drawn smaller. */
  readonly marks?: ArrayLike<number> | null
}

/**
 * A solution digit among pencil marks: half the full size, in the cell's lower right quarter
 * (`AMONG_MARKS_OFFSET` local units right of and below the centre), where marks written from the
 * top left leave room, so both stay readable.
 */
export const AMONG_MARKS_SCALE = 0.5
export const AMONG_MARKS_OFFSET = 0.2 * CELL_UNITS

/** The solution digits for the cells the paper holds no digit in; in pencilled cells, smaller and aside. */
export function placeSolution(corners: Corners, paper: PaperInk, solution: Grid): PlacedDigit[] {
  const h = squareToQuad(corners)
  const placed: PlacedDigit[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    if (paper.digits[cell] || !solution[cell]) continue
    const transform = cellAffine(h, cell)
    if (!paper.marks?.[cell]) {
      placed.push({ cell, digit: solution[cell], transform })
      continue
    }
    const [a, b, c, d, e, f] = transform
    const [s, o] = [AMONG_MARKS_SCALE, AMONG_MARKS_OFFSET]
    placed.push({ cell, digit: solution[cell], transform: [a * s, b * s, c * s, d * s, e + (a + c) * o, f + (b + d) * o] })
  }
  return placed
}

/** What a read page holds: a digit where the reader saw print or pen (or the board has a given it missed), marks where it saw pencil. */
export function paperInkOf(cells: readonly { readonly kind: CellKind }[], givens?: ArrayLike<number>): PaperInk {
  return {
    digits: Uint8Array.from(cells, ({ kind }, cell) => (kind === 'given' || kind === 'entry' || givens?.[cell] ? 1 : 0)),
    marks: Uint8Array.from(cells, ({ kind }) => (kind === 'marks' ? 1 : 0)),
  }
}

const round = (n: number): string => String(Math.round(n * 10000) / 10000)

/** An SVG of the image's size holding only the placed digits (transparent elsewhere). */
export function overlaySvg(width: number, height: number, placed: readonly PlacedDigit[], colour: string = COLOURS.overlay): string {
  const texts = placed.map(
    ({ digit, transform }) => `<text transform="matrix(${transform.map(round).join(' ')})" x="0" y="${round(DIGIT_BASELINE)}">${digit}</text>`,
  )
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<g font-family="${DIGIT_FONT_FAMILY}" font-size="${round(DIGIT_FONT_SIZE)}" font-weight="600" text-anchor="middle" fill="${colour}">`,
    ...texts,
    '</g></svg>',
  ].join('\n')
}
