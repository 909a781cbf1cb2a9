/**
 * The elapsed-time stamp: text drawn in the bottom-right corner of a frame (an SVG composited by
 * sharp), on a dark box so it reads on white paper and on a dark desk alike.
 */
import { escapeXml, overlayJpeg } from './overlay'

/** An SVG the size of the frame with `text` in a box at the bottom right. */
export function stampSvg(width: number, height: number, text: string): string {
  const fontSize = Math.max(12, Math.round(height / 18))
  const pad = Math.round(fontSize * 0.35)
  // DejaVu/Liberation digits are about 0.6 em wide; the box only needs to be roughly right.
  const boxW = Math.round(text.length * fontSize * 0.62 + 2 * pad)
  const boxH = Math.round(fontSize * 1.25)
  const x = width - boxW - pad
  const y = height - boxH - pad
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect x="${x}" y="${y}" width="${boxW}" height="${boxH}" rx="${pad}" fill="black" fill-opacity="0.6"/>` +
    `<text x="${x + boxW / 2}" y="${y + boxH / 2}" font-family="DejaVu Sans Mono, Liberation Mono, monospace" ` +
    `font-size="${fontSize}" fill="white" text-anchor="middle" dominant-baseline="central">${escapeXml(text)}</text></svg>`
  )
}

/** Returns a new JPEG with `text` stamped on it; the input is not changed. */
export function stampJpeg(jpeg: Uint8Array, text: string, quality = 90): Promise<Buffer> {
  return overlayJpeg(jpeg, (width, height) => stampSvg(width, height, text), quality)
}
