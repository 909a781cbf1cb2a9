/**
 * Where a solving session's grid is, the cells its digits are drawn into: the detector's grid on
 * the photo as the session fits it, checked against the photo's contributed outline. A session
 * trusted the detector alone, and on one photo fitted to 1280×720 (a page whose column rule runs a
 * cell left of the border, with the photo's edge just beyond) the detector put the grid a cell
 * left, so the session drew every digit a cell off and measured nothing. The live looks of such a
 * session still have to find the grid themselves; this only keeps the scene's truth right.
 */
import sharp from 'sharp'
import { orderCorners } from '../src/shared/vision/core/geometry'
import type { Corners, Point } from '../src/shared/vision/core/image'
import { WRONG_GRID, cornerError } from './corner-error'

/** A photo's stored pixels and EXIF orientation (1 upright, 3 turned half round, 6 and 8 a quarter). */
export interface StoredPhoto {
  readonly width: number
  readonly height: number
  readonly orientation?: number
}

/** The stored photo's metadata, as sharp reads it. */
export async function storedPhoto(path: string): Promise<StoredPhoto> {
  const { width, height, orientation } = await sharp(path).metadata()
  if (!width || !height) throw new Error(`Cannot read the size of ${path}`)
  return { width, height, orientation }
}

/**
 * An outline given on the photo as shown (its EXIF orientation applied, as the app decodes it) in
 * the pixels of a view that fits the stored photo, unturned, into `view` (sharp's `contain`: scaled
 * to fit, centred), ordered TL, TR, BR, BL; null for a mirroring orientation, which no photo has.
 */
export function outlineInView(outline: Corners, photo: StoredPhoto, view: { width: number; height: number }): Corners | null {
  const { width: w, height: h } = photo
  const stored = storedPoint(photo.orientation ?? 1, w, h)
  if (!stored) return null
  const scale = Math.min(view.width / w, view.height / h)
  const left = (view.width - w * scale) / 2
  const top = (view.height - h * scale) / 2
  return orderCorners(outline.map((p) => stored(p)).map((p) => ({ x: left + p.x * scale, y: top + p.y * scale })))
}

/** The stored pixel of a pixel of the photo as shown, for an orientation that only turns it. */
function storedPoint(orientation: number, w: number, h: number): ((p: Point) => Point) | null {
  if (orientation === 1) return (p) => p
  // Shown turned half round: both axes run back.
  if (orientation === 3) return (p) => ({ x: w - 1 - p.x, y: h - 1 - p.y })
  // Shown turned a quarter clockwise: the shown x runs up the stored rows from the bottom.
  if (orientation === 6) return (p) => ({ x: p.y, y: h - 1 - p.x })
  // Shown turned a quarter anticlockwise.
  if (orientation === 8) return (p) => ({ x: w - 1 - p.y, y: p.x })
  return null
}

/**
 * The session's grid: the detected one, which follows the print's lines more closely than a
 * contributed outline, unless the outline (where the photo has a trusted one) says it is another
 * grid (WRONG_GRID: on the Wicht photos fitted to the session's view the detector's grid lies
 * within 2.5% of the outline but on one, at 11.5%), or none was detected; then the outline. Null
 * where there is neither.
 */
export function sessionCorners(detected: Corners | null, outline: Corners | null): Corners | null {
  return outline && (!detected || cornerError(detected, outline) > WRONG_GRID) ? outline : detected
}
