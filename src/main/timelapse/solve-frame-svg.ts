/**
 * One frame of the "logical solve" video as SVG: the board with pencil marks, the step's pattern
 * cells highlighted, its placements in green and its eliminations struck out in red, and the
 * step's explanation beside the board. Pure: board state and step in, SVG text out.
 */
import { CELLS, colOf, digitBit, digitsOf, rowOf, type Candidates, type Grid } from '../../shared/sudoku/board'
import type { Step } from '../../shared/sudoku/logic/step'
import type { FrameSize } from '../../shared/timelapse'

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

export function solveFrameSvg(frame: SolveFrame, size: FrameSize = { width: 1280, height: 720 }): string {
  const { width: W, height: H } = size
  const margin = Math.round(H * 0.06)
  const board = H - 2 * margin
  const cell = board / 9
  const x0 = margin
  const y0 = margin
  const step = frame.step
  const pattern = new Set(step?.cells ?? [])
  const placed = new Map((step?.placements ?? []).map((p) => [p.cell, p.digit]))
  const eliminated = new Set((step?.eliminations ?? []).map((e) => `${e.cell}:${e.digit}`))
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#fafaf7"/>`, `<rect x="${x0}" y="${y0}" width="${board}" height="${board}" fill="white"/>`]

  for (let c = 0; c < CELLS; c++) {
    const x = x0 + colOf(c) * cell
    const y = y0 + rowOf(c) * cell
    const fill = placed.has(c) ? '#bfe8c4' : pattern.has(c) ? '#fff1a8' : null
    if (fill) parts.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}"/>`)
    const mask = frame.candidates[c]
    const single = mask && (mask & (mask - 1)) === 0
    if (frame.givens[c] || single) {
      const digit = frame.givens[c] || digitsOf(mask)[0]
      const colour = frame.givens[c] ? '#111' : '#1f4fbf'
      parts.push(
        `<text x="${x + cell / 2}" y="${y + cell / 2}" font-size="${cell * 0.62}" fill="${colour}" text-anchor="middle" dominant-baseline="central">${digit}</text>`,
      )
      continue
    }
    if (placed.has(c)) {
      parts.push(
        `<text x="${x + cell / 2}" y="${y + cell / 2}" font-size="${cell * 0.62}" fill="#137a2a" text-anchor="middle" dominant-baseline="central">${placed.get(c)}</text>`,
      )
      continue
    }
    // Pencil marks in a 3x3 layout: digit d at row (d-1)/3, column (d-1)%3.
    for (let d = 1; d <= 9; d++) {
      if (!(mask & digitBit(d))) continue
      const cx = x + ((((d - 1) % 3) + 0.5) * cell) / 3
      const cy = y + ((Math.floor((d - 1) / 3) + 0.5) * cell) / 3
      const gone = eliminated.has(`${c}:${d}`)
      parts.push(
        `<text x="${cx}" y="${cy}" font-size="${cell * 0.24}" fill="${gone ? '#c62828' : '#777'}" font-weight="${gone ? 'bold' : 'normal'}" text-anchor="middle" dominant-baseline="central">${d}</text>`,
      )
      if (gone) {
        const r = cell * 0.12
        parts.push(`<line x1="${cx - r}" y1="${cy + r}" x2="${cx + r}" y2="${cy - r}" stroke="#c62828" stroke-width="${Math.max(1.5, cell * 0.03)}"/>`)
      }
    }
  }
  for (let i = 0; i <= 9; i++) {
    const w = i % 3 === 0 ? 3 : 1
    const p = i * cell
    parts.push(`<line x1="${x0 + p}" y1="${y0}" x2="${x0 + p}" y2="${y0 + board}" stroke="#222" stroke-width="${w}"/>`)
    parts.push(`<line x1="${x0}" y1="${y0 + p}" x2="${x0 + board}" y2="${y0 + p}" stroke="#222" stroke-width="${w}"/>`)
  }

  // Text panel to the right of the board.
  const tx = x0 + board + margin
  const textWidth = W - tx - margin
  const fontSize = Math.round(H / 30)
  const charsPerLine = Math.max(12, Math.floor(textWidth / (fontSize * 0.55)))
  let ty = y0 + fontSize
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
