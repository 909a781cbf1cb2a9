/**
 * One frame of the "logical solve" video as SVG: the board (clean-grid.ts's drawing) with pencil
 * marks, the step's pattern cells tinted, its placements in green and its eliminations struck out,
 * and the step's explanation beside the board. Pure: board state and step in, SVG text out.
 */
import { boardSvg } from '../../shared/render/clean-grid'
import { CELLS, digitsOf, type Candidates, type Cell, type Grid } from '../../shared/sudoku/board'
import type { Step } from '../../shared/sudoku/logic/step'
import type { FrameSize } from '../../shared/timelapse/settings'

export interface SolveFrame {
  /** The puzzle's clues (drawn black). */
  readonly givens: Grid
  /** Candidates before the step; a cell with one candidate that is not a clue is a solved cell. */
  readonly candidates: Candidates
  /** The step shown, or null for the opening and closing frames. */
  readonly step: Step | null
  /** Title above the explanation ("Step 3 of 41", "The puzzle", "Solved"). */
  readonly title: string
  /** Explanation when there is no step. */
  readonly caption?: string
}

const escapeXml = (t: string): string => t.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** Greedy word wrap to at most `width` characters per line. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/** "two-string-kite" -> "Two-string kite" style heading. */
export function techniqueTitle(technique: string): string {
  const words = technique.split('-')
  return words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(' ')
}

/** Cell tints: the step's pattern in yellow, the cells it places a digit in in green. */
const PATTERN_TINT = '#fff1a8'
const PLACED_TINT = '#bfe8c4'

export function solveFrameSvg(frame: SolveFrame, size: FrameSize = { width: 1280, height: 720 }): string {
  const { width: W, height: H } = size
  const margin = Math.round(H * 0.06)
  const board = H - 2 * margin
  const step = frame.step
  const tint = new Map<Cell, string>((step?.cells ?? []).map((c) => [c, PATTERN_TINT]))
  for (const p of step?.placements ?? []) tint.set(p.cell, PLACED_TINT)
  const eliminated = new Set((step?.eliminations ?? []).map((e) => `${e.cell}:${e.digit}`))
  // A cell down to one candidate is solved; the step's placements are shown already made.
  const digits = new Uint8Array(CELLS)
  for (let c = 0; c < CELLS; c++) {
    const mask = frame.candidates[c]
    if (mask && (mask & (mask - 1)) === 0) digits[c] = digitsOf(mask)[0]
  }
  for (const p of step?.placements ?? []) digits[p.cell] = p.digit
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="#fafaf7"/>`,
    boardSvg(
      { givens: frame.givens, digits, candidates: frame.candidates, tint, struck: (cell, digit) => eliminated.has(`${cell}:${digit}`) },
      { x: margin, y: margin, side: board },
    ),
  ]

  // Text panel to the right of the board.
  const tx = margin + board + margin
  const textWidth = W - tx - margin
  const fontSize = Math.round(H / 30)
  const charsPerLine = Math.max(12, Math.floor(textWidth / (fontSize * 0.55)))
  let ty = margin + fontSize
  parts.push(`<text x="${tx}" y="${ty}" font-size="${fontSize * 0.9}" fill="#666">${escapeXml(frame.title)}</text>`)
  ty += fontSize * 1.8
  if (step) {
    parts.push(`<text x="${tx}" y="${ty}" font-size="${fontSize * 1.4}" font-weight="bold" fill="#222">${escapeXml(techniqueTitle(step.technique))}</text>`)
    ty += fontSize * 2
  }
  for (const line of wrapText(step?.text ?? frame.caption ?? '', charsPerLine)) {
    parts.push(`<text x="${tx}" y="${ty}" font-size="${fontSize}" fill="#222">${escapeXml(line)}</text>`)
    ty += fontSize * 1.4
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">${parts.join('')}</svg>`
}
