/**
 * Stabilised mode: each frame is registered to a reference frame by the sheet's four corners and
 * warped so the sheet stays still. Which detector finds the corners is the caller's (`locate`);
 * this file only does geometry: the homography, the warp, and which corners to trust (steadyCorners).
 */
// Types only: importing core/opencv.ts would load the 10 MB OpenCV module for every encode, stabilised or not.
import type { CV } from '../../shared/vision/core/cv'
import { cornerMovement } from '../../shared/vision/core/geometry'
import type { Corners, RgbaImage } from '../../shared/vision/core/image'

/** Finds the sheet's corners (TL, TR, BR, BL) in a frame, or null when it cannot. */
export type LocateCorners = (image: RgbaImage) => Corners | null | Promise<Corners | null>

const flat = (c: Corners): number[] => c.flatMap((p) => [p.x, p.y])

/** Corners that can define a homography: finite, and not collapsed to a line or a point. */
export function usableCorners(c: Corners | null | undefined): c is Corners {
  if (!c || c.length !== 4 || !flat(c).every(Number.isFinite)) return false
  // Shoelace area of the quadrilateral; tiny means degenerate.
  let area = 0
  for (let i = 0; i < 4; i++) area += c[i].x * c[(i + 1) % 4].y - c[(i + 1) % 4].x * c[i].y
  return Math.abs(area) / 2 > 100
}

/**
 * Warps `image` so that `from` (its corners) lands on `to` (the reference frame's corners).
 * Returns a new image of the same size; pixels from outside the frame repeat the border.
 */
export function warpToReference(cv: CV, image: RgbaImage, from: Corners, to: Corners): RgbaImage {
  const owned: { delete(): void }[] = []
  const own = <M extends { delete(): void }>(m: M): M => (owned.push(m), m)
  try {
    const src = own(new cv.Mat(image.height, image.width, cv.CV_8UC4))
    src.data.set(image.data)
    const fromMat = own(cv.matFromArray(4, 1, cv.CV_32FC2, flat(from)))
    const toMat = own(cv.matFromArray(4, 1, cv.CV_32FC2, flat(to)))
    const h = own(cv.getPerspectiveTransform(fromMat, toMat))
    const dst = own(new cv.Mat())
    cv.warpPerspective(src, dst, h, new cv.Size(image.width, image.height), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar())
    return { width: image.width, height: image.height, data: new Uint8Array(dst.data) }
  } finally {
    for (const m of owned.reverse()) m.delete()
  }
}

/**
 * Registers a stream of frames to `reference` corners, or, without them, to the first frame whose
 * corners are found. Frames before that, and frames whose corners are not found, pass through
 * unwarped and are counted.
 */
export class Stabiliser {
  private reference: Corners | undefined
  registered = 0
  failed = 0

  constructor(
    private readonly cv: CV,
    private readonly locate: LocateCorners,
    /** Known ahead, e.g. the corners the film is cropped to, so the sheet stays where the crop is. */
    reference?: Corners,
  ) {
    this.reference = reference
  }

  get referenceCorners(): Corners | undefined {
    return this.reference
  }

  async next(image: RgbaImage): Promise<{ image: RgbaImage; registered: boolean }> {
    return this.register(image, await this.corners(image))
  }

  /** A frame's corners as `locate` finds them; null where it finds none or fails. */
  async corners(image: RgbaImage): Promise<Corners | null> {
    try {
      return await this.locate(image)
    } catch {
      return null
    }
  }

  /** Registers a frame by corners already found (`corners`, steadyCorners), as `next` does by those it finds. */
  register(image: RgbaImage, corners: Corners | null): { image: RgbaImage; registered: boolean } {
    if (!usableCorners(corners)) {
      this.failed++
      return { image, registered: false }
    }
    this.registered++
    if (!this.reference) {
      this.reference = corners
      return { image, registered: true }
    }
    return { image: warpToReference(this.cv, image, corners, this.reference), registered: true }
  }
}

/**
 * How far (a share of the sheet's diagonal, cornerMovement) a frame's corners may lie from both its
 * agreeing neighbours' before they are taken for a quad found elsewhere. Set from a synthetic
 * session: consecutive frames moved 0-1.2%, quads found a fifth of a cell off 1.8-2.8%.
 */
export const LONE_JUMP = 0.014

/**
 * The corners to register a frame by, given its neighbours' (null where none): its own, or the frame
 * before's where the two neighbours agree and its own lie apart from both. A sheet that really
 * moved stays moved, so the frame after agrees with the move.
 */
export function steadyCorners(before: Corners | null, now: Corners | null, after: Corners | null): Corners | null {
  if (!usableCorners(before) || !usableCorners(now) || !usableCorners(after)) return now
  const apart = (a: Corners, b: Corners): boolean => cornerMovement(a, b) > LONE_JUMP
  return !apart(after, before) && apart(now, before) && apart(now, after) ? before : now
}
