/**
 * Decodes an image file to RGBA pixels in Node (CLI, tests, benchmarks) with sharp.
 *
 * EXIF orientation is applied (`rotate()` with no angle), as the browser does for the renderer, so
 * coordinates mean the same thing on both sides. Images are returned at full resolution: detection
 * works on its own downscaled copy and reports corners in these pixels, and the warp wants the
 * full-resolution grey image for sharp digits.
 */
import sharp, { type Metadata } from 'sharp'
import type { RgbaImage } from '../../shared/vision/core/image'

/** 50 MP: above any phone camera; refuses decompression bombs before pixels are allocated. */
export const MAX_PIXELS = 50_000_000

export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError'
}

export async function decodeImage(input: string | Uint8Array, maxPixels = MAX_PIXELS): Promise<RgbaImage> {
  const label = typeof input === 'string' ? input : `${input.length}-byte buffer`
  let meta: Metadata
  try {
    meta = await sharp(input, { failOn: 'truncated' }).metadata()
  } catch (e) {
    throw new ImageDecodeError(`Cannot read image ${label}: ${(e as Error).message}`)
  }
  if (!meta.width || !meta.height) throw new ImageDecodeError(`Cannot read image ${label}: no dimensions`)
  if (meta.width * meta.height > maxPixels) {
    throw new ImageDecodeError(
      `Image ${label} is too large: ${meta.width}×${meta.height} (${((meta.width * meta.height) / 1e6).toFixed(1)} MP, limit ${(maxPixels / 1e6).toFixed(0)} MP)`,
    )
  }
  try {
    const { data, info } = await sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels })
      .rotate()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    if (info.channels !== 4) throw new Error(`expected 4 channels, got ${info.channels}`)
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
  } catch (e) {
    throw new ImageDecodeError(`Cannot decode image ${label}: ${(e as Error).message}`)
  }
}
