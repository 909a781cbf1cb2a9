/**
 * Step 7: a contact sheet per puzzle for the by-eye check: one photo's warped grid with each digit
 * cell outlined by its kind (given green, entry magenta, marks blue), doubtful decisions marked
 * with a yellow corner, and the legend below. 900 x 940 px, legible in an image viewer.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import type { PenPhoto } from '../../datasets/kubiesa'
import type { CellKind } from '../../src/shared/vision/cell-reading'
import type { CellDecision } from './decide'
import { CACHE_DIR, WARP_SIDE } from './warp'

const COLOUR: Record<CellKind, string | null> = { given: '#00b000', entry: '#e000e0', marks: '#0060ff', empty: null }
const LEGEND = 40

export async function contactSheet(photo: PenPhoto, kinds: readonly CellKind[], decisions: readonly CellDecision[]): Promise<string> {
  const side = WARP_SIDE / 9
  const shapes = kinds.flatMap((kind, cell) => {
    const [x, y] = [(cell % 9) * side, Math.floor(cell / 9) * side]
    const colour = COLOUR[kind]
    const out = colour ? [`<rect x="${x + 5}" y="${y + 5}" width="${side - 10}" height="${side - 10}" fill="none" stroke="${colour}" stroke-width="4"/>`] : []
    if (decisions[cell].doubtful) out.push(`<rect x="${x + 5}" y="${y + 5}" width="18" height="18" fill="#ffd000"/>`)
    return out
  })
  const count = (k: CellKind): number => kinds.filter((x) => x === k).length
  const legend =
    `<text x="10" y="${WARP_SIDE + 28}" font-family="sans-serif" font-size="22">${photo.puzzle} (${photo.name}): ` +
    `<tspan fill="${COLOUR.given}">${count('given')} given</tspan>, <tspan fill="${COLOUR.entry}">${count('entry')} entry</tspan>, ` +
    `<tspan fill="${COLOUR.marks}">${count('marks')} marks</tspan>, yellow corner = doubtful</text>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WARP_SIDE}" height="${WARP_SIDE + LEGEND}">${shapes.join('')}${legend}</svg>`
  const dir = join(CACHE_DIR, 'sheets')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${photo.puzzle}.png`)
  await sharp(join(CACHE_DIR, 'warped', `${photo.name}.png`))
    .extend({ bottom: LEGEND, background: '#ffffff' })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toFile(file)
  return file
}
