/**
 * Pencil candidates: each piece of ink in a `marks` cell (paper/mark-pieces.ts) read alone. A list
 * is given only when every piece reads surely as a different digit, as a solver trusts it; where
 * the cell or the page is written as a 3×3 keypad, pieces lean to their places' digits.
 */
import { normalise } from '../cells/normalise'
import type { Box, CellBounds } from '../cells/extract-cells'
import type { DigitClassifier } from '../digits/classifier'
import type { GrayImage } from '../core/image'
import { argmax, reweigh } from '../core/nn'
import { type FoundPieces, findPieces } from './mark-pieces'

/**
 * Least probability of every piece for the list to stand. Set once, not tuned: 95.3% of lists given
 * are right (training/paper/marks-eval.ts).
 */
export const MARK_MIN_P = 0.8
/**
 * Other pieces of a cell read surely in their places (none elsewhere) for a keypad cell: on pages
 * written in rows one is chance, two never were.
 */
export const KEYPAD_EVIDENCE = 2
/**
 * Odds for a keypad cell's piece being its place's digit, multiplied into its reading. Set on
 * synthetic sessions (marks in place 437 of 441).
 */
export const KEYPAD_ODDS = 20

export interface MarksReading {
  /** Candidates ascending, or [] when a piece was unsure, two read alike, or faint ink was left over. */
  readonly marks: number[]
  /** Pieces of ink found. */
  readonly pieces: number
  /** The least sure piece's probability (1 when there were none). */
  readonly least: number
}

/** The cell's pencil candidates: its pieces of ink found and read. */
export function readMarks(flat: GrayImage, cell: CellBounds, classifier: DigitClassifier): MarksReading {
  return readMarkPieces(flat, cell, findPieces(flat, cell), classifier).reading
}

/** The digit of a piece's place in the cell's 3×3 keypad: 1 at the top left, 9 at the bottom right. */
export function keypadDigit(box: Box, cell: CellBounds): number {
  const third = (at: number, from: number, to: number): number => Math.min(2, Math.max(0, Math.floor((3 * (at - from)) / (to - from))))
  return 1 + third(box.x + box.width / 2, cell.left, cell.right) + 3 * third(box.y + box.height / 2, cell.top, cell.bottom)
}

/** One piece of ink read alone: its box, the classifier's probabilities, its best digit and p, and its place's digit. */
export interface MarkPiece {
  readonly box: Box
  readonly probs: Float32Array
  readonly digit: number
  readonly p: number
  readonly place: number
}

/** readMarks of pieces already found, with each piece as read alone (for marks-kind.ts and keypadOdds). */
export function readMarkPieces(
  flat: GrayImage,
  cell: CellBounds,
  found: FoundPieces,
  classifier: DigitClassifier,
): { pieces: MarkPiece[]; reading: MarksReading } {
  const pieces = found.pieces.map((box) => readPiece(flat, cell, box, classifier))
  return { pieces, reading: marksList(pieces, found.stray) }
}

/** One piece of ink normalised as a digit (cells/normalise.ts) and read. */
function readPiece(flat: GrayImage, cell: CellBounds, box: Box, classifier: DigitClassifier): MarkPiece {
  const probs = Float32Array.from(classifier.classify(normalise(flat, box)).probs)
  const best = argmax(probs)
  return { box, probs, digit: best + 1, p: probs[best], place: keypadDigit(box, cell) }
}

/**
 * The list for a cell's pieces, leaned to their places where the cell's other pieces show a keypad
 * (KEYPAD_ODDS) or the page does (`pageOdds`).
 */
export function marksList(pieces: readonly MarkPiece[], stray: number, pageOdds = 0): MarksReading {
  // Keypad marks stand one to a place.
  const placesApart = new Set(pieces.map((piece) => piece.place)).size === pieces.length
  const listed = pieces.map((piece, i) => leanedToPlace(piece, !placesApart ? 1 : pageOdds || (othersInPlace(pieces, i) ? KEYPAD_ODDS : 1)))
  const least = Math.min(1, ...listed.map((piece) => piece.p))
  const digits = new Set(listed.map((piece) => piece.digit))
  const sure = listed.length > 0 && stray === 0 && least >= MARK_MIN_P && digits.size === listed.length
  return { marks: sure ? [...digits].sort((a, b) => a - b) : [], pieces: listed.length, least }
}

/** A piece's digit and p with its place's odds multiplied in (1: as read). */
export function leanedToPlace({ probs, place }: MarkPiece, odds: number): { digit: number; p: number } {
  const leaned = odds > 1 ? reweigh(probs, (k) => (k === place - 1 ? odds : 1)) : probs
  const best = argmax(leaned)
  return { digit: best + 1, p: leaned[best] }
}

/** Whether the pieces other than the i-th show a keypad cell (KEYPAD_EVIDENCE). */
function othersInPlace(pieces: readonly MarkPiece[], i: number): boolean {
  const sure = pieces.filter((piece, j) => j !== i && piece.p >= MARK_MIN_P)
  return sure.length >= KEYPAD_EVIDENCE && sure.every((piece) => piece.digit === piece.place)
}

/** The pieces with those sharing a place joined and read again: a keypad place holds one mark (a broken 5, a light stroke). */
export function joinedByPlace(flat: GrayImage, cell: CellBounds, pieces: readonly MarkPiece[], classifier: DigitClassifier): MarkPiece[] {
  const byPlace = new Map<number, MarkPiece[]>()
  for (const piece of pieces) byPlace.set(piece.place, [...(byPlace.get(piece.place) ?? []), piece])
  return [...byPlace.values()].map((group) => {
    if (group.length === 1) return group[0]
    const x0 = Math.min(...group.map(({ box }) => box.x))
    const y0 = Math.min(...group.map(({ box }) => box.y))
    const x1 = Math.max(...group.map(({ box }) => box.x + box.width))
    const y1 = Math.max(...group.map(({ box }) => box.y + box.height))
    return readPiece(flat, cell, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, classifier)
  })
}

/** Sure pieces a page needs to show the habit of keypad places, which a two-mark cell cannot show alone. */
export const KEYPAD_PAGE_PIECES = 6
/** Share of a keypad page's sure pieces in place: 95-100% on the synthetic sessions' last pages. */
const KEYPAD_IN_PLACE = 0.95
/** The most of a page's sure pieces in place by chance where marks are written in rows: 25-30% of the pen photos' pages. */
const ROWS_IN_PLACE = 0.3
/** Share of sure pieces in place for a keypad page: where either habit is as likely, ~70%. */
export const KEYPAD_PAGE_SHARE =
  Math.log((1 - ROWS_IN_PLACE) / (1 - KEYPAD_IN_PLACE)) / (Math.log(KEYPAD_IN_PLACE / ROWS_IN_PLACE) + Math.log((1 - ROWS_IN_PLACE) / (1 - KEYPAD_IN_PLACE)))

/**
 * The odds for a piece of the page's marks being its place's digit, as its sure pieces show: 8q /
 * (1 - q), q their share in place by the rule of succession; 0 for no keypad page.
 */
export function keypadOdds(cells: readonly (readonly MarkPiece[])[]): number {
  const sure = cells.flat().filter((piece) => piece.p >= MARK_MIN_P)
  const inPlace = sure.filter((piece) => piece.digit === piece.place).length
  if (sure.length < KEYPAD_PAGE_PIECES || inPlace < KEYPAD_PAGE_SHARE * sure.length) return 0
  const q = (inPlace + 1) / (sure.length + 2)
  return (8 * q) / (1 - q)
}
