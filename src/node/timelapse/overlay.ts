/** Drawing on a frame: an SVG the frame's size composited over it by sharp (stamp.ts, annotate.ts). */
import sharp from 'sharp'
import type { CropRect } from './ffmpeg-args'

export const escapeXml = (t: string): string => t.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** A new JPEG: `jpeg` with the SVG that `draw` makes for its size laid over it; the input is not changed. */
export async function overlayJpeg(jpeg: Uint8Array, draw: (width: number, height: number) => string, quality = 92): Promise<Buffer> {
  const image = sharp(jpeg)
  const { width, height } = await image.metadata()
  if (!width || !height) throw new Error('Cannot read the frame size')
  return image
    .composite([{ input: Buffer.from(draw(width, height)), top: 0, left: 0 }])
    .jpeg({ quality })
    .toBuffer()
}

/**
 * `area` (the crop the film keeps) clipped to a `width` × `height` frame; the whole frame when
 * there is no area. Overlays are laid out in it, else a crop to the grid cuts them away.
 */
export function visibleArea(width: number, height: number, area: CropRect | null | undefined): CropRect {
  if (!area) return { x: 0, y: 0, width, height }
  const x = Math.min(Math.max(0, Math.round(area.x)), width - 1)
  const y = Math.min(Math.max(0, Math.round(area.y)), height - 1)
  return { x, y, width: Math.min(Math.round(area.width), width - x), height: Math.min(Math.round(area.height), height - y) }
}
