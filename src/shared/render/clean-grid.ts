/**
 * A clean drawing of the puzzle as SVG text: givens in ink, solved cells in green, optional
 * pencil candidates. Pure string building so the renderer (via an <img>) and the CLI (via sharp)
 * draw the very same picture.
 */
import { CELLS, type Candidates, type Grid } from '../sudoku/board'
import { COLOURS, DIGIT_FONT_FAMILY } from './solution-layout'

export interface CleanGridOptions {
  readonly givens: Grid
  /** The full solution, or null to draw the givens only. */
  readonly solution: Grid | null
  /** Side of the square image in pixels. */
  readonly size?: number
  /** Pencil marks for the cells that stay empty. */
  readonly candidates?: Candidates | null
}

export const CLEAN_GRID_SIZE = 900

/** Outer margin, as a share of the side, so the thick border is not cut off. */
const MARGIN = 0.03

export function cleanGridLayout(size: number): { margin: number; cell: number } {
  const margin = Math.round(size * MARGIN)
  return { margin, cell: (size - 2 * margin) / 9 }
}

export function cleanGridSvg({ givens, solution, size = CLEAN_GRID_SIZE, candidates = null }: CleanGridOptions): string {
  const { margin, cell } = cleanGridLayout(size)
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" fill="${COLOURS.paper}"/>`,
  ]
  for (let i = 0; i <= 9; i++) {
    const at = margin + i * cell
    const thick = i % 3 === 0
    const stroke = thick ? COLOURS.ink : COLOURS.line
    const width = thick ? Math.max(2, size / 200) : Math.max(1, size / 600)
    parts.push(
      `<line x1="${margin}" y1="${at}" x2="${size - margin}" y2="${at}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="square"/>`,
      `<line x1="${at}" y1="${margin}" x2="${at}" y2="${size - margin}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="square"/>`,
    )
  }
  const fontSize = cell * 0.66
  parts.push(`<g font-family="${DIGIT_FONT_FAMILY}" text-anchor="middle">`)
  for (let c = 0; c < CELLS; c++) {
    const x = margin + (c % 9) * cell
    const y = margin + Math.floor(c / 9) * cell
    const digit = givens[c] || solution?.[c] || 0
    if (digit) {
      const given = givens[c] !== 0
      parts.push(
        `<text x="${x + cell / 2}" y="${y + cell / 2 + fontSize * 0.36}" font-size="${fontSize}" font-weight="${given ? 700 : 400}" fill="${given ? COLOURS.given : COLOURS.solution}">${digit}</text>`,
      )
    } else if (candidates?.[c]) {
      const small = cell / 3
      for (let d = 1; d <= 9; d++) {
        if (!(candidates[c] & (1 << (d - 1)))) continue
        const cx = x + ((d - 1) % 3) * small + small / 2
        const cy = y + Math.floor((d - 1) / 3) * small + small / 2 + small * 0.25
        parts.push(`<text x="${cx}" y="${cy}" font-size="${small * 0.7}" fill="${COLOURS.line}">${d}</text>`)
      }
    }
  }
  parts.push('</g></svg>')
  return parts.join('\n')
}
