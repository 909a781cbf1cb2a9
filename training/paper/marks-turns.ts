/**
 * What paper/marks-kind.ts turns to marks, every inked cell taken as if the cell model had judged it an
 * entry: the pencilled cells of synthetic solving sessions (seeds 11-30 by default, marks 0.5; not
 * the benchmark's seeds), which should turn; the same sessions' written digits, the digits written
 * over their own cell's marks in sessions with --ink-over-marks 0.3 (the same seeds), and the
 * givens and entries of the pen train and val photos (cut from their metadata corners), which
 * never should. Each cell is judged with what cells.ts found in it, as paper/cell-judge.ts judges it
 * (the sessions' pencilled cells also without). The figures in paper/marks-kind.ts's comment are this
 * script's.
 *
 *   npx tsx training/paper/marks-turns.ts [11-30]
 */
import { decodeImage } from '../../src/node/reader/decode-image'
import { CELL_KINDS } from '../../src/shared/vision/cell-reading'
import { extractCells } from '../../src/shared/vision/cells/extract-cells'
import { toGray } from '../../src/shared/vision/core/gray'
import { marksByPieces } from '../../src/shared/vision/paper/marks-kind'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { gridLattice, warpGrid } from '../../src/shared/vision/grid/warp'
import { loadWrittenDigitClassifier } from '../../src/shared/vision/digits/written-digits'
import { listPenPhotos } from '../../datasets/kubiesa'
import { lastPage, makeSolvingSession } from '../../devkit/solving-session'

/** The cell model's judgement: an entry, surely. */
const ENTRY = Float32Array.from(CELL_KINDS, (kind) => (kind === 'entry' ? 0.97 : 0.01))

const [from, to] = (process.argv[2] ?? '11-30').split('-').map(Number)
const cv = await loadOpenCV()
const classifier = await loadWrittenDigitClassifier()
let pencilled = 0
let turned = 0
let turnedInkless = 0
let written = 0
let writtenTurned = 0
for (let seed = from; seed <= to; seed++) {
  const session = await makeSolvingSession(cv, { seed, digits: 30, marks: 0.5 })
  const page = lastPage(cv, session)
  if (!page) continue
  for (const p of session.pencilled) {
    pencilled++
    if (marksByPieces(ENTRY, page.flat, page.bounds[p.cell], classifier)) turned++
    if (marksByPieces(ENTRY, page.flat, page.bounds[p.cell], classifier, page.cells[p.cell].filled)) turnedInkless++
  }
  for (const w of session.written) {
    written++
    if (marksByPieces(ENTRY, page.flat, page.bounds[w.cell], classifier, page.cells[w.cell].filled)) writtenTurned++
  }
}
console.log(`synthetic sessions ${from}-${to}: ${turned} of ${pencilled} pencilled cells turned to marks, ${turnedInkless} with cells.ts's finding`)
console.log(`the same sessions' written digits (none over marks): ${writtenTurned} of ${written} turned to marks`)
let inked = 0
let inkedTurned = 0
for (let seed = from; seed <= to; seed++) {
  const session = await makeSolvingSession(cv, { seed, digits: 30, marks: 0.3, inkOverMarks: 0.3 })
  const page = lastPage(cv, session)
  if (!page) continue
  for (const w of session.written.filter((w) => session.pencilled.some((p) => p.cell === w.cell))) {
    inked++
    if (marksByPieces(ENTRY, page.flat, page.bounds[w.cell], classifier, page.cells[w.cell].filled)) inkedTurned++
  }
}
console.log(`the same seeds with digits written over their marks: ${inkedTurned} of ${inked} such cells turned to marks`)
for (const split of ['train', 'val'] as const) {
  let digits = 0
  let inkless = 0
  const wrong: string[] = []
  for (const photo of listPenPhotos(split)) {
    if (!photo.kinds) continue
    const warped = warpGrid(cv, toGray(await decodeImage(photo.jpg)), photo.corners, 900)
    const { flat, bounds, cells } = extractCells(cv, warped, gridLattice(warped))
    photo.kinds.forEach((kind, cell) => {
      if (kind !== 'given' && kind !== 'entry') return
      digits++
      if (!cells[cell].filled) inkless++
      if (marksByPieces(ENTRY, flat, bounds[cell], classifier, cells[cell].filled)) wrong.push(`${photo.name} cell ${cell} (${kind})`)
    })
  }
  console.log(
    `pen ${split}: ${wrong.length} of ${digits} givens and entries turned to marks (${inkless} of them without ink found by cells.ts)${wrong.length ? `: ${wrong.join(', ')}` : ''}`,
  )
}
