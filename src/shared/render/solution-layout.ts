/**
 * Where to draw the solution digits on the photographed sheet: one affine transform per empty
 * cell (origin at the cell's centre, `CELL_UNITS` per cell side), shared by the live AR overlay
 * (canvas), the AR export (canvas) and the CLI export (SVG), so all three agree.
 */
import { CELLS, type Cell, type Digit, type Grid } from '../sudoku/board'
import type { Corners } from '../vision/image'
import { type Affine, CELL_UNITS, cellAffine, squareToQuad } from './homography'

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

/** The solution digits for the cells that are empty in `givens`. */
export function placeSolution(corners: Corners, givens: Grid, solution: Grid): PlacedDigit[] {
  const h = squareToQuad(corners)
  const placed: PlacedDigit[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    if (givens[cell] || !solution[cell]) continue
    placed.push({ cell, digit: solution[cell], transform: cellAffine(h, cell) })
  }
  return placed
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
