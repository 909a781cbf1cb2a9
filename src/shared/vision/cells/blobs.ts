/** The digit in a cell's ink mask: the largest blob near the middle that is no grid line's remnant, with its pieces. */
import { borderBand } from './crop'

/** An ink blob in a crop; `inBand` (its pixels in the outer band) and `touchesEdge` tell a line's remnant. */
export interface Blob extends DigitBox {
  inBand: number
  touchesEdge: boolean
}

/** A piece of ink in crop pixels: its box, edges inclusive, and its ink (pixels). */
export interface DigitBox {
  x0: number
  y0: number
  x1: number
  y1: number
  area: number
}

/** A line: a row (column) in the outer 30% whose ink spans over 55% of it and reaches the band at both ends (a 5's bar stops short). Chosen by hand. */
const LINE_ZONE = 0.3
const LINE_SPAN = 0.55
/** Gap (px) a printed line shows at most where the cut thins it; pencil marks stacked in a column leave 8-17 px. */
const LINE_BREAK = 2
/** Line remnants: over half in the band and on the edge; or 60% long and under 20% thin; or tall, under 12% wide, on an edge. Chosen by hand. */
const REMNANT_IN_BAND = 0.5
const REMNANT_LONG = 0.6
const REMNANT_THIN = 0.2
const REMNANT_NARROW = 0.12
/** The digit's blob: at least 0.2% of the crop, its centre within 32% of the crop from the middle. Chosen by hand. */
const MIN_DIGIT_AREA = 0.002
const MAX_OFF_CENTRE = 0.32
/** Pieces of 4 px or more join the digit when they touch it, or lie across from it within 10% of the cell. Chosen by hand. */
const MIN_PIECE_AREA = 4
const MAX_WAIST_GAP = 0.1

/** Connected components of a w x h mask (non-zero = ink); `band`: the edge band's width. */
export function blobsIn(mask: Uint8Array, w: number, h: number, band: number, diagonal = true): Blob[] {
  const label = new Int32Array(w * h).fill(-1)
  const blobs: Blob[] = []
  const stack: number[] = []
  for (let start = 0; start < w * h; start++) {
    if (label[start] >= 0 || !mask[start]) continue
    const sx = start % w
    const sy = (start - sx) / w
    const blob: Blob = { x0: sx, y0: sy, x1: sx, y1: sy, area: 0, inBand: 0, touchesEdge: false }
    const id = blobs.length
    blobs.push(blob)
    label[start] = id
    stack.push(start)
    while (stack.length) {
      const j = stack.pop()!
      const jx = j % w
      const jy = (j - jx) / w
      blob.area++
      if (jx < blob.x0) blob.x0 = jx
      if (jx > blob.x1) blob.x1 = jx
      if (jy < blob.y0) blob.y0 = jy
      if (jy > blob.y1) blob.y1 = jy
      if (jx === 0 || jy === 0 || jx === w - 1 || jy === h - 1) blob.touchesEdge = true
      if (jx < band || jy < band || jx >= w - band || jy >= h - band) blob.inBand++
      for (let dy = -1; dy <= 1; dy++) {
        const ny = jy + dy
        if (ny < 0 || ny >= h) continue
        for (let dx = -1; dx <= 1; dx++) {
          const nx = jx + dx
          if (nx < 0 || nx >= w || (dx && dy && !diagonal)) continue
          const k = ny * w + nx
          if (label[k] >= 0 || !mask[k]) continue
          label[k] = id
          stack.push(k)
        }
      }
    }
  }
  return blobs
}

/**
 * Erases grid lines from a crop's mask in place, parting a digit from a line it touches. Within `edge`
 * of a side a line may be broken (tilted); farther in it must be one stroke, unlike stacked pencil marks.
 */
export function eraseLines(mask: Uint8Array, w: number, h: number, band = Math.max(w, h), edge = 0.5): void {
  const isLine = (length: number, inkAt: (t: number) => boolean, brokenAllowed: boolean): boolean => {
    let n = 0
    let first = -1
    let last = -1
    let stroke = 0
    let longest = 0
    for (let t = 0; t < length; t++) {
      if (!inkAt(t)) continue
      n++
      stroke = last >= 0 && t - last - 1 <= LINE_BREAK ? stroke + t - last : 1
      longest = Math.max(longest, stroke)
      if (first < 0) first = t
      last = t
    }
    const unbroken = brokenAllowed || longest > LINE_SPAN * length
    return n > LINE_SPAN * length && first < band && last >= length - band && unbroken
  }
  const nearSide = (at: number, across: number): boolean => at < edge * across || at >= (1 - edge) * across
  const rowsToClear: number[] = []
  for (let y = 0; y < h; y++) {
    if (y > LINE_ZONE * h && y < (1 - LINE_ZONE) * h) continue
    if (isLine(w, (x) => mask[y * w + x] > 0, nearSide(y, h))) rowsToClear.push(y - 1, y, y + 1)
  }
  const colsToClear: number[] = []
  for (let x = 0; x < w; x++) {
    if (x > LINE_ZONE * w && x < (1 - LINE_ZONE) * w) continue
    if (isLine(h, (y) => mask[y * w + x] > 0, nearSide(x, w))) colsToClear.push(x - 1, x, x + 1)
  }
  for (const y of rowsToClear) if (y >= 0 && y < h) mask.fill(0, y * w, y * w + w)
  for (const x of colsToClear) if (x >= 0 && x < w) for (let y = 0; y < h; y++) mask[y * w + x] = 0
}

/** The digit's box in a cell mask (modified: grid lines are erased), or null. */
export function findDigit(mask: Uint8Array, w: number, h: number, side: number): DigitBox | null {
  const band = borderBand(side)
  eraseLines(mask, w, h, band)
  const blobs = blobsIn(mask, w, h, band)

  const isRemnant = (b: Blob): boolean => {
    const bw = b.x1 - b.x0 + 1
    const bh = b.y1 - b.y0 + 1
    if (b.inBand > REMNANT_IN_BAND * b.area && b.touchesEdge) return true
    if (bw > REMNANT_LONG * w && bh < REMNANT_THIN * h) return true
    if (bh > REMNANT_LONG * h && bw < REMNANT_NARROW * w && b.touchesEdge) return true
    return false
  }
  let best: Blob | null = null
  for (const b of blobs) {
    if (b.area < MIN_DIGIT_AREA * w * h || isRemnant(b)) continue
    const cx = (b.x0 + b.x1) / 2
    const cy = (b.y0 + b.y1) / 2
    if (Math.abs(cx - w / 2) > w * MAX_OFF_CENTRE || Math.abs(cy - h / 2) > h * MAX_OFF_CENTRE) continue
    if (!best || b.area > best.area) best = b
  }
  if (!best) return null

  // Grow by the pieces touching the digit or across from it (a 3 or 5 the cut broke at its waist).
  const box: DigitBox = { x0: best.x0, y0: best.y0, x1: best.x1, y1: best.y1, area: best.area }
  const merged = new Set<Blob>([best])
  for (let grown = true; grown;) {
    grown = false
    for (const b of blobs) {
      if (merged.has(b) || b.area < MIN_PIECE_AREA || isRemnant(b)) continue
      const xOverlap = Math.min(b.x1, box.x1) - Math.max(b.x0, box.x0)
      const yGap = Math.max(b.y0 - box.y1, box.y0 - b.y1)
      const xGap = Math.max(b.x0 - box.x1, box.x0 - b.x1)
      if (!(xGap <= 1 && yGap <= 1) && !(xOverlap > 0 && yGap <= MAX_WAIST_GAP * side)) continue
      merged.add(b)
      box.x0 = Math.min(box.x0, b.x0)
      box.y0 = Math.min(box.y0, b.y0)
      box.x1 = Math.max(box.x1, b.x1)
      box.y1 = Math.max(box.y1, b.y1)
      box.area += b.area
      grown = true
    }
  }
  return box
}
