/**
 * The pieces of ink in a pencil-marks cell, by geometry alone: the cell less its lines, its own Otsu
 * cut, 8-connected blobs that are no line, stub or speck, stacked fragments joined and run-together
 * digits split. paper/marks.ts reads each piece as a digit.
 */
import { blobsIn, type DigitBox, eraseLines } from '../cells/blobs'
import { boxInGrid } from '../cells/crop'
import { otsu } from '../cells/normalise'
import type { Box, CellBounds } from '../cells/extract-cells'
import type { GrayImage } from '../core/image'

/**
 * Share of the cell side dropped on each side: the lines' half-widths; what is left of a line goes
 * as a long piece (MAX_PIECE_SPAN).
 */
export const MARK_INSET = 0.03
/**
 * Share of the crop at its sides where a grid line may lie (6 px of ~95 at most, pen val photos);
 * farther in only an unbroken stroke is taken for one.
 */
const LINE_EDGE = 0.08
/** A piece spanning more than this share of the crop's width or height is a line, not a digit. */
const MAX_PIECE_SPAN = 0.6
/**
 * Grey levels a blob against the crop's side may be lighter than the cell's pieces and still be a
 * candidate cut short, not a line's remains (synthetic: 7 against 14+).
 */
const CLIPPED_DARKNESS_SLACK = 10
/** Darkest Otsu cut taken as ink: pencil on the shared photos is 120-200, show-through 225+. */
export const MARK_INK_MAX = 215
/**
 * Greatest gap, as a share of the crop's height, between stacked pieces of one digit: pen photos'
 * marks break up to 8 px apart, a line's specks 30-50.
 */
const JOIN_GAP = 0.1
/**
 * Two stacked pieces of a digit's height whose box is taller than this times its width are two
 * marks in a keypad column (synthetic: 2.4-3.4), not one digit (pen photos: 0.9-1.9).
 */
const TWO_MARKS_ASPECT = 2
/** A line stub's width over its length at most: stubs are 2-4 px by 20-97 at the 900 px warp, a thin pencilled 1 ~6 by 15-25. */
const STUB_THINNESS = 0.25
/** Share of the crop's side within which a piece lies against its edge: a bent line runs 2-4 px inside the crop. */
const STUB_EDGE = 0.05
/** Smallest piece (px at the 900 px warp) taken for a digit: marks on the pen photos are ~15-35 px high, dots ~3. */
const MIN_PIECE_HEIGHT = 7
const MIN_PIECE_AREA = 12
/** A piece in a corner lower than this (px) is a speck where blurred lines cross: marks are ~15-35 px, specks 6-9. */
const CORNER_SPECK_MAX = 12
/** A piece wider than this times its height is several digits run together (splitRunTogether). */
const MAX_PIECE_ASPECT = 1.25
/** A piece less high than this share of the cell's tallest piece is a speck or a dot, not a digit. */
const SHORT_PIECE = 0.45
/** Width over height of one written mark digit, for counting the digits of a run-together piece. */
const DIGIT_ASPECT = 0.7

/**
 * A cell's pieces of ink (warped pixels, left to right), and `stray` blobs that may be candidates
 * the cut missed or the crop cut short: then readMarks gives no list.
 */
export interface FoundPieces {
  readonly pieces: Box[]
  readonly stray: number
  /** Strokes spanning most of the crop that are no grid line's remains: a digit written over the marks (marks-kind.ts). */
  readonly tall: number
}

/** The pieces of ink in a cell, in warped pixels, left to right. */
export function markPieces(flat: GrayImage, cell: CellBounds): Box[] {
  return findPieces(flat, cell).pieces
}

/** The cell's pieces of ink and stray blobs. */
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
    // Marks are written against the lines: cut a digit free of the line it touches.
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
      // Parts too small for digits, or short beside each other, were one stroke (a pen digit's bar
      // cut into slivers), not digits run together.
      const parts = splitRunTogether(mask, w, b)
      const highest = Math.max(...parts.map(heightOf))
      return parts.every((p) => digitSized(p) && heightOf(p) >= SHORT_PIECE * highest) ? parts : [b]
    })
    .sort((a, b) => a.x0 - b.x0)
    .map((b) => boxInGrid(x0, y0, b))
  return { pieces, stray, tall }
}

const heightOf = (b: DigitBox): number => b.y1 - b.y0 + 1
/** Tall and inked enough for a digit, not a dot. */
const digitSized = (b: DigitBox): boolean => heightOf(b) >= MIN_PIECE_HEIGHT && b.area >= MIN_PIECE_AREA

/**
 * Joins pieces stacked closer than JOIN_GAP (a 5's bar, a broken stroke), but not two marks of one
 * keypad column (TWO_MARKS_ASPECT).
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

/** What is left of a grid line: a thin piece against the crop's edge (a pencilled 1 stands clear of it). */
function isLineStub(b: DigitBox, w: number, h: number): boolean {
  const across = b.x1 - b.x0 + 1
  const along = b.y1 - b.y0 + 1
  const vertical = across <= STUB_THINNESS * along && (b.x0 <= STUB_EDGE * w || b.x1 >= (1 - STUB_EDGE) * w - 1)
  const horizontal = along <= STUB_THINNESS * across && (b.y0 <= STUB_EDGE * h || b.y1 >= (1 - STUB_EDGE) * h - 1)
  return vertical || horizontal
}

/** A piece in a corner of the crop lower than any mark: what a blurred line crossing leaves. */
function isCornerSpeck(b: DigitBox, w: number, h: number): boolean {
  return inCorner(b, w, h) && heightOf(b) < CORNER_SPECK_MAX
}

function inCorner(b: DigitBox, w: number, h: number): boolean {
  return (b.x0 <= 0 || b.x1 >= w - 1) && (b.y0 <= 0 || b.y1 >= h - 1)
}

/** Whether a piece runs into a side of the crop but not a corner: a candidate written against the line, cut short. */
function cutBySide(b: DigitBox, w: number, h: number): boolean {
  return (b.x0 <= 0 || b.x1 >= w - 1) !== (b.y0 <= 0 || b.y1 >= h - 1)
}

/**
 * A piece wider than MAX_PIECE_ASPECT times its height ("68" in one stroke), cut into digits at the
 * columns of least ink near even cuts.
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
