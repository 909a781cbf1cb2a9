/**
 * The annotated film's overlays, drawn into copies of the frames at encode time: a box at the top
 * left with the elapsed time, the digits filled and the technique behind each new digit
 * (timelapse/annotations.ts), and a closing card over the last frame. SVG composited by sharp, laid
 * out and sized in the part of the frame the film keeps (its crop), as stamp.ts does.
 */
import type { FinalCard, FrameAnnotation } from '../../shared/timelapse/annotations'
import type { CropRect } from './ffmpeg-args'
import { escapeXml, visibleArea } from './overlay'

/** Technique lines shown at once: the newest digits' (a shot rarely brings more than two). */
const MAX_NOTES = 3
/** Seconds of film the closing card stays up. */
export const CARD_SECONDS = 3

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif'

/** DejaVu Sans averages about 0.55 em a character; the sizes only need to be roughly right. */
const CHAR_EM = 0.56
/** A card line may take this much of the width shown, leaving a margin each side. */
const CARD_WIDTH_SHARE = 0.9

/** An SVG the frame's size with the annotation's box at the top left of `area` (the whole frame by default). */
export function annotationSvg(width: number, height: number, a: FrameAnnotation, notes: readonly string[], area?: CropRect | null): string {
  const shown = visibleArea(width, height, area)
  const fontSize = Math.max(12, Math.round(shown.height / 24))
  const pad = Math.round(fontSize * 0.4)
  const lines = [`${a.elapsed} · ${a.filled}`, ...notes.slice(-MAX_NOTES)]
  const boxW = Math.round(Math.max(...lines.map((l) => l.length)) * fontSize * CHAR_EM + 2 * pad)
  const lineH = Math.round(fontSize * 1.3)
  const boxH = lines.length * lineH + pad
  const text = lines
    .map(
      (line, i) =>
        `<text x="${shown.x + 2 * pad}" y="${shown.y + 2 * pad + i * lineH + fontSize * 0.5}" font-size="${i ? Math.round(fontSize * 0.85) : fontSize}" dominant-baseline="central">${escapeXml(line)}</text>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect x="${shown.x + pad}" y="${shown.y + pad}" width="${boxW}" height="${boxH}" rx="${pad}" fill="black" fill-opacity="0.6"/>` +
    `<g font-family="${FONT}" fill="white">${text}</g></svg>`
  )
}

/** An SVG the frame's size: the frame dimmed, the card's lines centred in `area` (the whole frame by default). */
export function cardSvg(width: number, height: number, card: FinalCard, area?: CropRect | null): string {
  const shown = visibleArea(width, height, area)
  const fontSize = Math.max(14, Math.round(shown.height / 14))
  const lineH = Math.round(fontSize * 1.5)
  const top = shown.y + shown.height / 2 - ((card.lines.length - 1) * lineH) / 2
  const text = card.lines
    .map(
      (line, i) =>
        `<text x="${shown.x + shown.width / 2}" y="${top + i * lineH}" font-size="${cardFontSize(line, i ? fontSize * 0.6 : fontSize, shown.width)}" text-anchor="middle" dominant-baseline="central">${escapeXml(line)}</text>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="black" fill-opacity="0.7"/>` +
    `<g font-family="${FONT}" fill="white">${text}</g></svg>`
  )
}

/** A card line's font size: `nominal`, or less where the line would run out of `width` (a film cropped to the puzzle, a long technique's name). */
function cardFontSize(line: string, nominal: number, width: number): number {
  return Math.max(8, Math.floor(Math.min(nominal, (CARD_WIDTH_SHARE * width) / (line.length * CHAR_EM))))
}
