/**
 * Pencil candidates: the small digits written in a `marks` cell, each read on its own.
 *
 *   readMarks(flat, bounds, classifier) -> { marks, pieces, least }
 *
 * - `flat`, `bounds`: extractCells's flattened grid (paper ~255) and one cell's edges.
 * - `classifier`: a DigitClassifier for written digits (loadWrittenDigitClassifier()).
 * - `marks`: the candidates, ascending, when every piece reads surely (p >= MARK_MIN_P) as a
 *   different digit; [] otherwise: an unsure list is worse than none, since a solver trusts it.
 *
 * Method: the cell less MARK_INSET on each side (the lines), its own Otsu cut (at most
 * MARK_INK_MAX, so a cell of bare paper finds no ink), 8-connected pieces of ink (cells.ts's
 * blobsIn) that are big enough and not lines or line stubs, fragments stacked close above one
 * another joined (a 5's detached bar, but not two marks in one column of the 3×3), pieces wider
 * than 1.25x their height cut at their thinnest columns (digits run together) unless a part would be
 * too small for a digit, specks much lower than the tallest piece dropped, and so are specks lower
 * than any mark in a corner of the crop, where a blurred line crossing leaves them; each
 * piece normalised as cells.ts normalises a digit and classified. A digit-sized blob of fainter
 * ink left over (a light candidate the cut missed) makes the list unsure. Where the cell is
 * written as a keypad (KEYPAD_EVIDENCE), or the page's marks are (keypadOdds: paper/cell-judge.ts
 * lists a page's marks again with `marksList(joinedByPlace(...), stray, odds)`, pieces in one
 * place joined), each piece's reading leans to its place's digit.
 */
import { blobsIn, type DigitBox, eraseLines } from '../cells/blobs'
import { boxInGrid } from '../cells/crop'
import { normalise, otsu } from '../cells/normalise'
import type { Box, CellBounds } from '../cells/extract-cells'
import type { DigitClassifier } from '../digits/classifier'
import type { GrayImage } from '../core/image'
import { argmax, reweigh } from '../core/nn'

/**
 * Fraction of the cell side dropped on each side: the line centres' half-widths (2-4 px of a
 * 100 px cell); marks are written right up to the lines, so what is left of a line is removed as
 * a long thin piece instead (MAX_PIECE_SPAN).
 */
export const MARK_INSET = 0.03
/**
 * A line found in the crop lies within 8% of its sides (the inset above and a line's width: the
 * widest line erased at a crop's side on the pen val photos was 6 px of some 95), so farther in
 * only an unbroken stroke is taken for one (cells/blobs.ts's eraseLines): a session's marks 3, 6 and 9
 * stacked 8-17 px from a cell's side lost their right halves as a line. 5% reads as 8% does; at
 * 12% that stack's right columns fall inside it again.
 */
const LINE_EDGE = 0.08
/** A piece spanning more than this fraction of the crop's width or height is a line, not a digit. */
const MAX_PIECE_SPAN = 0.6
/**
 * Grey levels a blob run into a side of the crop may be lighter than the cell's lightest piece
 * (each by its darkest pixel) and still be a candidate cut short, not what a line left: in the
 * cells looked at (synthetic sessions, seeds 4 and 7), candidates cut short were at most 7 lighter,
 * what blurred lines left 14 or more.
 */
const CLIPPED_DARKNESS_SLACK = 10
/** Darkest Otsu cut taken as ink: pencil on the shared photos is 120-200, show-through 225+. */
export const MARK_INK_MAX = 215
/**
 * Greatest gap, as a fraction of the crop's height, between two stacked pieces of one digit: the
 * pen train photos' marks break into fragments up to 8 px apart at the 900 px warp (~95 px cells;
 * at 0.06, 6 fewer right lists in marks-eval.ts), while the specks a blurred line leaves along the
 * crop's edge lie 30-50 px apart. Marks a row apart can be as close: TWO_MARKS_ASPECT keeps them.
 */
const JOIN_GAP = 0.1
/**
 * Two separate pieces, each a digit's height (the shorter at least SHORT_PIECE of the taller: not
 * a 5's bar), stacked into a box more than this times as tall as wide are two marks in one
 * column of the cell's 3×3 (2.4-3.4 on the synthetic sessions), not one digit's parts: joined
 * fragments of the pen train photos' marks make boxes 0.9-1.9 times as tall as wide (49 joins of
 * two digit-sized pieces; one, 2.6, of two 13-15 px pieces that may well be two marks). Nor are
 * they joined, whatever their box, where the cell holds another piece at least SHORT_PIECE of the
 * taller one's height that the joined box would leave a speck (under SHORT_PIECE of it): a person
 * writes a cell's marks one size. A session's 3 and 6 offset sideways, 8 px apart, made a box 1.92
 * times as tall as wide, and the 2 beside them was lost as a speck; on the sessions' last pages
 * (devkit, seeds 1-40) 2 more of 368 pencilled cells are read right, none fewer, and marks-eval.ts's
 * lists are unchanged. A digit written alone keeps its parts joined: asking only for two parts of
 * a digit's height (over 45% of the crop together) split three written 5s into bar and bowl.
 */
const TWO_MARKS_ASPECT = 2
/**
 * A line stub's width over its length at most: stubs left by the inset are 2-4 px by 20-97 px at
 * the 900 px warp; a thin pencilled 1 is ~6 by 15-25.
 */
const STUB_THINNESS = 0.25
/**
 * Fraction of the crop's side from its edge within which a piece lies against it: a bent line
 * runs 2-4 px inside the crop at the 900 px warp where the lattice's straight cut misses it.
 */
const STUB_EDGE = 0.05
/** Smallest piece (px at the 900 px warp) taken for a digit: marks on the pen photos are ~15-35 px high, dots ~3. */
const MIN_PIECE_HEIGHT = 7
const MIN_PIECE_AREA = 12
/**
 * A piece run into a corner of the crop lower than this (px at the 900 px warp) is a speck where
 * blurred lines cross, not a mark: marks on the pen photos are ~15-35 px high, and the specks that
 * made an empty cell marks in a session (--ink-over-marks seed 6's r5c1) 6-9 px. Beside a mark
 * over twice their height they were dropped already (SHORT_PIECE); in an empty cell, or beside
 * low marks, they were not, and made the cell marks or its list unsure.
 */
const CORNER_SPECK_MAX = 12
/** A piece wider than this times its height is several digits run together (splitRunTogether). */
const MAX_PIECE_ASPECT = 1.25
/**
 * A piece less high than this fraction of the cell's tallest piece is a speck or a dot, not a
 * digit; so is a stray blob (below), such as what a blurred line crossing leaves in the crop's corner.
 */
const SHORT_PIECE = 0.45
/** Width over height of one written mark digit, for counting the digits of a run-together piece. */
const DIGIT_ASPECT = 0.7
/**
 * The classifier's least probability for every piece before the list is believed. Set once, not
 * tuned: at 0.8, 95.3% of the lists given on the 376 hand-labelled train marks cells are exactly
 * right and two thirds of the cells get a list (training/paper/README.md, marks-eval.ts).
 */
export const MARK_MIN_P = 0.8
/**
 * Many solvers pencil each candidate in its place of a 3×3 keypad (1 top left, 9 bottom right),
 * and then a piece's place is evidence of its digit. A cell is taken as written so when at least
 * this many of its other pieces read surely (MARK_MIN_P) as their own places' digits, none reads
 * surely as another, and no two share a place: one piece in its place happens by chance (on the
 * pen train photos, whose marks are written in rows, 42 pieces passed a gate of one, and only 8
 * stood in their digit's place), two did not happen once there.
 */
export const KEYPAD_EVIDENCE = 2
/**
 * Odds for a piece of a keypad cell being its place's digit, against each other digit, multiplied
 * into the classifier's probabilities. The synthetic sessions' keypad marks stand in place 437
 * times in 441 (odds of hundreds); at 20, a piece the model reads as another digit over 20 times
 * likelier than its place's keeps its reading. Sessions 11-30 (marks 0.5): right lists 104 -> 140
 * of 320 pencilled cells, wrong lists 13 -> 8 (at 100: 147 right, 7 wrong); the pen train photos'
 * lists are unchanged (278 given, 260 right): no cell of theirs is written as a keypad.
 */
export const KEYPAD_ODDS = 20

export interface MarksReading {
  /** Candidates ascending, or [] when a piece was unsure, two read as the same digit, or faint ink was left over. */
  readonly marks: number[]
  /** Pieces of ink found (0 for a cell without marks). */
  readonly pieces: number
  /** The least sure piece's probability (1 when there were none). */
  readonly least: number
}

/**
 * The pieces of ink in a cell (warped-image pixels, left to right), and how many other blobs of
 * ink it holds outside them (`stray`): digit-sized ones as high as the pieces (SHORT_PIECE) and
 * not in a corner, at the loosest ink cut (MARK_INK_MAX), a faint candidate that the cell's own cut
 * missed; and ones as dark as the pieces (CLIPPED_DARKNESS_SLACK) run into a side of the crop, a
 * candidate written against the line that the crop cut short. A list without either would tell a
 * solver a candidate is gone, so readMarks gives none.
 */
export interface FoundPieces {
  readonly pieces: Box[]
  readonly stray: number
  /**
   * Strokes left out for spanning most of the crop that are no line (not against its edge, as
   * what is left of a grid line is): a digit written over the marks, its 1 as thin as a line, which
   * paper/marks-kind.ts must not take for marks only.
   */
  readonly tall: number
}

/** The pieces of ink in a cell, in warped-image pixels, left to right. */
export function markPieces(flat: GrayImage, cell: CellBounds): Box[] {
  return findPieces(flat, cell).pieces
}

/** The cell's pieces of ink and stray blobs, by the method above. */
export function findPieces(flat: GrayImage, cell: CellBounds): FoundPieces {
  const w0 = cell.right - cell.left
  const h0 = cell.bottom - cell.top
  const x0 = Math.max(0, Math.round(cell.left + MARK_INSET * w0))
  const y0 = Math.max(0, Math.round(cell.top + MARK_INSET * h0))
  const x1 = Math.min(flat.width, Math.round(cell.right - MARK_INSET * w0))
  const y1 = Math.min(flat.height, Math.round(cell.bottom - MARK_INSET * h0))
  const w = x1 - x0
  const h = y1 - y0
  if (w < 4 || h < 4) return { pieces: [], stray: 0, tall: 0 }
  const histogram = new Uint32Array(256)
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) histogram[flat.data[y * flat.width + x]]++
  const maskAt = (cut: number): Uint8Array => {
    const mask = new Uint8Array(w * h)
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = flat.data[(y0 + y) * flat.width + x0 + x] <= cut ? 1 : 0
    // Marks are written against the lines: cut a digit free of the line it touches (cells.ts).
    eraseLines(mask, w, h, undefined, LINE_EDGE)
    return mask
  }
  const notLine = (b: DigitBox): boolean => b.x1 - b.x0 + 1 <= MAX_PIECE_SPAN * w && b.y1 - b.y0 + 1 <= MAX_PIECE_SPAN * h
  const cut = Math.min(otsu(histogram), MARK_INK_MAX)
  const mask = maskAt(cut)
  const blobs = blobsIn(mask, w, h, 1)
    .filter((b) => b.area >= 3)
    .map((b) => ({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, area: b.area }))
  const tall = blobs.filter((b) => !notLine(b) && !isLineStub(b, w, h)).length
  const boxes = joinFragments(blobs.filter(notLine), w, h).filter((b) => notLine(b) && !isLineStub(b, w, h) && !isCornerSpeck(b, w, h))
  const sized = boxes.filter(digitSized)
  const tallest = Math.max(0, ...sized.map(heightOf))
  const tallEnough = (b: DigitBox): boolean => heightOf(b) >= SHORT_PIECE * tallest
  const kept = sized.filter(tallEnough)
  const apart = (b: DigitBox): boolean => !kept.some((k) => k.x0 <= b.x1 && b.x0 <= k.x1 && k.y0 <= b.y1 && b.y0 <= k.y1)
  const faint =
    cut >= MARK_INK_MAX
      ? 0
      : blobsIn(maskAt(MARK_INK_MAX), w, h, 1)
          .map((b) => ({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, area: b.area }))
          .filter((b) => notLine(b) && !isLineStub(b, w, h) && digitSized(b) && tallEnough(b) && !inCorner(b, w, h) && apart(b)).length
  // A piece's darkest grey (crop pixels): a candidate cut short by the crop is as dark as the others.
  const darkest = (b: DigitBox): number => {
    let min = 255
    for (let y = b.y0; y <= b.y1; y++) for (let x = b.x0; x <= b.x1; x++) min = Math.min(min, flat.data[(y0 + y) * flat.width + x0 + x])
    return min
  }
  const markDark = Math.max(0, ...kept.map(darkest)) + CLIPPED_DARKNESS_SLACK
  const clipped = blobs.filter(
    (b) => b.area >= MIN_PIECE_AREA && notLine(b) && !isLineStub(b, w, h) && cutBySide(b, w, h) && apart(b) && darkest(b) <= markDark,
  ).length
  const stray = faint + clipped
  const pieces = kept
    .flatMap((b) => {
      // Parts too small for digits, or too short beside each other (SHORT_PIECE), were one stroke,
      // not digits run together: a pen digit's bar cut into slivers read as marks in their places
      // (one pen val entry taken for marks, paper/marks-kind.ts; a 5's long bar cut from its bowl, a
      // session's). marks-eval.ts's lists are the same either way.
      const parts = splitRunTogether(mask, w, b)
      const highest = Math.max(...parts.map(heightOf))
      return parts.every((p) => digitSized(p) && heightOf(p) >= SHORT_PIECE * highest) ? parts : [b]
    })
    .sort((a, b) => a.x0 - b.x0)
    .map((b) => boxInGrid(x0, y0, b))
  return { pieces, stray, tall }
}

const heightOf = (b: DigitBox): number => b.y1 - b.y0 + 1
/** Tall and inked enough for a digit (MIN_PIECE_HEIGHT, MIN_PIECE_AREA), not a dot. */
const digitSized = (b: DigitBox): boolean => heightOf(b) >= MIN_PIECE_HEIGHT && b.area >= MIN_PIECE_AREA

/**
 * Joins each piece to one stacked right above or below it (columns overlapping by half the
 * narrower one) with less than JOIN_GAP of the crop's height between them: a 5's detached bar or
 * a pencil stroke broken by a light touch. Marks in one column of the cell's 3×3 (1/4/7, 2/5/8,
 * 3/6/9) are as well aligned but a row apart (TWO_MARKS_ASPECT), and the specks a blurred line
 * leaves along the crop's edge further still, so neither is joined into one tall piece. Two pieces
 * a third mark's size stands beside are two marks too, but not where that third is what is left of
 * a grid line along the crop's edge (isLineStub): a pen 5 whose bowl a light stroke broke, beside
 * such a stub, was read as the marks 5 8 in every shot of a synthetic session (image1036, seed 66).
 */
function joinFragments(pieces: readonly DigitBox[], w: number, h: number): DigitBox[] {
  const boxes = [...pieces]
  for (let merged = true; merged;) {
    merged = false
    outer: for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i],
          b = boxes[j]
        const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1
        const gap = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1) - 1
        if (overlap < 0.5 * Math.min(a.x1 - a.x0 + 1, b.x1 - b.x0 + 1) || gap >= JOIN_GAP * h) continue
        const joinedHeight = Math.max(a.y1, b.y1) - Math.min(a.y0, b.y0) + 1
        const joinedWidth = Math.max(a.x1, b.x1) - Math.min(a.x0, b.x0) + 1
        const [short, tall] = [heightOf(a), heightOf(b)].sort((p, q) => p - q)
        const leftASpeck = (o: DigitBox, k: number): boolean =>
          k !== i && k !== j && digitSized(o) && !isLineStub(o, w, h) && heightOf(o) >= SHORT_PIECE * tall && heightOf(o) < SHORT_PIECE * joinedHeight
        const twoMarks = gap > 0 && short >= SHORT_PIECE * tall && (joinedHeight > TWO_MARKS_ASPECT * joinedWidth || boxes.some(leftASpeck))
        if (twoMarks) continue
        boxes[i] = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), area: a.area + b.area }
        boxes.splice(j, 1)
        merged = true
        break outer
      }
  }
  return boxes
}

/**
 * What is left of a grid line inside the crop: a thin piece (at most STUB_THINNESS of its length
 * across) lying against the crop's edge along its length. A pencilled 1 is as thin but stands
 * inside the cell, clear of its edges.
 */
function isLineStub(b: DigitBox, w: number, h: number): boolean {
  const across = b.x1 - b.x0 + 1
  const along = b.y1 - b.y0 + 1
  const vertical = across <= STUB_THINNESS * along && (b.x0 <= STUB_EDGE * w || b.x1 >= (1 - STUB_EDGE) * w - 1)
  const horizontal = along <= STUB_THINNESS * across && (b.y0 <= STUB_EDGE * h || b.y1 >= (1 - STUB_EDGE) * h - 1)
  return vertical || horizontal
}

/** A piece run into a corner of the crop and lower than any mark: what a blurred line crossing leaves there. */
function isCornerSpeck(b: DigitBox, w: number, h: number): boolean {
  return inCorner(b, w, h) && heightOf(b) < CORNER_SPECK_MAX
}

/** Whether a piece runs into a corner of the crop, where a blurred line crossing leaves its speck. */
function inCorner(b: DigitBox, w: number, h: number): boolean {
  return (b.x0 <= 0 || b.x1 >= w - 1) && (b.y0 <= 0 || b.y1 >= h - 1)
}

/** Whether a piece runs into a side of the crop but not into a corner: a candidate written against the line, cut short by the crop. */
function cutBySide(b: DigitBox, w: number, h: number): boolean {
  return (b.x0 <= 0 || b.x1 >= w - 1) !== (b.y0 <= 0 || b.y1 >= h - 1)
}

/**
 * Digits written so close that their ink touches ("68" in one stroke) make a piece wider than
 * MAX_PIECE_ASPECT times its height: it is cut into round(width / (DIGIT_ASPECT x height))
 * pieces at the columns with least ink near the even cuts, each tightened to its own ink.
 */
function splitRunTogether(mask: Uint8Array, w: number, b: DigitBox): DigitBox[] {
  const width = b.x1 - b.x0 + 1
  const height = b.y1 - b.y0 + 1
  if (width <= MAX_PIECE_ASPECT * height) return [b]
  const n = Math.min(4, Math.max(2, Math.round(width / (DIGIT_ASPECT * height))))
  const column = (x: number): number => {
    let ink = 0
    for (let y = b.y0; y <= b.y1; y++) ink += mask[y * w + x]
    return ink
  }
  const cuts = [b.x0 - 1]
  for (let k = 1; k < n; k++) {
    const ideal = b.x0 + (k * width) / n
    let best = Math.round(ideal)
    for (let x = Math.round(ideal - width / (4 * n)); x <= Math.round(ideal + width / (4 * n)); x++) if (column(x) < column(best)) best = x
    cuts.push(best)
  }
  cuts.push(b.x1)
  const out: DigitBox[] = []
  for (let k = 0; k < n; k++) {
    const piece: DigitBox = { x0: Infinity, y0: Infinity, x1: -1, y1: -1, area: 0 }
    for (let y = b.y0; y <= b.y1; y++)
      for (let x = cuts[k] + 1; x <= cuts[k + 1]; x++)
        if (mask[y * w + x]) {
          piece.x0 = Math.min(piece.x0, x)
          piece.x1 = Math.max(piece.x1, x)
          piece.y0 = Math.min(piece.y0, y)
          piece.y1 = Math.max(piece.y1, y)
          piece.area++
        }
    if (piece.area) out.push(piece)
  }
  return out
}

export function readMarks(flat: GrayImage, cell: CellBounds, classifier: DigitClassifier): MarksReading {
  return readMarkPieces(flat, cell, findPieces(flat, cell), classifier).reading
}

/** The digit of a piece's place in the cell's 3×3 keypad: 1 at the top left, 9 at the bottom right. */
export function keypadDigit(box: Box, cell: CellBounds): number {
  const third = (at: number, from: number, to: number): number => Math.min(2, Math.max(0, Math.floor((3 * (at - from)) / (to - from))))
  return 1 + third(box.x + box.width / 2, cell.left, cell.right) + 3 * third(box.y + box.height / 2, cell.top, cell.bottom)
}

/**
 * One piece of ink read as a digit: its box in the warped image, the classifier's probabilities,
 * the digit and its probability as the classifier reads the piece alone, and the digit of its
 * place in the cell's keypad.
 */
export interface MarkPiece {
  readonly box: Box
  readonly probs: Float32Array
  readonly digit: number
  readonly p: number
  readonly place: number
}

/**
 * readMarks of pieces already found (findPieces), with what each piece was read as alone (for
 * telling marks from a digit by where they stand, paper/marks-kind.ts, and for the page's keypad habit,
 * keypadOdds).
 */
export function readMarkPieces(
  flat: GrayImage,
  cell: CellBounds,
  found: FoundPieces,
  classifier: DigitClassifier,
): { pieces: MarkPiece[]; reading: MarksReading } {
  const pieces = found.pieces.map((box) => readPiece(flat, cell, box, classifier))
  return { pieces, reading: marksList(pieces, found.stray) }
}

/** One piece of ink normalised as cells.ts normalises a digit, and read. */
function readPiece(flat: GrayImage, cell: CellBounds, box: Box, classifier: DigitClassifier): MarkPiece {
  const probs = Float32Array.from(classifier.classify(normalise(flat, box)).probs)
  const best = argmax(probs)
  return { box, probs, digit: best + 1, p: probs[best], place: keypadDigit(box, cell) }
}

/**
 * The list readMarks gives for a cell's pieces and stray blobs: each piece leaned to its place's
 * digit where the cell's other pieces show it written as a keypad (KEYPAD_ODDS), or, with
 * `pageOdds` (keypadOdds), where the page's marks do, at the odds they show.
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

/** A piece's digit and its probability with the odds of its place's digit against each other digit multiplied in (1: as read). */
export function leanedToPlace({ probs, place }: MarkPiece, odds: number): { digit: number; p: number } {
  const leaned = odds > 1 ? reweigh(probs, (k) => (k === place - 1 ? odds : 1)) : probs
  const best = argmax(leaned)
  return { digit: best + 1, p: leaned[best] }
}

/** Whether the pieces other than the i-th show the cell written as a keypad (KEYPAD_EVIDENCE), their places apart. */
function othersInPlace(pieces: readonly MarkPiece[], i: number): boolean {
  const sure = pieces.filter((piece, j) => j !== i && piece.p >= MARK_MIN_P)
  return sure.length >= KEYPAD_EVIDENCE && sure.every((piece) => piece.digit === piece.place)
}

/**
 * A cell's pieces on a page written as a keypad (keypadOdds), where a place holds one candidate:
 * pieces that share a place are one mark broken (a 5's bar, a light stroke), joined into one box
 * and read again; the others as they were. On the sessions' keypad pages (seeds 1-20) right lists
 * 133 -> 139 and wrong ones 4 -> 4; on seeds 21-40, never looked at for it, 137 -> 151 and 6 -> 4.
 */
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

/**
 * A page's pencil marks read surely, in all its marks cells, before they show the person's habit of
 * writing each candidate in its keypad place: a cell of two marks has too few pieces to show it
 * (KEYPAD_EVIDENCE), the page's other cells do.
 */
export const KEYPAD_PAGE_PIECES = 6
/**
 * Share of a keypad page's sure pieces that stand in their places: on the synthetic sessions' last
 * pages (every candidate in its place) 95-100% of a page's do, seeds 1-10; the rest are misreads.
 */
const KEYPAD_IN_PLACE = 0.95
/**
 * The most of a page's sure pieces that stood in their places by chance on Kubiesa's pen photos,
 * whose marks are written in rows, of the pages with KEYPAD_PAGE_PIECES or more: 30% (3 of 10) of
 * the train photos' labelled marks cells'; as the reader judges whole pages, 25% on train (38
 * such pages) and 29% on val (9 pages; 2 of 7).
 */
const ROWS_IN_PLACE = 0.3
/**
 * Share of a page's sure pieces standing in their places for the page to be written as a keypad:
 * the share at which they are as likely written by either habit (each piece in place at
 * KEYPAD_IN_PLACE or at ROWS_IN_PLACE, independently), 70%. It was 90%, at the edge of the keypad
 * pages' own range: on held-out time-lapse seed 188, two sure misreads among its last page's 16
 * sure pieces (87% in place) lost it its keypad, and the move log had 3 of its 8 pencilled cells
 * with their very marks (6 now).
 */
export const KEYPAD_PAGE_SHARE =
  Math.log((1 - ROWS_IN_PLACE) / (1 - KEYPAD_IN_PLACE)) / (Math.log(KEYPAD_IN_PLACE / ROWS_IN_PLACE) + Math.log((1 - ROWS_IN_PLACE) / (1 - KEYPAD_IN_PLACE)))

/**
 * The odds for each piece of a page's marks cells being its place's digit, against each other
 * digit, that the page's sure pieces show: with q the share of them in place (by the rule of
 * succession, (in place + 1) / (sure + 2)), 8q / (1 - q), as the other eight digits share the
 * rest. 0 where the page is not written as a keypad (KEYPAD_PAGE_PIECES, KEYPAD_PAGE_SHARE). A
 * page of 25 sure pieces in place of 26 gives 104, where KEYPAD_ODDS (one cell's evidence) is 20:
 * on the sessions' last pages (seeds 1-20) the keypad pages' pencilled cells get 133 right lists
 * and 4 wrong, against 124 and 5 leaned at KEYPAD_ODDS; on seeds 21-40, never looked at for it,
 * 137 and 6 against 130 and 7.
 */
export function keypadOdds(cells: readonly (readonly MarkPiece[])[]): number {
  const sure = cells.flat().filter((piece) => piece.p >= MARK_MIN_P)
  const inPlace = sure.filter((piece) => piece.digit === piece.place).length
  if (sure.length < KEYPAD_PAGE_PIECES || inPlace < KEYPAD_PAGE_SHARE * sure.length) return 0
  const q = (inPlace + 1) / (sure.length + 2)
  return (8 * q) / (1 - q)
}
