/**
 * The elapsed-time stamp: text drawn in the bottom-right corner of the part of a frame the film
 * shows (the whole frame, or the crop), as an SVG composited by sharp, on a dark box so it reads on
 * white paper and on a dark desk alike.
 */
import type { CropRect } from './ffmpeg-args'
import { escapeXml, overlayJpeg, visibleArea } from './overlay'

/**
 * An SVG the size of the frame with `text` in a box at the bottom right of `area` (the crop the
 * film keeps; the whole frame by default), sized to that area so it reads the same after scaling.
 */
export function stampSvg(width: number, height: number, text: string, area?: CropRect | null): string {
  const shown = visibleArea(width, height, area)
  const fontSize = Math.max(12, Math.round(shown.height / 18))
  const pad = Math.round(fontSize * 0.35)
  // DejaVu/Liberation digits are about 0.6 em wide; the box only needs to be roughly right.
  const boxW = Math.round(text.length * fontSize * 0.62 + 2 * pad)
  const boxH = Math.round(fontSize * 1.25)
  const x = shown.x + shown.width - boxW - pad
  const y = shown.y + shown.height - boxH - pad
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect x="${x}" y="${y}" width="${boxW}" height="${boxH}" rx="${pad}" fill="black" fill-opacity="0.6"/>` +
    `<text x="${x + boxW / 2}" y="${y + boxH / 2}" font-family="DejaVu Sans Mono, Liberation Mono, monospace" ` +
    `font-size="${fontSize}" fill="white" text-anchor="middle" dominant-baseline="central">${escapeXml(text)}</text></svg>`
  )
}

/** Returns a new JPEG with `text` stamped on it (inside `area` when given); the input is not changed. */
export function stampJpeg(jpeg: Uint8Array, text: string, quality = 90, area?: CropRect | null): Promise<Buffer> {
  return overlayJpeg(jpeg, (width, height) => stampSvg(width, height, text, area), quality)
}
