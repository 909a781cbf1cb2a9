/**
 * Pencil marks told from a digit, or from empty, by the place of their ink: marks stand in the
 * places of a 3×3 keypad, so ink that is all small pieces, most (two at least) read as their
 * places' digits, is marks whatever the cell model says; a broken pen digit hardly ever is.
 */
import { CELL_KINDS } from '../cell-reading'
import type { Box, CellBounds } from '../cells/extract-cells'
import type { DigitClassifier } from '../digits/classifier'
import type { GrayImage } from '../core/image'
import { findPieces } from './mark-pieces'
import { type MarkPiece, joinedByPlace, leanedToPlace, readMarkPieces } from './marks'
import { argmax } from '../core/nn'
import { strokeDarkness } from './print-ink'
import { median } from '../core/median'

const GIVEN = CELL_KINDS.indexOf('given')
const ENTRY = CELL_KINDS.indexOf('entry')
const MARKS = CELL_KINDS.indexOf('marks')

/**
 * A mark's piece is less high than this share of the cell (keypad marks: a third at most); larger
 * ink is the cell model's to judge.
 */
export const MAX_MARK_HEIGHT = 0.4

/**
 * Least probability of a piece's digit for it to count in place: below MARK_MIN_P, as marks whose
 * list is unsure are still no digit. Set so no pen photo's digit turns.
 */
export const MARKS_KIND_MIN_P = 0.5

/**
 * Mark-sized pieces in as many places, of one pencil, no ink beside, that make a cell marks however
 * they read (a blurred photo's): a digit breaks into fewer. Set by marks-turns.ts (at 3, pen
 * entries turn).
 */
export const SPREAD_PLACES = 4

/**
 * Pieces in place enough on a keypad page for an all-marks cell with a sure list: a 5 written like
 * a 6 is no 5 to the model, in place or not.
 */
const SURE_LIST_IN_PLACE = 1

/**
 * Grey levels between a cell's darkest and lightest piece for one pencil: synthetic marks differ by
 * 11 at p95, a pen digit over them by 31-69.
 */
export const ONE_PENCIL_SPREAD = 30

/**
 * The grey level below which a piece is the page's pen, not its pencil: midway between the medians
 * of its written digits' and its marks' darkness, given MIN_INKS of each ONE_PENCIL_SPREAD apart;
 * -Infinity otherwise.
 */
export function penDarknessLimit(penDarkness: readonly number[], pencilDarkness: readonly number[]): number {
  if (penDarkness.length < MIN_INKS || pencilDarkness.length < MIN_INKS) return -Infinity
  const [pen, pencil] = [median(penDarkness), median(pencilDarkness)]
  return pencil - pen >= ONE_PENCIL_SPREAD ? (pen + pencil) / 2 : -Infinity
}

/**
 * Written digits, and marks' pieces, a page needs before pen and pencil are told apart: the fewest
 * whose median no odd stroke sets.
 */
const MIN_INKS = 3

/** A cell judged again as marks: its kinds, its list, its pieces and the stray ink beside them. */
export interface TurnedToMarks {
  readonly kind: Float32Array
  readonly marks: readonly number[]
  readonly pieces: readonly MarkPiece[]
  readonly stray: number
  /** Whether its pieces read in place; false where SPREAD_PLACES turned it. */
  readonly readInPlace: boolean
}

/** A cell's ink as pieces of marks, read: what marksByPieces weighs. */
export interface MarksCandidate {
  readonly pieces: readonly MarkPiece[]
  /** Ink outside the pieces (paper/mark-pieces.ts's FoundPieces.stray). */
  readonly stray: number
  /** Whether the pieces may be of one pencil (ONE_PENCIL_SPREAD). */
  readonly onePencil: boolean
  /** Their list without the page's lean (paper/marks.ts's readMarkPieces). */
  readonly marks: readonly number[]
}

/**
 * A digit or empty cell as marks where it holds keypad marks (the judged kind's and marks' odds
 * swapped, and its list), else null. `digitInkFound`: the cell's `filled`; `pageOdds`: keypadOdds
 * (0: none).
 */
export function marksByPieces(
  kind: ArrayLike<number>,
  flat: GrayImage,
  cell: CellBounds,
  classifier: DigitClassifier,
  digitInkFound = true,
  pageOdds = 0,
): TurnedToMarks | null {
  if (argmax(kind) === MARKS) return null
  const candidate = marksCandidate(flat, cell, classifier)
  return candidate && marksByCandidateOrJoined(kind, flat, cell, candidate, classifier, digitInkFound, pageOdds).turned
}

/**
 * marksByCandidate, or failing that with the pieces that share a place joined (a light mark broken
 * in two); `joined`: that candidate where neither turned the cell, for the page's second look.
 */
export function marksByCandidateOrJoined(
  kind: ArrayLike<number>,
  flat: GrayImage,
  cell: CellBounds,
  candidate: MarksCandidate,
  classifier: DigitClassifier,
  digitInkFound = true,
  pageOdds = 0,
): { turned: TurnedToMarks | null; joined: MarksCandidate | null } {
  const turned = marksByCandidate(kind, candidate, digitInkFound, pageOdds)
  if (turned) return { turned, joined: null }
  const joined = joinedCandidate(flat, cell, candidate, classifier)
  const turnedJoined = joined && joined !== candidate ? marksByCandidate(kind, joined, digitInkFound, pageOdds) : null
  return { turned: turnedJoined, joined: turnedJoined ? null : joined }
}

/**
 * A cell's ink read as marks, where it is two or more mark-sized pieces and no long stroke; null
 * otherwise, before any piece is read.
 */
export function marksCandidate(flat: GrayImage, cell: CellBounds, classifier: DigitClassifier): MarksCandidate | null {
  const found = findPieces(flat, cell)
  const small = found.pieces.filter((box) => markSized(box, cell))
  // A long stroke that is no line (found.tall) is a digit written over the marks: an entry.
  if (small.length < 2 || small.length !== found.pieces.length || found.tall) return null
  const { pieces, reading } = readMarkPieces(flat, cell, found, classifier)
  const darkness = found.pieces.map((box) => strokeDarkness(flat, box))
  return { pieces, stray: found.stray, onePencil: Math.max(...darkness) - Math.min(...darkness) <= ONE_PENCIL_SPREAD, marks: reading.marks }
}

/**
 * The candidate with the pieces that share a place joined and read again; null where a joined mark
 * is a digit's height or one mark is left.
 */
export function joinedCandidate(flat: GrayImage, cell: CellBounds, candidate: MarksCandidate, classifier: DigitClassifier): MarksCandidate | null {
  if (new Set(candidate.pieces.map((piece) => piece.place)).size === candidate.pieces.length) return candidate
  const pieces = joinedByPlace(flat, cell, candidate.pieces, classifier)
  const small = pieces.every(({ box }) => markSized(box, cell))
  return small && pieces.length >= 2 ? { ...candidate, pieces } : null
}

/** Whether a piece is less high than a digit: MAX_MARK_HEIGHT of its cell. */
function markSized(box: Box, cell: CellBounds): boolean {
  return box.height < MAX_MARK_HEIGHT * (cell.bottom - cell.top)
}

/**
 * marksByPieces for a candidate already read: most places in place (half where no digit ink was
 * found); an all-marks cell is first leaned to the page's keypad, where a sure list needs only
 * SURE_LIST_IN_PLACE.
 */
export function marksByCandidate(
  kind: ArrayLike<number>,
  { pieces, stray, onePencil, marks }: MarksCandidate,
  digitInkFound = true,
  pageOdds = 0,
): TurnedToMarks | null {
  const best = argmax(kind)
  if (best === MARKS) return null
  const places = new Set(pieces.map((piece) => piece.place)).size
  // The cell's ink all marks: one piece in each place, no ink beside the pieces, none of it pen.
  const allMarks = places === pieces.length && stray === 0 && onePencil
  // Leaned only then: a pen digit over marks may be a piece beside them, or ink they leave out.
  const odds = allMarks ? pageOdds : 1
  const inPlace = pieces
    .map((piece) => ({ ...leanedToPlace(piece, odds), place: piece.place }))
    .filter((piece) => piece.p >= MARKS_KIND_MIN_P && piece.digit === piece.place)
  const apart = new Set(inPlace.map((piece) => piece.digit)).size === inPlace.length
  const digitWithoutInk = (best === GIVEN || best === ENTRY) && !digitInkFound
  const enough = digitWithoutInk ? inPlace.length >= 1 && 2 * inPlace.length >= places : inPlace.length >= 2 && 2 * inPlace.length > places
  const readInPlace = enough && apart
  const sureList = allMarks && pageOdds > 0 && marks.length >= 2 && inPlace.length >= SURE_LIST_IN_PLACE
  if (!readInPlace && !sureList && !(allMarks && places >= SPREAD_PLACES)) return null
  const swapped = Float32Array.from(kind)
  ;[swapped[best], swapped[MARKS]] = [kind[MARKS], kind[best]]
  return { kind: swapped, marks, pieces, stray, readInPlace }
}
