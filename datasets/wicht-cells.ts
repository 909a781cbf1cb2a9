/**
 * Real training cells: each shared photo warped by its outlines.csv corners (so a detection miss
 * cannot mislabel a cell), then put through the app's own steps (core/gray.ts, warp.ts, cells.ts, as
 * read.ts calls them), so training sees exactly the images the classifier sees in the app.
 *
 *   npx tsx training/digits/photo-cells.ts      -> .cache/real.bin (given digits only)
 */
import sharp from 'sharp'
import { decodeImage } from '../src/node/reader/decode-image'
import { extractCells } from '../src/shared/vision/cells/extract-cells'
import type { CV } from '../src/shared/vision/core/cv'
import { loadOpenCV } from '../src/shared/vision/core/opencv'
import { toGray } from '../src/shared/vision/core/gray'
import type { Corners, GrayImage, RgbaImage } from '../src/shared/vision/core/image'
import { gridLattice, warpGrid } from '../src/shared/vision/grid/warp'
import type { Photo } from './wicht-folds'

export async function openCV(): Promise<{ cv: CV }> {
  return { cv: await loadOpenCV() }
}

/** Decodes as the CLI does (node/reader/decode-image.ts: RGBA, EXIF orientation applied). */
export async function decodeRgba(file: string): Promise<RgbaImage> {
  return decodeImage(file)
}

/** The app's steps after grid detection (read.ts): warp to 900x900, measure the lattice, cut cells. */
export function cellsFromCorners(cv: CV, gray: GrayImage, corners: Parameters<typeof warpGrid>[2]): (GrayImage | null)[] {
  const warped = warpGrid(cv, gray, corners, 900)
  const { cells } = extractCells(cv, warped, gridLattice(warped))
  return cells.map((c) => (c.filled ? c.image : null))
}

export interface PhotoCells {
  readonly photo: Photo
  /** Per cell the normalised image, or null where cells.ts found no digit. */
  readonly images: (GrayImage | null)[]
}

/**
 * Seven photos carry an EXIF orientation (6: 90°, 3: 180°) that node/reader/decode-image.ts applies, while
 * their .dat ground truth follows the page as stored in the raw pixels; outlines.csv gives the
 * corners in the rotated frame, in that frame's order. Rotating the corner order back keeps the
 * warped page upright, so the cells line up with the ground truth.
 */
export function pageCorners(corners: Corners, orientation: number): Corners {
  const [a, b, c, d] = corners
  if (orientation === 6) return [b, c, d, a]
  if (orientation === 3) return [c, d, a, b]
  if (orientation === 8) return [d, a, b, c]
  return corners
}

export async function photoCells(cv: CV, photo: Photo): Promise<PhotoCells> {
  if (!photo.corners) throw new Error(`${photo.name} has no usable outline`)
  const { orientation = 1 } = await sharp(photo.jpg).metadata()
  const corners = pageCorners(photo.corners, orientation)
  return { photo, images: cellsFromCorners(cv, toGray(await decodeRgba(photo.jpg)), corners) }
}
