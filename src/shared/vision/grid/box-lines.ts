/**
 * Where a grid's box lines are: a quad whose thicker inner lines stand at 1, 4, 7 (or 2, 5, 8) is the
 * grid a cell off, which evenly spaced Hough lines cannot tell.
 */
import type { CV, Own } from '../core/cv'
import { applyHomography } from '../core/geometry'
import type { Corners } from '../core/image'
import { squareToQuad } from '../core/homography'
import { SCORE_CELL, SCORE_SIZE, middlesBeside, warpToSquare } from './square'
import { median } from '../core/median'

type Mat = InstanceType<CV['Mat']>

/** The thicker lines' mean weight over the others' for a phase to count. Set from 1,884 true outlines: no wrong phase reached 1.5. */
const BOX_LINE_RATIO = 1.5
/** A line's weight: its ink above the cells' middles within this many square pixels. */
const LINE_SPAN = 6

/** Per direction, the thickest phase of the inner lines (0: 3 and 6, 1: 1, 4, 7, 2: 2, 5, 8), or null where none stands out. */
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
 * The quad moved by whole cells so its thicker lines fall on the box lines' places, if the moved
 * quad's then do; each direction is also tried alone, as text beside a quad can tip the other way's.
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
