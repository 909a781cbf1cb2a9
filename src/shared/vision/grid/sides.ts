/**
 * Sides put back where the inner lines' spacing puts the border: one whose outline strays outwards
 * along a shadow's or the paper's edge, or follows a desk beyond a cut-out puzzle (grid/desk.ts).
 */
import type { CV, Own } from '../core/cv'
import { applyHomography, fitLine, homographyFromPoints, intersectLines } from '../core/geometry'
import type { GridDetection } from './find-grid'
import { gridScore } from './score'
import { plausibleQuad } from './shape'
import { deskBeyondSides } from './desk'
import { SCORE_CELL, SCORE_SIZE, warpToSquare } from './square'
import { median } from '../core/median'
import type { Corners } from '../core/image'

type Mat = InstanceType<CV['Mat']>

/** A side is bent when its ends spread inwards by over a quarter cell, and moved only if none lies an eighth outside. Chosen by hand. */
const BENT_SPREAD = SCORE_CELL / 4
const OUTSIDE_ALLOWED = -SCORE_CELL / 8
/** Where no side is steady, the outline's offset outside the border's middle, in square pixels. Set from the photos: 1.6 Wicht, 1.9 pen-train. */
const BORDER_HALF_WIDTH = 1.7
/** A side with desk beyond it moves at most this far, in square pixels: the desk's band is under half a cell. */
const DESK_BAND = SCORE_CELL / 2
/**
 * A side with desk beyond it moves only where the lines put the border this much farther in than
 * BORDER_HALF_WIDTH; elsewhere the outline places it better. Set from Wicht's photos and bench:detect's cut-outs.
 */
const DESK_MIN_SHIFT = SCORE_CELL / 12
/** A grid moved off a desk may score this share of the outline's (the desk's band no longer fills its border). Chosen by hand. */
const DESK_SCORE_KEPT = 0.95
/** An inner line is sought within this many square pixels of its place. Chosen by hand. */
const INNER_LINE_REACH = 7
/** It must stand this much (share of the band) above its surroundings. Chosen by hand. */
const INNER_LINE_CONTRAST = 0.3
/** The fit of line positions needs this many lines, and drops those this far off (a stroke). Chosen by hand. */
const MIN_FITTED_LINES = 5
const FIT_OUTLIER = 3

/** `found` with its bent sides, or those off a desk, put where the inner lines say, if it then scores no worse. */
export function straightenSides(cv: CV, binary: Mat, gray: Mat, found: GridDetection, own: Own): GridDetection {
  const refit = sidesFromInnerLines(cv, binary, found.corners, () => deskBeyondSides(cv, gray, found.corners, own), own)
  if (!refit || !plausibleQuad(refit.corners, binary.cols, binary.rows)) return found
  const score = gridScore(cv, binary, refit.corners, own)
  const kept = refit.offDesk ? DESK_SCORE_KEPT * found.score : found.score
  return score >= kept ? { corners: refit.corners, method: found.method, score } : found
}

/** A proposal that scored as no grid put back on its border where a desk shaped it (the score misses its lines), or null. */
export function offDeskCorners(cv: CV, binary: Mat, gray: Mat, corners: Corners, own: Own): Corners | null {
  const refit = sidesFromInnerLines(cv, binary, corners, () => deskBeyondSides(cv, gray, corners, own), own)
  return refit?.offDesk && plausibleQuad(refit.corners, binary.cols, binary.rows) ? refit.corners : null
}

/**
 * Where the inner lines put the border, for each bent side or side off a desk; null when none is:
 * in three bands each way, the lines' fit is extended to i = 0 and 9, and a moved side is the line
 * through its ends, moved out by the steady sides' offset (the border's half width).
 */
function sidesFromInnerLines(
  cv: CV,
  binary: Mat,
  corners: Corners,
  deskBeyond: () => readonly boolean[],
  own: Own,
): { corners: Corners; offDesk: boolean } | null {
  const d = warpToSquare(cv, binary, corners, own)
  const S = SCORE_SIZE
  const last = S - 1
  const band = S / 3
  const centres = [0.5, 1.5, 2.5].map((b) => b * band)
  // ends[dir][b]: the border's two positions in band b; dir 0 the columns, dir 1 the rows.
  const ends: [number, number][][] = [[], []]
  for (let dir = 0; dir < 2; dir++) {
    for (let b = 0; b < 3; b++) {
      const profile = new Float64Array(S)
      for (let t = Math.round(b * band); t < Math.round((b + 1) * band); t++) {
        for (let k = 0; k < S; k++) profile[k] += d[dir === 0 ? t * S + k : k * S + t] / (255 * band)
      }
      const fit = fitLinePositions(innerLinePositions(profile))
      if (!fit) return null
      ends[dir].push([fit.a, fit.a + 9 * fit.b])
    }
  }
  // Sides left, right, top, bottom, with their three ends' distances inwards.
  const sides = [0, 1].flatMap((dir) => [0, 1].map((end) => ({ dir, end, at: ends[dir].map((e) => e[end]) })))
  const inward = sides.map(({ end, at }) => at.map((v) => (end === 0 ? v : last - v)))
  // Only sides outside the border move: one the lines run past is more likely a curved page.
  const inside = inward.map((v) => mean(v) - BORDER_HALF_WIDTH >= DESK_MIN_SHIFT && Math.min(...v) > OUTSIDE_ALLOWED && Math.max(...v) <= DESK_BAND)
  const desk = inside.some(Boolean) ? deskBeyond() : []
  const offDesk = inside.map((d, k) => d && desk[k])
  const bent = inward.map((v, k) => offDesk[k] || (Math.max(...v) - Math.min(...v) > BENT_SPREAD && Math.min(...v) > OUTSIDE_ALLOWED))
  if (!bent.some(Boolean)) return null
  const steady = inward.filter((_, k) => !bent[k]).flat()
  const offset = steady.length ? median(steady) : BORDER_HALF_WIDTH
  const lines = sides.map(({ dir, end, at }, k) => {
    const side = end === 0 ? 0 : last
    const out = end === 0 ? -offset : offset
    const pts = bent[k]
      ? at.map((v, b) => (dir === 0 ? { x: v + out, y: centres[b] } : { x: centres[b], y: v + out }))
      : dir === 0
        ? [
            { x: side, y: 0 },
            { x: side, y: last },
          ]
        : [
            { x: 0, y: side },
            { x: last, y: side },
          ]
    return fitLine(pts)
  })
  const [left, right, top, bottom] = lines
  if (!left || !right || !top || !bottom) return null
  const square = [intersectLines(top, left), intersectLines(top, right), intersectLines(bottom, right), intersectLines(bottom, left)]
  const h = homographyFromPoints(
    [
      { x: 0, y: 0 },
      { x: last, y: 0 },
      { x: last, y: last },
      { x: 0, y: last },
    ],
    corners,
  )
  if (!h || square.some((p) => !p)) return null
  const out = square.map((p) => applyHomography(h, p!))
  return { corners: [out[0], out[1], out[2], out[3]], offDesk: offDesk.some(Boolean) }
}

/** The inner lines i = 1..8 found in a profile, at the centroid of their darkest 5 px. */
function innerLinePositions(profile: Float64Array): { i: number; at: number }[] {
  const c = SCORE_CELL
  const found: { i: number; at: number }[] = []
  for (let i = 1; i < 9; i++) {
    let peak = i * c
    for (let k = i * c - INNER_LINE_REACH; k <= i * c + INNER_LINE_REACH; k++) if (profile[k] > profile[peak]) peak = k
    const around: number[] = []
    for (let k = i * c - 12; k <= i * c + 12; k++) if (Math.abs(k - peak) > 4) around.push(profile[k])
    if (profile[peak] - median(around) < INNER_LINE_CONTRAST) continue
    let weight = 0
    let moment = 0
    for (let k = peak - 2; k <= peak + 2; k++) {
      weight += profile[k]
      moment += k * profile[k]
    }
    found.push({ i, at: moment / weight })
  }
  return found
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length

/** Least-squares position = a + b·i through the found lines, refitted without outliers; null when too few. */
function fitLinePositions(found: readonly { i: number; at: number }[]): { a: number; b: number } | null {
  const fit = (pts: readonly { i: number; at: number }[]): { a: number; b: number } | null => {
    if (pts.length < MIN_FITTED_LINES) return null
    const mi = pts.reduce((s, p) => s + p.i, 0) / pts.length
    const ma = pts.reduce((s, p) => s + p.at, 0) / pts.length
    let sxy = 0
    let sxx = 0
    for (const p of pts) {
      sxy += (p.i - mi) * (p.at - ma)
      sxx += (p.i - mi) ** 2
    }
    const b = sxy / sxx
    return { a: ma - b * mi, b }
  }
  const first = fit(found)
  return first && fit(found.filter((p) => Math.abs(first.a + first.b * p.i - p.at) < FIT_OUTLIER))
}
