/**
 * How well paper/marks.ts reads pencil candidates: every hand-labelled marks cell (datasets/kubiesa-marks.txt,
 * the 94 marks cells of the 20 pen train puzzles) on all four photos of its puzzle, cut through the
 * app's steps from the metadata corners (and, with --jitter, from corners moved like a
 * detector's), read with the shipped written-digit model. Prints how many cells got a list, how
 * many of those lists are right (what a solver would be told), and how many cells are right in all.
 *
 *   npx tsx training/paper/marks-eval.ts [--jitter]
 */
import { decodeImage } from '../../src/node/reader/decode-image'
import { extractCells } from '../../src/shared/vision/cells/extract-cells'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { toGray } from '../../src/shared/vision/core/gray'
import { readMarks } from '../../src/shared/vision/paper/marks'
import { gridLattice, warpGrid } from '../../src/shared/vision/grid/warp'
import { loadWrittenDigitClassifier } from '../../src/shared/vision/digits/written-digits'
import { listPenPhotos } from '../../datasets/kubiesa'
import { readPenMarks } from '../../datasets/kubiesa-marks'
import { jitterCorners, rng } from './cut'

async function main(): Promise<void> {
  const jitter = process.argv.includes('--jitter')
  const labels = readPenMarks()
  const cv = await loadOpenCV()
  const clf = await loadWrittenDigitClassifier()
  const r = rng(5)
  let cells = 0,
    listed = 0,
    right = 0
  const wrong: string[] = []
  for (const photo of listPenPhotos('train')) {
    const want = labels.get(photo.puzzle)
    if (!want) continue
    const corners = jitter ? jitterCorners(photo.corners, 0.01, r) : photo.corners
    const warped = warpGrid(cv, toGray(await decodeImage(photo.jpg)), corners, 900)
    const { flat, bounds } = extractCells(cv, warped, gridLattice(warped))
    for (const [cell, digits] of want) {
      const got = readMarks(flat, bounds[cell], clf)
      cells++
      if (!got.marks.length) continue
      listed++
      if (got.marks.join() === digits.join()) right++
      else wrong.push(`${photo.name} cell ${cell}: ${got.marks.join('')} for ${digits.join('')}`)
    }
  }
  console.log(
    `marks cells ${cells}: a list for ${listed} (${((100 * listed) / cells).toFixed(1)}%), right ${right} of those (${((100 * right) / Math.max(1, listed)).toFixed(1)}%), right overall ${((100 * right) / cells).toFixed(1)}%`,
  )
  for (const w of wrong) console.log(`  wrong: ${w}`)
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
