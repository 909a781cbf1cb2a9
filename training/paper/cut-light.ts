/**
 * Light-pen entries through the app's own steps: every entry of the pen train photos written again
 * in a lighter pen, then cut as cut-real.ts cuts (exact corners and JITTERS jittered ones), so the
 * models see what cells.ts and cells/patch.ts make of light ink (strokes that fall apart at the
 * page's one Otsu cut, digits cut short to their darkest piece), not an imitation of it.
 *
 *   npx tsx training/paper/cut-light.ts     -> .cache/train-paper/pen-light.*   (entries only)
 *
 * Each entry's ink is scaled toward its cell's paper level in the 900 px warp, by the gain that
 * brings its patch contrast to a value drawn from LIGHT_CONTRAST; the givens, marks and lines stay
 * as photographed, as they do on a page solved in a light pen.
 */
import { decodeImage } from '../../src/node/reader/decode-image'
import { cellPatches } from '../../src/shared/vision/cells/patch'
import { extractCells } from '../../src/shared/vision/cells/extract-cells'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { toGray } from '../../src/shared/vision/core/gray'
import type { GrayImage, Point } from '../../src/shared/vision/core/image'
import { gridLattice, warpGrid } from '../../src/shared/vision/grid/warp'
import { listPenPhotos, penFolds } from '../../datasets/kubiesa'
import { FOLDS, JITTER, JITTERS, jitterCorners, rng } from './cut'
import { KIND, SampleWriter, SOURCE } from './samples'

/**
 * Patch contrast (paper, the patch's 90th percentile grey, less its 1st percentile) the lightened
 * entries are given, uniform. Measured on the pen photos' entries: the train split's have a median
 * of 156 and 1% below 52; the lightest pen on these pages has 45-70 (strokes that never reach grey
 * 128), so the range spans it and the light end of the train split.
 */
const LIGHT_CONTRAST: readonly [number, number] = [40, 100]
/** Share of a cell's side left alone on each side, so the grid lines keep their darkness. */
const LINE_MARGIN = 0.08

function patchContrast(patch: GrayImage): number {
  const sorted = Uint8Array.from(patch.data).sort()
  return sorted[Math.floor(0.9 * sorted.length)] - sorted[Math.floor(0.01 * sorted.length)]
}

/** A copy of `warped` with the ink of the cell between lattice crossings `a` (top-left) and `b` (bottom-right) scaled by `gain` toward the cell's paper level. */
function lighten(warped: GrayImage, out: Uint8Array, a: Point, b: Point, gain: number): void {
  const mx = LINE_MARGIN * (b.x - a.x)
  const my = LINE_MARGIN * (b.y - a.y)
  const x0 = Math.max(0, Math.round(a.x + mx)),
    x1 = Math.min(warped.width, Math.round(b.x - mx))
  const y0 = Math.max(0, Math.round(a.y + my)),
    y1 = Math.min(warped.height, Math.round(b.y - my))
  const values: number[] = []
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) values.push(warped.data[y * warped.width + x])
  values.sort((p, q) => p - q)
  const paper = values[Math.floor(0.9 * values.length)]
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * warped.width + x
      if (warped.data[i] < paper) out[i] = Math.round(paper - (paper - warped.data[i]) * gain)
    }
  }
}

async function main(): Promise<void> {
  const photos = listPenPhotos('train')
  const folds = penFolds(photos, FOLDS)
  const cv = await loadOpenCV()
  const out = new SampleWriter()
  const r = rng(13)
  for (const [page, p] of photos.entries()) {
    if (!p.kinds) throw new Error(`${p.name}: no kinds in datasets/kubiesa-kinds.txt`)
    const gray = toGray(await decodeImage(p.jpg))
    for (let jitter = 0; jitter <= JITTERS; jitter++) {
      const warped = warpGrid(cv, gray, jitter ? jitterCorners(p.corners, JITTER, r) : p.corners, 900)
      const lattice = gridLattice(warped)
      const before = extractCells(cv, warped, lattice)
      const patches = cellPatches(before.flat, before.bounds)
      const light = Uint8Array.from(warped.data)
      const entries = p.kinds.flatMap((k, cell) => (k === 'entry' ? [cell] : []))
      for (const cell of entries) {
        const target = LIGHT_CONTRAST[0] + r() * (LIGHT_CONTRAST[1] - LIGHT_CONTRAST[0])
        const gain = Math.min(1, target / Math.max(1, patchContrast(patches[cell])))
        const row = Math.floor(cell / 9),
          col = cell % 9
        lighten(warped, light, lattice[row][col], lattice[row + 1][col + 1], gain)
      }
      const after = extractCells(cv, { ...warped, data: light }, lattice)
      const lightPatches = cellPatches(after.flat, after.bounds)
      for (const cell of entries) {
        out.add(
          { source: SOURCE.pen, page, fold: folds.get(p.puzzle)!, cell, kind: KIND.entry, digit: p.labels[cell], jitter, marks: 0 },
          lightPatches[cell].data,
          after.cells[cell].image.data,
        )
      }
    }
    if (page % 10 === 9) console.log(`${page + 1}/${photos.length} photos`)
  }
  out.save('pen-light')
  console.log(`pen-light: ${out.count} entries from ${photos.length} photos`)
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
