/**
 * The outline and Hough paths' last step: a side whose outline strays outwards from the grid's
 * border (merged with a shadow's or the paper's edge running close beside it), or one with a desk
 * beyond it that lies off the border (a cut-out puzzle, grid/desk.ts), is put back where the inner
 * lines' spacing says the border is, if the grid then scores no worse. A proposal that scored as no
 * grid because a desk's band shaped it is put back so before it is scored again (offDeskCorners).
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

/**
 * A side is bent when its three ends spread inwards by more than a quarter cell; it is moved only
 * when no end lies more than an eighth of a cell outside it. Chosen by hand (the rule was added for
 * a photo turned 30° whose left side followed a shadow's edge: 8% -> 2.6% corner error; it moves no
 * side of the 160 photos as taken).
 */
const BENT_SPREAD = SCORE_CELL / 4
const OUTSIDE_ALLOWED = -SCORE_CELL / 8
/**
 * Where no side is left steady, the outline is taken to hug the border's outer edge this far
 * outside its middle, in square pixels: the median over the sides of the photos as taken (1.6 on
 * Wicht's, 1.9 on the pen train photos).
 */
const BORDER_HALF_WIDTH = 1.7
/**
 * A side with desk beyond it is moved no farther than this, in square pixels (half a cell): the
 * band of desk the outline can follow is half a threshold block wide (a twentieth of the image's
 * shorter side, grid/find-grid.ts), under half a cell for any grid the threshold sees lines in. Inner lines
 * that put the border farther in were misread (a blurred photo's).
 */
const DESK_BAND = SCORE_CELL / 2
/**
 * A side with desk beyond it is moved only where the inner lines put the border this much farther
 * in than BORDER_HALF_WIDTH, on average over its three ends, in square pixels (a twelfth of a
 * cell). Elsewhere the outline places the border more finely than the lines' fit: on Wicht's
 * photos as taken, the 206 sides found with even, darker paper or desk beyond them lie -1.1 to 3.3
 * (a median 1.9) outside it, and none is moved; on bench:detect's cut-outs, a quarter lie over 4.5.
 * Moving such sides outwards too, where the lines run past them, carried a curved page's side out
 * to the photo's edge in a held-out time-lapse session (image1020's, bench:timelapse-session).
 */
const DESK_MIN_SHIFT = SCORE_CELL / 12
/**
 * A grid whose sides were moved off a desk's edge may score this much less than the outline did:
 * the threshold image's band of desk, merged with the border, then lies outside the grid and no
 * longer fills its border. Chosen by hand.
 */
const DESK_SCORE_KEPT = 0.95
/** An inner line is sought within this many square pixels of its place (under a third of a cell). Chosen by hand. */
const INNER_LINE_REACH = 7
/** It must stand this much (share of the band) above its surroundings within 12 px, its own 4 px left out. Chosen by hand. */
const INNER_LINE_CONTRAST = 0.3
/** The fit of line positions needs this many lines, and drops those more than 3 px off it (a digit's stroke). Chosen by hand. */
const MIN_FITTED_LINES = 5
const FIT_OUTLIER = 3

/**
 * A contour's side can leave the grid's border where the border merges with a shadow's or the
 * paper's edge running close beside it: the outline then follows that edge along part of the side.
 * The inner lines still show where the border is (`sidesFromInnerLines`); a side they say bends
 * away from the outline, or one with desk beyond it that they put inside its border, is moved
 * there, if the grid then scores no worse (DESK_SCORE_KEPT less for a side moved off a desk).
 */
export function straightenSides(cv: CV, binary: Mat, gray: Mat, found: GridDetection, own: Own): GridDetection {
  const refit = sidesFromInnerLines(cv, binary, found.corners, () => deskBeyondSides(cv, gray, found.corners, own), own)
  if (!refit || !plausibleQuad(refit.corners, binary.cols, binary.rows)) return found
  const score = gridScore(cv, binary, refit.corners, own)
  const kept = refit.offDesk ? DESK_SCORE_KEPT * found.score : found.score
  return score >= kept ? { corners: refit.corners, method: found.method, score } : found
}

/**
 * A proposal that did not score as a grid, put back on its border where a desk's band shaped it: the
 * band merged with the border puts the outline up to a third of a cell outside it, where the inner
 * lines fall mid-way between the places the score looks for them. The sides with desk beyond them
 * that the inner lines put inside the border are moved there, as `straightenSides` moves them;
 * null where no side is so (any quad of a page with no desk costs a look at its inner lines).
 */
export function offDeskCorners(cv: CV, binary: Mat, gray: Mat, corners: Corners, own: Own): Corners | null {
  const refit = sidesFromInnerLines(cv, binary, corners, () => deskBeyondSides(cv, gray, corners, own), own)
  return refit?.offDesk && plausibleQuad(refit.corners, binary.cols, binary.rows) ? refit.corners : null
}

/**
 * Where the inner lines put the border, for each side whose outline it bends away from; null when
 * none does. In the quad warped to the SCORE_SIZE square, in three bands across each direction,
 * the eight inner lines are found near their places and a straight fit through their positions
 * (position = a + b·i) is extended to i = 0 and 9. Along a good side the three ends sit at a
 * steady small offset from it (the border's half width, as the outline hugs its outer edge); a
 * side whose ends spread inwards by more than a quarter cell, or one with desk beyond it (asked of
 * `deskBeyond` only where needed) whose ends all lie well inside it, is replaced by the line through
 * them, moved out by the good sides' offset, and the corners are those lines' crossings mapped back;
 * `offDesk` says a side was moved off a desk.
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
  // ends[dir][b]: the border's two positions in band b; dir 0 is the columns (x of the left and
  // right sides), dir 1 the rows (y of the top and bottom).
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
  // Sides in the order left, right, top, bottom; each with its three ends' distances inwards.
  const sides = [0, 1].flatMap((dir) => [0, 1].map((end) => ({ dir, end, at: ends[dir].map((e) => e[end]) })))
  const inward = sides.map(({ end, at }) => at.map((v) => (end === 0 ? v : last - v)))
  // Only an outline that strays outwards is moved (the lines everywhere end at or inside it): one
  // that the lines run past is more likely a curved page, whose bowed lines a straight fit
  // through them would carry past the corners.
  // A side with desk beyond it that lies outside the border too is moved: the desk's band, not the
  // border, shaped it. One inside the border is left, as a curved page's (above).
  // The desk is looked for only beyond such sides: most looks at a grid have none.
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

/**
 * The inner lines i = 1..8 found in a profile across them: the darkest place within 7 px (under a
 * third of a cell) of i·SCORE_CELL, standing 0.3 above its surroundings, refined to the centroid
 * of its five pixels.
 */
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

/**
 * Least-squares position = a + b·i through at least five found lines, refitted without those more
 * than 3 px off (a digit's stroke taken for a line); null when too few lines were found.
 */
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
