/**
 * Fully written pages made from a photo whose grid outline is known: a handwritten digit drawn
 * into every cell the photo leaves empty, through the outline's homography, as someone who has
 * solved the puzzle in pen leaves it. The digits come from the handwriting fonts installed here
 * (Kristi, Breip, DkgHandwriting, Humor Sans, Comic Neue: Debian's fonts-kristi, fonts-breip,
 * fonts-dkg-handwriting, fonts-humor-sans, fonts-comic-neue; a font that is missing falls back to
 * librsvg's default, which still draws a digit), each cell's drawn with its own
 *  - height 50-90% of a cell, turned up to ±12°, shifted up to a quarter cell each way, so that
 *    the larger and farther shifted digits' strokes cross the cell's lines (as on the solved
 *    pages, where written digits run over the lines and the border);
 *  - pen width 2.5-7% of a cell on top of the font's own stroke (a ballpoint on a newspaper's
 *    8-10 mm cells is 0.3-0.7 mm);
 *  - ink dark grey or blue, at 75-100% strength, laid over the paper multiplicatively so the
 *    photo's shading shows through.
 * Seeded: the same photo name and seed give the same page. The grid's corners do not move.
 */
import sharp from 'sharp'
import { applyHomography, distance, homographyFromPoints, invertHomography } from '../src/shared/vision/core/geometry'
import type { Corners, RgbaImage } from '../src/shared/vision/core/image'
import { textRandom } from './random'

export interface FilledView {
  readonly image: RgbaImage
  /** The grid's outer corners, as in the photo. */
  readonly corners: Corners
  /** e.g. `52 cells written`. */
  readonly label: string
}

const FONTS = ['Kristi', 'Breip', 'DkgHandwriting', 'Humor Sans', 'Comic Neue'] as const
/** A font's digits are about this share of its em tall (measured roughly on the fonts above: 0.65-0.75). */
const DIGIT_EM = 0.7
/** The digits' height, as a share of a cell. */
const HEIGHT = [0.5, 0.9] as const
/** Largest shift of a digit's centre from its cell's, and largest turn (degrees). */
const MAX_SHIFT = 0.25
const MAX_TURN = 12
/** Pen width added to the font's strokes, as a share of a cell. */
const PEN = [0.015, 0.05] as const
/** Ink strength (alpha). */
const STRENGTH = [0.75, 1] as const
/** The layer the digits are drawn on covers the grid and half a cell round it (digits in the outer cells cross the border). */
const MARGIN = 0.5
/** The layer's grid side, in its pixels: about the grid's side in the photo, at most this. */
const MAX_LAYER = 3000

/**
 * The photo with a digit written into each cell for which `empty(cell)` holds (cell = 9·row + col,
 * row-major from the outline's top-left corner).
 */
export async function filledView(photo: RgbaImage, corners: Corners, empty: (cell: number) => boolean, name: string, seed = 1): Promise<FilledView> {
  const rand = textRandom(`${name}:filled:${seed}`)
  const between = ([lo, hi]: readonly [number, number]): number => lo + (hi - lo) * rand()
  const side = Math.max(...[0, 1, 2, 3].map((i) => distance(corners[i], corners[(i + 1) % 4])))
  const L = Math.round(Math.min(MAX_LAYER, Math.max(90, side)))
  const cell = L / 9
  const m = Math.round(MARGIN * cell)
  const size = L + 2 * m
  const parts: string[] = []
  let written = 0
  for (let k = 0; k < 81; k++) {
    if (!empty(k)) continue
    written++
    const [row, col] = [Math.floor(k / 9), k % 9]
    const h = between(HEIGHT) * cell
    const fontSize = h / DIGIT_EM
    const x = m + (col + 0.5 + MAX_SHIFT * (2 * rand() - 1)) * cell
    const y = m + (row + 0.5 + MAX_SHIFT * (2 * rand() - 1)) * cell
    const turn = MAX_TURN * (2 * rand() - 1)
    const font = FONTS[Math.floor(rand() * FONTS.length)]
    const digit = 1 + Math.floor(rand() * 9)
    const pen = between(PEN) * cell
    const ink = inkColour(rand)
    const strength = between(STRENGTH)
    parts.push(
      `<text x="0" y="${(h / 2).toFixed(1)}" text-anchor="middle" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${turn.toFixed(1)})" ` +
        `font-family="${font}" font-size="${fontSize.toFixed(1)}" fill="${ink}" stroke="${ink}" stroke-width="${pen.toFixed(1)}" stroke-linejoin="round" opacity="${strength.toFixed(2)}">${digit}</text>`,
    )
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${parts.join('')}</svg>`
  // About one photo pixel of blur, in layer pixels.
  const blur = Math.max(0.3, (0.7 * L) / side)
  const { data: layer } = await sharp(Buffer.from(svg)).blur(blur).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const square = [
    { x: m, y: m },
    { x: m + L, y: m },
    { x: m + L, y: m + L },
    { x: m, y: m + L },
  ]
  const toPhoto = homographyFromPoints(square, corners)
  const toLayer = toPhoto && invertHomography(toPhoto)
  if (!toPhoto || !toLayer) throw new Error(`${name}: degenerate outline`)
  const image = { width: photo.width, height: photo.height, data: Uint8Array.from(photo.data) }
  inkOver(image, layer, size, toPhoto, toLayer)
  return { image, corners, label: `${written} cells written` }
}

/** Dark grey or blue ballpoint ink, as an SVG colour. */
function inkColour(rand: () => number): string {
  const v = (lo: number, hi: number): number => Math.round(lo + (hi - lo) * rand())
  if (rand() < 0.5) {
    const g = v(30, 120)
    return `rgb(${g},${g},${g + v(0, 15)})`
  }
  return `rgb(${v(15, 60)},${v(25, 70)},${v(90, 150)})`
}

/**
 * Lays the `size`² RGBA layer over the photo (in place) where `toPhoto` maps it: each photo pixel
 * in the layer's footprint samples it bilinearly (alpha-weighted) and is multiplied by the ink.
 */
function inkOver(
  photo: { width: number; height: number; data: Uint8Array },
  layer: Uint8Array,
  size: number,
  toPhoto: Parameters<typeof applyHomography>[0],
  toLayer: Parameters<typeof applyHomography>[0],
): void {
  const ends = [
    { x: 0, y: 0 },
    { x: size, y: 0 },
    { x: size, y: size },
    { x: 0, y: size },
  ].map((p) => applyHomography(toPhoto, p))
  const x0 = Math.max(0, Math.floor(Math.min(...ends.map((p) => p.x))))
  const x1 = Math.min(photo.width - 1, Math.ceil(Math.max(...ends.map((p) => p.x))))
  const y0 = Math.max(0, Math.floor(Math.min(...ends.map((p) => p.y))))
  const y1 = Math.min(photo.height - 1, Math.ceil(Math.max(...ends.map((p) => p.y))))
  const [a, b, c, d, e, f, g, h, i] = toLayer
  const out = photo.data
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const w = g * x + h * y + i
      const u = (a * x + b * y + c) / w
      const v = (d * x + e * y + f) / w
      if (!(u >= 0 && v >= 0 && u < size - 1 && v < size - 1)) continue
      const ui = Math.floor(u)
      const vi = Math.floor(v)
      const fu = u - ui
      const fv = v - vi
      // Alpha and alpha-weighted ink of the four neighbours.
      let alpha = 0
      const ink = [0, 0, 0]
      for (const [du, dv, wt] of [
        [0, 0, (1 - fu) * (1 - fv)],
        [1, 0, fu * (1 - fv)],
        [0, 1, (1 - fu) * fv],
        [1, 1, fu * fv],
      ] as const) {
        const j = ((vi + dv) * size + ui + du) * 4
        const al = (layer[j + 3] / 255) * wt
        if (al === 0) continue
        alpha += al
        for (let ch = 0; ch < 3; ch++) ink[ch] += al * layer[j + ch]
      }
      if (alpha === 0) continue
      const k = (y * photo.width + x) * 4
      // Multiply: paper × (1 − α + α·ink/255), with the α-weighted ink already summed.
      for (let ch = 0; ch < 3; ch++) out[k + ch] = Math.round(out[k + ch] * (1 - alpha + ink[ch] / 255))
    }
  }
}
