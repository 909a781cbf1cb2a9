/**
 * Pencil marks told from a written digit by the shape and place of their ink, where the cell model
 * took a marks cell for a given or an entry (a column of marks, 2 above 8, looks like one digit to
 * it), or for empty (light pencil).
 *
 *   marksByPieces(kind, flat, bounds, classifier, digitInkFound?) -> { kind, marks, pieces, stray } | null
 *
 * Marks are written in the places of a 3×3 keypad: 1 at the top left, 9 at the bottom right. A
 * cell whose ink is all small separate pieces, most of them (and two at least) read fairly surely
 * as the very digit whose place they stand in, is marks whatever the cell model says. Box height
 * alone cannot tell marks from a written digit (many entries are small), and pieces alone cannot
 * either: a faint pen digit breaks into fragments (a 7's bar and stem, a 5's top and bowl) that
 * read as digits too, but hardly ever two of them each as the digit of its place.
 *
 * Most, not every one: a light pencil mark breaks into pieces too (a 2's bowl apart from its base)
 * that stand in no place of their own, and a wide mark is cut as two run together (paper/marks.ts), so
 * the majority is of the places that hold ink, each counted once. Taking every inked cell for an
 * entry (training/paper/marks-turns.ts), this turns 281 of 320 pencilled cells of synthetic
 * sessions (seeds 11-30, marks 0.5) to marks (a majority of pieces 276, every piece in place 213),
 * and none of the 7,772 givens and entries of the pen train and val photos. Two in place without
 * a majority turned one val entry, as did counting places while paper/marks.ts still cut a stroke into
 * slivers (a big 5 in a cell cut too tall, its bar in four pieces), so the majority stays.
 *
 * Where cells.ts found no digit-sized ink at all (`digitInkFound` false), the cell model's digit
 * stands on nothing but its own look, and half the places read as their digits is enough, one at
 * least: in a column of two marks the second is often one the written-digit model reads poorly
 * (an MNIST 8 read as a 2 at 0.51 left a column of 2 above 8 an entry, "1" at 99%). Taking
 * every inked cell for an entry, this turns 306 of the 320 pencilled cells of sessions 11-30
 * (281 with two pieces needed; measured again on 2026-11-27, 303: marks-turns.ts), and none of
 * the 77 givens and entries of the pen train and val photos where cells.ts found no ink (faint
 * pen: 14 and 63); no written digit of those sessions goes without its ink found.
 *
 * A cell of light pencil the cell model calls empty is overturned alike, by two pieces in place:
 * taking every empty cell for an entry, none of the pen train and val photos' 4,736 and none of
 * Wicht's 7,993 (newspaper show-through) has two (one in place would turn 13 of Wicht's).
 *
 * On a page whose other marks show them written as a keypad (paper/marks.ts's keypadOdds), each piece is
 * leaned to its place's digit at the odds the page shows before it is counted, as the page's lists
 * are (paper/cell-judge.ts), and pieces that share a place are joined into one mark first (a place holds
 * one candidate there): an MNIST 4 read as 9 and a 5 read as 6 beside a 2 in its place left a cell
 * of 2, 4 and 5 a digit. The lean only adds pieces in place, so it is kept to cells whose ink is
 * all marks: no stray ink beside the pieces, and no piece darker than the others than one pencil is
 * (ONE_PENCIL_SPREAD), for a pen digit written over marks can be a small piece beside them, or ink
 * the pieces leave out; and, where the page shows its pen and its pencil apart, no piece as dark as
 * its pen (penDarknessLimit), for a pen digit can break into pieces alone. The last pages of
 * sessions 21-40, never looked at for it (bench:handwriting): pencilled cells judged marks 176 ->
 * 182 of 186, their very marks 160 -> 166, written digits as before (593 of 600 read right); with
 * digits written over the marks (seeds 1-20, --ink-over-marks 0.3) 4 of 600 written digits judged
 * marks before and after (on seeds 1-10, 5 of 300 without the guard), pencilled cells judged marks
 * 181 -> 187 of 192. The pen photos' marks, written in rows, never make a keypad page, so their
 * cells are judged as before.
 *
 * On such a page a cell whose ink is all marks and whose pieces make a sure list needs one of them
 * in its place, not most (SURE_LIST_IN_PLACE): a 5 written like a 6 stands in place 5 as no 5.
 *
 * Where the pieces read poorly (a blurred photo's), four or more of them, each in a place of its
 * own, one pencil and nothing beside them, are marks however they read (SPREAD_PLACES): a digit
 * written alone does not break so. Such a cell's pieces show nothing of the page's keypad.
 *
 * A pen digit written over the marks leaves them in their places too, and is itself no piece when
 * it spans most of the cell (paper/marks.ts leaves such strokes out as lines): a stroke that long which
 * is no line's remnant (FoundPieces.tall) keeps the cell a digit. Of 164 digits written over their
 * cell's marks in synthetic sessions (seeds 11-30, --ink-over-marks 0.3), 80 were turned without
 * it, 3 with it (measured again on 2026-11-27, 2); the pencilled cells and the pen
 * photos' digits turn as before.
 */
import { CELL_KINDS } from '../cell-reading'
import type { Box, CellBounds } from '../cells/extract-cells'
import type { DigitClassifier } from '../digits/classifier'
import type { GrayImage } from '../core/image'
import { type MarkPiece, findPieces, joinedByPlace, leanedToPlace, readMarkPieces } from './marks'
import { argmax } from '../core/nn'
import { strokeDarkness } from './print-ink'
import { median } from '../core/median'

const GIVEN = CELL_KINDS.indexOf('given')
const ENTRY = CELL_KINDS.indexOf('entry')
const MARKS = CELL_KINDS.indexOf('marks')

/**
 * A mark's piece is less high than this fraction of the cell: the synthetic sessions' marks are
 * about a quarter of the cell, and keypad marks leave each a third at most. Phone photos' marks
 * written large (up to half the cell, often in a row) are the cell model's to judge.
 */
export const MAX_MARK_HEIGHT = 0.4

/**
 * The least probability of every piece's digit before the cell is taken for marks: more likely
 * than not. Lower than readMarks's MARK_MIN_P for a list, as a cell of marks whose list is unsure
 * is still no digit; the keypad places carry the decision. Measured with every inked cell taken
 * for an entry: on the pen train photos (metadata and jittered corners) and the val photos no
 * given or entry is turned; without the places (at 0.7), 5 val entries were (faint pen digits in pieces),
 * and at 0.7 instead of 0.5, 26 of the 38 pencilled cells of the synthetic sessions (seeds 1-5)
 * were marks instead of 29.
 */
export const MARKS_KIND_MIN_P = 0.5

/**
 * A cell whose ink is this many mark-sized pieces or more, each in a keypad place of its own, of
 * one pencil and with no ink beside them, is marks even where they read as other digits (a blurred
 * photo's): a digit written alone breaks into fewer. Taking every inked cell for an entry
 * (training/paper/marks-turns.ts), at 4 nothing turns that did not before: none of the 600
 * written digits of sessions 11-30, and of the 164 digits written over marks there and the pen
 * train and val photos' 7,772 givens and entries, the one of each that their reading turned
 * already; at 3, two more pen val entries turned. On a held-out solving session
 * (bench:timelapse-session seed 85, image189), marks 4 5 8 9 whose 5 read 8 and 9 read 1 were a
 * written 8 in the shots before the page showed its keypad, and "Check my paper" called it a
 * mistake in 7 shots.
 */
export const SPREAD_PLACES = 4

/**
 * Pieces in their places enough, on a page written as a keypad (`pageOdds`, which paper/cell-judge.ts
 * gives no cell with a piece as dark as the page's pen), for a cell whose ink is all marks and
 * whose pieces make a sure list (paper/marks.ts's MARK_MIN_P each, no two alike) to be marks, where a
 * majority in place is not: a person's 5 written like a 6 is no 5 to the model, in place 5 or
 * not, and a column of two such marks is no written digit. On a held-out solving session
 * (bench:timelapse-session seed 224), marks 2 5 one above the other, the 5 read 6 at 0.97, were a
 * written 2 in 12 shots and the log kept it. Replayed on 70 sessions' shots (the issue's 40 and
 * fresh seeds 212-241), that cell alone changed the log; a cell of marks 1 7 read empty in 11 of
 * x51's shots became marks. Without the keypad page, and with it the guard against the page's
 * pen, a pen 1 of held-out seed 238 broken in two, its pieces read 1 and, in place, 8, was taken
 * for marks. The pen photos' pages, written in rows, are never keypad pages.
 */
const SURE_LIST_IN_PLACE = 1

/**
 * Grey levels between a cell's darkest and lightest piece (paper/print-ink.ts's strokeDarkness) within
 * which they may be one pencil. On the synthetic sessions (seeds 11-30, with and without digits
 * written over the marks) the pieces of 370 pencilled cells differ by 3 at the median and 11 at
 * the 95th percentile; where a pen digit written over marks is a piece of its own, it is 31-69
 * darker than its cell's marks.
 */
export const ONE_PENCIL_SPREAD = 30

/**
 * The grey level below which a piece's darkest ink (paper/print-ink.ts's strokeDarkness) is a page's pen,
 * not its pencil: midway between the medians of its written digits' and of its marks' pieces'
 * darkness, where it has MIN_INKS of each and they lie ONE_PENCIL_SPREAD apart or more (marks
 * written with the pen itself do not); -Infinity (nothing is pen) otherwise. A ballpoint is darker
 * than graphite, and a pen digit whose light strokes break into pieces in two keypad places is no
 * pair of marks however the page leans them (paper/cell-judge.ts): on a held-out solving session
 * (bench:timelapse-session seed 81) a 5 written by mistake, its bar apart from its bowl, was read
 * as the marks 6 8 in every shot after a shake, its pieces at grey 85-98, the page's other written
 * digits at 68-82 and its marks' pieces at 130-138.
 */
export function penDarknessLimit(penDarkness: readonly number[], pencilDarkness: readonly number[]): number {
  if (penDarkness.length < MIN_INKS || pencilDarkness.length < MIN_INKS) return -Infinity
  const [pen, pencil] = [median(penDarkness), median(pencilDarkness)]
  return pencil - pen >= ONE_PENCIL_SPREAD ? (pen + pencil) / 2 : -Infinity
}

/** Written digits, and pieces of marks, a page needs before its pen and pencil are told apart: the fewest whose median no one odd stroke sets. */
const MIN_INKS = 3

/** A cell judged again as marks: its kinds' probabilities, its list, and its pieces with the stray ink beside them. */
export interface TurnedToMarks {
  readonly kind: Float32Array
  readonly marks: readonly number[]
  readonly pieces: readonly MarkPiece[]
  readonly stray: number
  /**
   * Whether its pieces read as their places' digits; false where it was turned by how many places
   * its pieces stand in alone (SPREAD_PLACES), whose pieces then show nothing of the page's keypad.
   */
  readonly readInPlace: boolean
}

/** A cell's ink as pieces of marks, read: what marksByPieces weighs. */
export interface MarksCandidate {
  readonly pieces: readonly MarkPiece[]
  /** Ink outside the pieces (paper/marks.ts's FoundPieces.stray). */
  readonly stray: number
  /** Whether the pieces may be of one pencil (ONE_PENCIL_SPREAD). */
  readonly onePencil: boolean
  /** Their list without the page's lean (paper/marks.ts's readMarkPieces). */
  readonly marks: readonly number[]
}

/**
 * The cell as marks, when a cell judged a given, an entry or empty holds keypad marks: the kinds'
 * probabilities with the judged kind's and the marks' swapped (the model's doubt is kept, its
 * choice between the two overturned), and the candidates ([] when readMarks is unsure of them).
 * Null otherwise. `digitInkFound`: whether cells.ts found a digit's ink in the cell (`filled`);
 * `pageOdds`: the page's keypadOdds (0: none).
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
 * marksByCandidate, and where that leaves the cell as it was judged, the same with the pieces that
 * share a place joined (joinedCandidate), on any page: a light mark broken in two reads as two other
 * digits in one place. Fresh held-out seed 127's r1c9, a pencilled 5 cut into a 3 and a 7 in place
 * 5 beside a 9 in place 9, was logged as a written 5 until the page's marks showed its keypad.
 * `joined`: the joined candidate where neither turned the cell (null where it turned, or where the
 * joined pieces are no marks), for paper/cell-judge.ts's second look to lean without joining again.
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
 * A cell's pieces of ink read as marks, where it holds two or more, each small enough for a mark,
 * and no stroke a digit's length (null otherwise). Geometry first: most digit cells are one piece,
 * and most empty cells none; neither needs a piece read.
 */
export function marksCandidate(flat: GrayImage, cell: CellBounds, classifier: DigitClassifier): MarksCandidate | null {
  const found = findPieces(flat, cell)
  const small = found.pieces.filter((box) => markSized(box, cell))
  // A digit written over the marks: the cell holds an entry (and its marks).
  if (small.length < 2 || small.length !== found.pieces.length || found.tall) return null
  const { pieces, reading } = readMarkPieces(flat, cell, found, classifier)
  const darkness = found.pieces.map((box) => strokeDarkness(flat, box))
  return { pieces, stray: found.stray, onePencil: Math.max(...darkness) - Math.min(...darkness) <= ONE_PENCIL_SPREAD, marks: reading.marks }
}

/**
 * A candidate on a page written as a keypad, where a place holds one mark: its pieces that share a
 * place joined into one mark and read again (paper/marks.ts's joinedByPlace). Null where a joined mark
 * is a digit's height (MAX_MARK_HEIGHT) or fewer than two are left: such pieces were one digit.
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

/** marksByPieces for a cell whose candidate marks were found and read already. */
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
  // Leaned only then.
  const odds = allMarks ? pageOdds : 1
  const inPlace = pieces
    .map((piece) => ({ ...leanedToPlace(piece, odds), place: piece.place }))
    .filter((piece) => piece.p >= MARKS_KIND_MIN_P && piece.digit === piece.place)
  const apart = new Set(inPlace.map((piece) => piece.digit)).size === inPlace.length
  const digitWithoutInk = (best === GIVEN || best === ENTRY) && !digitInkFound
  const enough = digitWithoutInk ? inPlace.length >= 1 && 2 * inPlace.length >= places : inPlace.length >= 2 && 2 * inPlace.length > places
  const readInPlace = enough && apart
  // On a keypad page, a sure list of pencil (SURE_LIST_IN_PLACE).
  const sureList = allMarks && pageOdds > 0 && marks.length >= 2 && inPlace.length >= SURE_LIST_IN_PLACE
  if (!readInPlace && !sureList && !(allMarks && places >= SPREAD_PLACES)) return null
  const swapped = Float32Array.from(kind)
  ;[swapped[best], swapped[MARKS]] = [kind[MARKS], kind[best]]
  return { kind: swapped, marks, pieces, stray, readInPlace }
}
