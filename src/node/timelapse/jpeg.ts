/** JPEG <-> plain RGBA pixels with sharp (main process and CLI only). */
import sharp from 'sharp'
import type { RgbaImage } from '../../shared/vision/core/image'

export async function decodeJpeg(bytes: Uint8Array): Promise<RgbaImage> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
}

export async function encodeJpeg(image: RgbaImage, quality = 90): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .jpeg({ quality })
    .toBuffer()
}
