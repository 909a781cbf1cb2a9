/**
 * Where a grid's box lines are. A Sudoku prints the lines between its 3×3 boxes thicker than the
 * others, so a quad whose thicker inner lines stand at positions 1, 4 and 7 (or 2, 5 and 8) is the
 * grid a cell off. Evenly spaced Hough lines cannot tell: shifted a cell, eight of a grid's ten
 * lines are still lines, and the score and the border-to-border check pass where the tenth is a
 * column rule or the paper's edge with text between it and the border (Wicht's image1075 seen
 * 1280×720 wide, a cell off in 2 of a solving session's 31 shots).
 */
import type { CV, Own } from '../core/cv'
import { applyHomography } from '../core/geometry'
import type { Corners } from '../core/image'
import { squareToQuad } from '../core/homography'
import { SCORE_CELL, SCORE_SIZE, middlesBeside, warpToSquare } from './square'
import { median } from '../core/median'

type Mat = InstanceType<CV['Mat']>

/**
 * The thicker lines' weight, on average, must be this many times the others' for a phase to count.
 * Measured at the true outlines of Wicht's photos and Kubiesa's pen photos (train and val), their
 * webcam views, filled pages and cut-outs in the working copy (1,884 quads, each direction): no
 * phase but the right one ever came out at 1.5, and a quad shifted a cell pointed back in most of
 * the pen photos' directions and a fifth of Wicht's (most of those print every line alike).
 */
const BOX_LINE_RATIO = 1.5
/** A line's weight: its ink above the cells' middles within this many square pixels of its place (a quarter of a cell). */
const LINE_SPAN = 6

/**
 * Per direction (across, then down), which of the three phases of the inner lines is thickest:
 * 0 for positions 3 and 6 (the box lines), 1 for 1, 4 and 7, 2 for 2, 5 and 8; null where none
 * stands BOX_LINE_RATIO above the others.
 */
export function boxLinePhases(d: Uint8Array): [number | null, number | null] {
  const phase = (columns: boolean): number | null => {
    const profile = new Float64Array(SCORE_SIZE)
    for (let y = 0; y < SCORE_SIZE; y++) for (let x = 0; x < SCORE_SIZE; x++) profile[columns ? x : y] += d[y * SCORE_SIZE + x] / (255 * SCORE_SIZE)
    const weight = (i: number): number => {
      const paper = median(middlesBeside(profile, i))
      let ink = 0
      for (let k = i * SCORE_CELL - LINE_SPAN; k <= i * SCORE_CELL + LINE_SPAN; k++) ink += Math.max(0, profile[k] - paper)
      return ink
    }
    const byPhase = [0, 1, 2].map((p) => {
      const places = [1, 2, 3, 4, 5, 6, 7, 8].filter((i) => i % 3 === p)
      return places.reduce((sum, i) => sum + weight(i), 0) / places.length
    })
    const best = byPhase.indexOf(Math.max(...byPhase))
    const rest = Math.max(...byPhase.filter((_, p) => p !== best))
    return byPhase[best] >= BOX_LINE_RATIO * rest ? best : null
  }
  return [phase(true), phase(false)]
}

/**
 * The quad moved by whole cells so its thicker inner lines fall on the box lines' places: a cell on
 * where they stand at 1, 4 and 7, a cell back where at 2, 5 and 8; the quad itself where they stand
 * at the box lines' places or none stand out. A move counts only where the moved quad's thicker
 * lines then stand at the box lines' places in the direction moved, and nowhere else in the other:
 * the text beside a quad a cell off across can tip its lines down, so each direction's move is
 * also tried alone (a solving session's look at image1075, a cell left, read a cell up as well).
 */
export function boxAligned(cv: CV, binary: Mat, corners: Corners, own: Own): Corners {
  const cells = (phase: number | null): number => (phase === 1 ? 1 : phase === 2 ? -1 : 0)
  const [across, down] = boxLinePhases(warpToSquare(cv, binary, corners, own)).map(cells)
  if (!across && !down) return corners
  // Both directions at once, then each alone.
  const moves =
    across && down
      ? [
          [across, down],
          [across, 0],
          [0, down],
        ]
      : [[across, down]]
  // Box lines in place in a direction moved; none out of place in one not moved.
  const settled = (phase: number | null, shift: number): boolean => (shift ? phase === 0 : !phase)
  for (const [du, dv] of moves) {
    const moved = shiftedByCells(corners, du, dv)
    const [a, d] = boxLinePhases(warpToSquare(cv, binary, moved, own))
    if (settled(a, du) && settled(d, dv)) return moved
  }
  return corners
}

/** The quad moved `du` cells across and `dv` down its own lattice. */
export function shiftedByCells(corners: Corners, du: number, dv: number): Corners {
  const toImage = squareToQuad(corners)
  const unit = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ]
  return unit.map(([u, v]) => applyHomography(toImage, { x: u + du / 9, y: v + dv / 9 })) as unknown as Corners
}
