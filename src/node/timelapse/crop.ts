/** Turns the crop setting into a rectangle in frame pixels (`puzzle` needs the sheet's corners). */
import type { TimelapseCrop } from '../../shared/timelapse/settings'
import type { Corners } from '../../shared/vision/core/image'
import type { CropRect } from './ffmpeg-args'

/** The puzzle's bounding box widened by `margin` (a fraction of its size), kept inside the frame. */
export function puzzleCropRect(corners: Corners, frameWidth: number, frameHeight: number, margin = 0.06): CropRect {
  const xs = corners.map((p) => p.x)
  const ys = corners.map((p) => p.y)
  const w = Math.max(...xs) - Math.min(...xs)
  const h = Math.max(...ys) - Math.min(...ys)
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - margin * w))
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - margin * h))
  const x1 = Math.min(frameWidth, Math.ceil(Math.max(...xs) + margin * w))
  const y1 = Math.min(frameHeight, Math.ceil(Math.max(...ys) + margin * h))
  return { x: x0, y: y0, width: Math.max(2, x1 - x0), height: Math.max(2, y1 - y0) }
}

/** A `rect` crop clipped to the frame; `full` is null; `puzzle` uses `corners` (null when not found). */
export function cropRect(crop: TimelapseCrop, frameWidth: number, frameHeight: number, corners?: Corners | null): CropRect | null {
  if (crop.kind === 'full') return null
  if (crop.kind === 'puzzle') return corners ? puzzleCropRect(corners, frameWidth, frameHeight) : null
  const x = Math.min(crop.x, frameWidth - 2)
  const y = Math.min(crop.y, frameHeight - 2)
  return { x, y, width: Math.min(crop.width, frameWidth - x), height: Math.min(crop.height, frameHeight - y) }
}
