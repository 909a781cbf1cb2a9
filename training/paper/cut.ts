/**
 * The app's own steps from a decoded photo to cell patches, as the reader runs them after grid
 * detection (read.ts): grey, warp to 900x900 by the corners, measure the lattice, cut cells
 * (cells.ts), cut patches (cells/patch.ts). Every training sample, real or synthetic, goes through
 * here, so training sees exactly what the app produces.
 */
import { cellPatches } from '../../src/shared/vision/cells/patch'
import { type CellImages, extractCells } from '../../src/shared/vision/cells/extract-cells'
import type { CV } from '../../src/shared/vision/core/cv'
import type { Corners, GrayImage } from '../../src/shared/vision/core/image'
import { gridLattice, warpGrid } from '../../src/shared/vision/grid/warp'

export interface CutPage {
  readonly patches: GrayImage[]
  readonly cells: CellImages
}

export function cutPage(cv: CV, gray: GrayImage, corners: Corners): CutPage {
  const warped = warpGrid(cv, gray, corners, 900)
  const cells = extractCells(cv, warped, gridLattice(warped))
  return { patches: cellPatches(cells.flat, cells.bounds), cells }
}

/** Cuts per photo beyond the exact one. */
export const JITTERS = Number(process.env.JITTERS ?? 2)
/** Corner error of the jittered cuts, as a fraction of the grid side (see jitterCorners). */
export const JITTER = 0.01
/** By-puzzle folds of the pen photos (penFolds). */
export const FOLDS = 5

/** The digit trainer's seeded PRNG, so every cut is repeatable. */
export { rng } from '../../devkit/random'

/**
 * A detector's typical error: each corner moved by up to `fraction` of the grid's mean side in x
 * and y (uniform). 1% is what the grid detector's corners miss the hand-made outlines by on the
 * shared printed photos (bench:detect's median corner error is well under that).
 */
export function jitterCorners(corners: Corners, fraction: number, r: () => number): Corners {
  const side = (dist(corners[0], corners[1]) + dist(corners[1], corners[2]) + dist(corners[2], corners[3]) + dist(corners[3], corners[0])) / 4
  const move = (): number => (2 * r() - 1) * fraction * side
  return corners.map((p) => ({ x: p.x + move(), y: p.y + move() })) as unknown as Corners
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.hypot(a.x - b.x, a.y - b.y)
