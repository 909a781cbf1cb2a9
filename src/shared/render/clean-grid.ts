/**
 * The board drawn flat as SVG text: givens in ink, the player's own digits in their blue (pen
 * digits slanted, as the board draws them), other digits in green, pencil candidates, and for a
 * step of the solve its cells tinted and its eliminated candidates struck out. Pure string
 * building so the renderer (via an <img>), the CLI (via sharp) and the solve video (via sharp)
 * draw the very same board.
 */
import { CELLS, type Candidates, type Cell, type Digit, type Grid } from '../sudoku/board'
import { COLOURS, DIGIT_FONT_FAMILY, PEN_FONT_FAMILY } from './solution-layout'

/** The player's own digits: 0 where none; `written` 1 where one was written in pen on paper (else typed). */
export interface PlayerDigits {
  readonly entries: Grid
  readonly written?: ArrayLike<number> | null
}

export interface BoardDrawing {
  readonly givens: Grid
  /** The player's digits, drawn over `digits`; one the solution in `digits` disagrees with is underlined in red. */
  readonly player?: PlayerDigits | null
  /** Digits beyond the givens (the solution, cells solved so far), 0 where none. */
  readonly digits?: Grid | null
  /** Pencil marks for the cells without a digit. */
  readonly candidates?: Candidates | null
  /** A background colour for some cells (a step's pattern). */
  readonly tint?: ReadonlyMap<Cell, string>
  /** Candidates drawn struck out (a step's eliminations). */
  readonly struck?: (cell: Cell, digit: Digit) => boolean
}

/** Where on the page the board goes: its top-left corner and side, in pixels. */
export interface BoardPlace {
  readonly x: number
  readonly y: number
  readonly side: number
}

export interface CleanGridOptions {
  readonly givens: Grid
  /** The player's own digits, solved or not. */
  readonly player?: PlayerDigits | null
  /** The full solution for the cells left, or null to draw only the givens and the player's digits. */
  readonly solution: Grid | null
  /** Side of the square image in pixels. */
  readonly size?: number
  /** Pencil marks for the cells that stay empty. */
  readonly candidates?: Candidates | null
}

export const CLEAN_GRID_SIZE = 900

/** Outer margin, as a share of the side, so the thick border is not cut off. */
const MARGIN = 0.03
/** A digit's height as a share of the cell, and its baseline below the centre so a lining digit looks centred (cap height ≈ 0.72 em). */
const DIGIT_SIZE = 0.66
const BASELINE = 0.36
/** The same for a pencil mark in its third of the cell. */
const MARK_SIZE = 0.7
const MARK_BASELINE = 0.25

export function cleanGridLayout(size: number): { margin: number; cell: number } {
  const margin = Math.round(size * MARGIN)
  return { margin, cell: (size - 2 * margin) / 9 }
}

/** The board alone as a square image. */
export function cleanGridSvg({ givens, player = null, solution, size = CLEAN_GRID_SIZE, candidates = null }: CleanGridOptions): string {
  const { margin } = cleanGridLayout(size)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" fill="${COLOURS.paper}"/>`,
    boardSvg({ givens, player, digits: solution, candidates }, { x: margin, y: margin, side: size - 2 * margin }),
    '</svg>',
  ].join('\n')
}

/** The board as SVG elements (no <svg> around them), to be placed in a larger drawing. */
export function boardSvg(board: BoardDrawing, { x: left, y: top, side }: BoardPlace): string {
  const { givens, player = null, digits = null, candidates = null, tint, struck } = board
  const cell = side / 9
  const parts: string[] = [`<rect x="${left}" y="${top}" width="${side}" height="${side}" fill="${COLOURS.paper}"/>`]
  for (const [c, colour] of tint ?? []) {
    parts.push(`<rect x="${left + (c % 9) * cell}" y="${top + Math.floor(c / 9) * cell}" width="${cell}" height="${cell}" fill="${colour}"/>`)
  }
  for (let i = 0; i <= 9; i++) {
    const thick = i % 3 === 0
    const stroke = thick ? COLOURS.ink : COLOURS.line
    const width = thick ? Math.max(2, side / 190) : Math.max(1, side / 570)
    const x = left + i * cell
    const y = top + i * cell
    parts.push(
      `<line x1="${left}" y1="${y}" x2="${left + side}" y2="${y}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="square"/>`,
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${top + side}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="square"/>`,
    )
  }
  const fontSize = cell * DIGIT_SIZE
  const small = cell / 3
  parts.push(`<g font-family="${DIGIT_FONT_FAMILY}" text-anchor="middle">`)
  for (let c = 0; c < CELLS; c++) {
    const x = left + (c % 9) * cell
    const y = top + Math.floor(c / 9) * cell
    const own = givens[c] ? 0 : (player?.entries[c] ?? 0)
    const digit = givens[c] || own || digits?.[c] || 0
    const [midX, midY] = [x + cell / 2, y + cell / 2]
    const baseline = midY + fontSize * BASELINE
    if (own && player?.written?.[c]) {
      parts.push(
        `<text x="${midX}" y="${baseline}" font-size="${fontSize}" font-family="${PEN_FONT_FAMILY}" font-style="italic" fill="${COLOURS.pen}" transform="rotate(-6 ${midX} ${midY})">${digit}</text>`,
      )
    } else if (digit) {
      const given = givens[c] !== 0
      const fill = given ? COLOURS.given : own ? COLOURS.user : COLOURS.solution
      parts.push(`<text x="${midX}" y="${baseline}" font-size="${fontSize}" font-weight="${given ? 700 : 400}" fill="${fill}">${digit}</text>`)
    }
    // A digit of the player's the solution disagrees with: underlined in red, as the board does.
    if (own && digits?.[c] && digits[c] !== own) {
      const underline = baseline + fontSize * 0.12
      parts.push(
        `<line x1="${midX - fontSize * 0.35}" y1="${underline}" x2="${midX + fontSize * 0.35}" y2="${underline}" stroke="${COLOURS.struck}" stroke-width="${Math.max(1.5, cell * 0.03)}"/>`,
      )
    }
    if (digit) continue
    const marks = candidates?.[c] ?? 0
    for (let d = 1; d <= 9; d++) {
      if (!(marks & (1 << (d - 1)))) continue
      const cx = x + ((d - 1) % 3) * small + small / 2
      const cy = y + Math.floor((d - 1) / 3) * small + small / 2
      const gone = struck?.(c, d) ?? false
      parts.push(
        `<text x="${cx}" y="${cy + small * MARK_BASELINE}" font-size="${small * MARK_SIZE}" fill="${gone ? COLOURS.struck : COLOURS.line}">${d}</text>`,
      )
      if (gone) {
        const r = small * 0.36
        parts.push(
          `<line x1="${cx - r}" y1="${cy + r}" x2="${cx + r}" y2="${cy - r}" stroke="${COLOURS.struck}" stroke-width="${Math.max(1.5, cell * 0.03)}"/>`,
        )
      }
    }
  }
  parts.push('</g>')
  return parts.join('\n')
}
