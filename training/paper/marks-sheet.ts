/**
 * Contact sheets of the pen train split's pencil-mark cells, for labelling their candidates by eye
 * (datasets/kubiesa-marks.txt): one photo per puzzle (all four show the same paper), cut through the app's
 * steps from the metadata corners; each cell's flat crop at twice its size, with the pieces
 * paper/mark-pieces.ts finds outlined in red.
 *
 *   npx tsx training/paper/marks-sheet.ts   -> .cache/train-paper/marks-sheets/sheet-N.png (+ the order printed)
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { decodeImage } from '../../src/node/reader/decode-image'
import { extractCells } from '../../src/shared/vision/cells/extract-cells'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { toGray } from '../../src/shared/vision/core/gray'
import { markPieces } from '../../src/shared/vision/paper/mark-pieces'
import { gridLattice, warpGrid } from '../../src/shared/vision/grid/warp'
import { listPenPhotos, MARKS_LABEL } from '../../datasets/kubiesa'
import { CACHE_DIR } from './samples'

const TILE = 220
const PER_ROW = 6
const PER_SHEET = 24

async function main(): Promise<void> {
  const cv = await loadOpenCV()
  const seen = new Set<string>()
  const photos = listPenPhotos('train').filter((p) => !seen.has(p.puzzle) && seen.add(p.puzzle))
  const tiles: { label: string; rgb: Uint8Array }[] = []
  for (const photo of photos) {
    const warped = warpGrid(cv, toGray(await decodeImage(photo.jpg)), photo.corners, 900)
    const { flat, bounds } = extractCells(cv, warped, gridLattice(warped))
    for (let cell = 0; cell < 81; cell++) {
      if (photo.labels[cell] !== MARKS_LABEL) continue
      const b = bounds[cell]
      const rgb = new Uint8Array(TILE * TILE * 3).fill(128)
      const scale = 2
      for (let y = 0; y < TILE; y++)
        for (let x = 0; x < TILE; x++) {
          const sx = Math.floor(b.left + x / scale - 5),
            sy = Math.floor(b.top + y / scale - 5)
          if (sx < 0 || sy < 0 || sx >= flat.width || sy >= flat.height) continue
          const v = flat.data[sy * flat.width + sx]
          rgb.fill(v, (y * TILE + x) * 3, (y * TILE + x) * 3 + 3)
        }
      for (const p of markPieces(flat, b)) {
        const px = (x: number): number => Math.round((x - b.left + 5) * scale)
        const py = (y: number): number => Math.round((y - b.top + 5) * scale)
        for (let x = px(p.x); x <= px(p.x + p.width); x++)
          for (const y of [py(p.y), py(p.y + p.height)]) if (x >= 0 && x < TILE && y >= 0 && y < TILE) rgb.set([255, 0, 0], (y * TILE + x) * 3)
        for (let y = py(p.y); y <= py(p.y + p.height); y++)
          for (const x of [px(p.x), px(p.x + p.width)]) if (x >= 0 && x < TILE && y >= 0 && y < TILE) rgb.set([255, 0, 0], (y * TILE + x) * 3)
      }
      tiles.push({ label: `${photo.puzzle} ${cell}`, rgb })
    }
  }
  const dir = join(CACHE_DIR, 'marks-sheets')
  mkdirSync(dir, { recursive: true })
  for (let s = 0; s * PER_SHEET < tiles.length; s++) {
    const part = tiles.slice(s * PER_SHEET, (s + 1) * PER_SHEET)
    const rows = Math.ceil(part.length / PER_ROW)
    const W = PER_ROW * (TILE + 4)
    const H = rows * (TILE + 4)
    const sheet = new Uint8Array(W * H * 3).fill(40)
    part.forEach((t, i) => {
      const ox = (i % PER_ROW) * (TILE + 4),
        oy = Math.floor(i / PER_ROW) * (TILE + 4)
      for (let y = 0; y < TILE; y++) sheet.set(t.rgb.subarray(y * TILE * 3, (y + 1) * TILE * 3), ((oy + y) * W + ox) * 3)
    })
    await sharp(Buffer.from(sheet), { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toFile(join(dir, `sheet-${s}.png`))
    console.log(`sheet-${s}: ${part.map((t) => t.label).join(', ')}`)
  }
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
