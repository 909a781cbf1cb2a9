/** Drawing on a frame: an SVG the frame's size composited over it by sharp (stamp.ts, annotate.ts). */
import sharp from 'sharp'

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
