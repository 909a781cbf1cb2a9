/**
 * Synthetic training cells: whole Sudoku grids rendered from many fonts (SVG text rasterised by
 * sharp/librsvg through fontconfig), degraded like a phone photo (low resolution, blur, uneven
 * light, sensor noise, JPEG), warped to 900x900 from slightly wrong corners as the detector might
 * give them, and cut by the app's own cells.ts. Rendering whole grids rather than lone digits
 * means grid-line remnants, neighbouring strokes and the normalisation are all the real ones.
 *
 *   npx tsx training/digits/synth.ts [grids=1200] [seed=1]   -> .cache/synth.bin
 *
 * Fonts: the Debian packages listed in training/digits/README.md (fonts-dejavu, fonts-liberation,
 * fonts-freefont-ttf, fonts-urw-base35, fonts-roboto, fonts-croscore, fonts-noto-core, ...).
 */
import sharp from 'sharp'
import type { Corners, GrayImage } from '../src/shared/vision/core/image'
import { gaussian } from './random'

/** Families with lining (full-height) digits, as printed in newspapers and puzzle books. */
export const FONT_FAMILIES = [
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'Liberation Sans Narrow',
  'FreeSans',
  'FreeSerif',
  'FreeMono',
  'Nimbus Sans',
  'Nimbus Roman',
  'Nimbus Mono PS',
  'Nimbus Sans Narrow',
  'C059',
  'P052',
  'URW Bookman',
  'URW Gothic',
  'Roboto',
  'Roboto Condensed',
  'Arimo',
  'Tinos',
  'Cousine',
  'Carlito',
  'Caladea',
  'Open Sans',
  'Open Sans Condensed',
  'Lato',
  'Cantarell',
  'Linux Libertine O',
  'Linux Biolinum O',
  'Inconsolata',
  'Hack',
  'Fira Code',
  'Comic Neue',
  'Gentium',
  'Charis SIL',
  'Latin Modern Roman',
  'Latin Modern Sans',
  'Latin Modern Mono',
  'CMU Serif',
  'CMU Sans Serif',
  'CMU Bright',
  'CMU Typewriter Text',
  'CMU Concrete',
  'Noto Sans',
  'Noto Serif',
  'Noto Sans Display',
  'Noto Serif Display',
  'TeX Gyre Heros',
  'TeX Gyre Termes',
  'TeX Gyre Pagella',
  'TeX Gyre Bonum',
  'TeX Gyre Schola',
  'TeX Gyre Adventor',
  'TeX Gyre Cursor',
  'Accanthis ADF Std',
  'Baskervald ADF Std',
  'Berenis ADF Pro',
  'Gillius ADF',
  'Universalis ADF Std',
  'Oxygen Mono',
  'Quicksand',
  'Accanthis ADF Std No2',
]

export interface SyntheticGrid {
  readonly truth: Uint8Array
  /** The degraded 'photo' of the grid and its (slightly wrong) corners. */
  readonly photo: GrayImage
  readonly corners: Corners
  readonly family: string
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]
const between = (r: () => number, a: number, b: number): number => a + (b - a) * r()

function gridSvg(r: () => number, truth: Uint8Array, family: string): string {
  const cell = 100
  const margin = between(r, 10, 60)
  const side = 9 * cell + 2 * margin
  const paper = Math.round(between(r, 215, 255))
  const ink = Math.round(between(r, 0, 70))
  const lineInk = Math.round(between(r, 0, 110))
  const thin = between(r, 1, 4)
  const thick = thin + between(r, 1.5, 6)
  const weight = r() < 0.45 ? 'bold' : r() < 0.15 ? '300' : 'normal'
  const size = between(r, 58, 92)
  const extraStroke = r() < 0.25 ? between(r, 0.5, 3) : 0
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">`,
    `<rect width="${side}" height="${side}" fill="rgb(${paper},${paper},${paper})"/>`,
  ]
  for (let i = 0; i <= 9; i++) {
    const w = i % 3 === 0 ? thick : thin
    const at = margin + i * cell
    const col = `rgb(${lineInk},${lineInk},${lineInk})`
    parts.push(`<line x1="${margin}" y1="${at}" x2="${margin + 9 * cell}" y2="${at}" stroke="${col}" stroke-width="${w}"/>`)
    parts.push(`<line x1="${at}" y1="${margin}" x2="${at}" y2="${margin + 9 * cell}" stroke="${col}" stroke-width="${w}"/>`)
  }
  const fill = `rgb(${ink},${ink},${ink})`
  const stroke = extraStroke ? ` stroke="${fill}" stroke-width="${extraStroke}" stroke-linejoin="round"` : ''
  for (let c = 0; c < 81; c++) {
    if (!truth[c]) continue
    const x = margin + (c % 9) * cell + cell / 2 + between(r, -7, 7)
    // Text is placed by its baseline; digits are ~0.72 em tall in most fonts.
    const s = size * between(r, 0.95, 1.05)
    const y = margin + Math.floor(c / 9) * cell + cell / 2 + s * 0.36 + between(r, -6, 6)
    parts.push(
      `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${family}" font-weight="${weight}" font-size="${s.toFixed(1)}" text-anchor="middle" fill="${fill}"${stroke}>${truth[c]}</text>`,
    )
  }
  parts.push('</svg>')
  return parts.join('')
}

/** Renders, degrades and warps one grid; `r` drives every random choice. */
export async function syntheticGrid(r: () => number, family = pick(r, FONT_FAMILIES)): Promise<SyntheticGrid> {
  const truth = new Uint8Array(81)
  const fill = between(r, 0.25, 0.6)
  for (let c = 0; c < 81; c++) if (r() < fill) truth[c] = 1 + Math.floor(r() * 9)
  const svg = gridSvg(r, truth, family)
  const svgSide = Number(/width="([\d.]+)"/.exec(svg)![1])
  // Phone photos of the grid are 250-600 px wide; render straight at that size so digits are
  // anti-aliased like a camera sees them, not shrunk from a sharp image.
  const side = Math.round(between(r, 230, 620))
  const density = (72 * side) / svgSide
  let img = sharp(Buffer.from(svg), { density }).resize(side, side, { fit: 'fill' }).greyscale()
  const sigma = between(r, 0.3, 1.6)
  if (sigma > 0.35) img = img.blur(sigma)
  const { data } = await img.raw().toBuffer({ resolveWithObject: true })
  const px = new Uint8Array(data.buffer, data.byteOffset, data.length)
  // Uneven light: a linear gradient times a soft shadow, then sensor noise.
  const gx = between(r, -0.35, 0.35),
    gy = between(r, -0.35, 0.35),
    base = between(r, 0.6, 1.05)
  const noise = between(r, 0, 10)
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const light = base + gx * (x / side - 0.5) + gy * (y / side - 0.5)
      const i = y * side + x
      px[i] = Math.max(0, Math.min(255, Math.round(px[i] * light + noise * gaussian(r))))
    }
  const jpeg = await sharp(px, { raw: { width: side, height: side, channels: 1 } })
    .jpeg({ quality: Math.round(between(r, 35, 95)) })
    .toBuffer()
  const { data: dec, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true })
  const photo: GrayImage = { width: info.width, height: info.height, data: new Uint8Array(dec.buffer, dec.byteOffset, dec.length) }
  // The grid's true corners, each moved by up to ~1% of the side (a detector's typical error).
  const m = ((Number(/width="([\d.]+)"/.exec(svg)![1]) - 900) / 2 / svgSide) * side
  const j = () => between(r, -0.008, 0.008) * side
  const corners: Corners = [
    { x: m + j(), y: m + j() },
    { x: side - m + j(), y: m + j() },
    { x: side - m + j(), y: side - m + j() },
    { x: m + j(), y: side - m + j() },
  ]
  return { truth, photo, corners, family }
}
