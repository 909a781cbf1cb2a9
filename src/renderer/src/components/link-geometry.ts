/**
 * Where a hint's links are drawn on the board, in cell units (the board is 9 x 9): a candidate sits
 * in its cell's 3 x 3 pencil-mark grid, digit 1 top left to 9 bottom right, the layout Board.svelte
 * draws marks in. A group node is the box around its candidates.
 */
import { colOf, rowOf } from '../../../shared/sudoku/board'
import type { Link, LinkEnd } from '../../../shared/sudoku/logic/step'

export interface Point {
  readonly x: number
  readonly y: number
}

/** Radius of the ring around a linked candidate, in cells: a third of a cell is one mark's square. */
export const MARK_RADIUS = 0.15

export function candidatePoint(cell: number, digit: number): Point {
  return { x: colOf(cell) + (((digit - 1) % 3) + 0.5) / 3, y: rowOf(cell) + (Math.floor((digit - 1) / 3) + 0.5) / 3 }
}

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The box around a group node's candidates, with a ring's margin. */
export function groupBox(end: LinkEnd): Box {
  const points = end.cells.map((cell) => candidatePoint(cell, end.digit))
  const xs = points.map((p) => p.x)
  const ys = points.map((p) => p.y)
  const [x, y] = [Math.min(...xs) - MARK_RADIUS, Math.min(...ys) - MARK_RADIUS]
  return { x, y, width: Math.max(...xs) + MARK_RADIUS - x, height: Math.max(...ys) + MARK_RADIUS - y }
}

function centre(end: LinkEnd): Point {
  const points = end.cells.map((cell) => candidatePoint(cell, end.digit))
  return { x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length }
}

/** The link's line, stopped at the rings so the digits at both ends stay readable. */
export function linkLine(link: Link): { from: Point; to: Point } {
  const [a, b] = [centre(link.from), centre(link.to)]
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1
  const [ux, uy] = [(b.x - a.x) / length, (b.y - a.y) / length]
  const trim = Math.min(MARK_RADIUS, length / 2)
  return { from: { x: a.x + ux * trim, y: a.y + uy * trim }, to: { x: b.x - ux * trim, y: b.y - uy * trim } }
}
