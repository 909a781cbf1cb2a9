/**
 * `npm run bench:ink-over-marks [-- --split val|train] [--readme]`: a digit written over a cell's
 * pencil marks, on real paper, read as one photo sees it and against the shot of the marks before
 * (src/shared/vision/watch/new-ink.ts). Alex Kubiesa's pen photos (MIT; the val split, never trained on,
 * by default): in each photo, each cell of pencil marks gets one of the photo's own pen entries
 * drawn over it (its pixels darker than PEN_LEVEL, at the same place in the cell), two ways:
 * - opaque: the darker of pen and paper wins (a pen that covers graphite, no darker over it);
 * - layered: pen and graphite darken each other (ink laid over graphite, as dyes do).
 * The page with the marks alone is the shot before. Each cell is judged by the shipped cell judge
 * (paper/cell-judge.ts), and a digit is right when the judge calls the cell a digit and reads the
 * entry's label. No time passes between the two shots, so the camera's noise and shake are not in
 * these figures; bench:timelapse-session has them. `--quick`: the first QUICK_PHOTOS photos with marks.
 */
import { decodeImage } from '../src/node/reader/decode-image'
import { createNodeReader } from '../src/node/reader/reader'
import { CELL_KINDS } from '../src/shared/vision/cell-reading'
import { cellCrop } from '../src/shared/vision/cells/crop'
import { extractCells } from '../src/shared/vision/cells/extract-cells'
import type { GrayImage } from '../src/shared/vision/core/image'
import { PaperMemory } from '../src/shared/vision/watch/paper-memory'
import { judgeNewInk } from '../src/shared/vision/watch/new-ink'
import { argmax } from '../src/shared/vision/core/nn'
import { readSudoku } from '../src/shared/vision/read'
import type { ReadSuccess } from '../src/shared/vision/read-types'
import { gridLattice } from '../src/shared/vision/grid/warp'
import { MARKS_LABEL, type PenPhoto, type PenSplit, listPenPhotos } from '../datasets/kubiesa'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const args = process.argv.slice(2)
const split = (args.includes('--split') ? args[args.indexOf('--split') + 1] : 'val') as PenSplit
/** A flat grey level under which an entry's pixel is its pen (paper is ~255, pen 40-150). */
const PEN_LEVEL = 200
const BLENDS = {
  opaque: (under: number, penFlat: number, penWarped: number) => Math.min(under, penWarped),
  layered: (under: number, penFlat: number) => Math.round((under * penFlat) / 255),
} as const
type Blend = keyof typeof BLENDS

const reader = await createNodeReader({ tesseract: false })
const judge = reader.judge!
const tally = Object.fromEntries(Object.keys(BLENDS).map((b) => [b, { alone: 0, aloneDigit: 0, against: 0, againstDigit: 0 }])) as Record<
  Blend,
  { alone: number; aloneDigit: number; against: number; againstDigit: number }
>
let cells = 0
let unkept = 0
let photos = 0

/** The warped page of `r` with entry cell `entry`'s pen drawn over cell `marks`. */
function drawnOver(r: ReadSuccess, entry: number, marks: number, blend: Blend): GrayImage {
  const { width, height } = r.warped
  const data = Uint8Array.from(r.warped.data)
  const from = cellCrop(r.bounds[entry], width, height)
  const to = cellCrop(r.bounds[marks], width, height)
  for (let y = from.band; y < Math.min(from.h, to.h) - from.band; y++)
    for (let x = from.band; x < Math.min(from.w, to.w) - from.band; x++) {
      const source = (from.y0 + y) * width + from.x0 + x
      const target = (to.y0 + y) * width + to.x0 + x
      if (r.flat.data[source] < PEN_LEVEL) data[target] = BLENDS[blend](data[target], r.flat.data[source], r.warped.data[source])
    }
  return { width, height, data }
}

const isDigit = (kind: ArrayLike<number>) => ['given', 'entry'].includes(CELL_KINDS[argmax(kind)])
const reads = (j: { kind: ArrayLike<number>; written: ArrayLike<number> | null }, digit: number) =>
  isDigit(j.kind) && !!j.written && argmax(j.written) + 1 === digit

const QUICK_PHOTOS = 2
const marksCellsOf = (photo: PenPhoto) => [...photo.labels.keys()].filter((c) => photo.labels[c] === MARKS_LABEL)
const entriesOf = (photo: PenPhoto) => [...photo.labels.keys()].filter((c) => photo.kinds?.[c] === 'entry' && photo.labels[c] >= 1 && photo.labels[c] <= 9)
// Only the photos with both pencil marks and pen entries are read.
const withMarks = listPenPhotos(split).filter((photo) => photo.kinds && marksCellsOf(photo).length && entriesOf(photo).length)
for (const photo of withMarks.slice(0, QUICK ? QUICK_PHOTOS : undefined)) {
  const r = await readSudoku(reader.cv, await decodeImage(photo.jpg), { voters: reader.voters, judge, fiducials: false })
  if (!r.ok) continue
  const marksCells = marksCellsOf(photo)
  const entries = entriesOf(photo)
  photos++
  const memory = new PaperMemory()
  memory.remember(r)
  for (const [k, cell] of marksCells.entries()) {
    const entry = entries[k % entries.length]
    const digit = photo.labels[entry]
    cells++
    const earlier = memory.earlierInk?.cells
    if (!earlier?.has(cell)) unkept++
    for (const blend of Object.keys(BLENDS) as Blend[]) {
      const after = drawnOver(r, entry, cell, blend)
      const lattice = gridLattice(after)
      const cut = extractCells(reader.cv, after, lattice)
      const judged = await judge.judge(cut)
      const t = tally[blend]
      if (isDigit(judged[cell].kind)) t.aloneDigit++
      if (reads(judged[cell], digit)) t.alone++
      const fresh = earlier ? await judgeNewInk(reader.cv, { ...cut, warped: after, lattice }, judged, earlier, judge) : null
      const again = fresh?.judgements[cell] ?? judged[cell]
      if (isDigit(again.kind)) t.againstDigit++
      if (reads(again, digit)) t.against++
    }
  }
  process.stderr.write(`\r${photos} photos, ${cells} cells`)
}
process.stderr.write('\n')
await reader.close()

const rows = (Object.keys(BLENDS) as Blend[]).map((blend) => {
  const t = tally[blend]
  return `| ${blend} | ${t.aloneDigit} / **${t.alone}** | ${t.againstDigit} / **${t.against}** |`
})
const lines = [
  `\`npm run bench:ink-over-marks -- --split ${split} --readme\` (bench/ink-over-marks.ts): a digit written over a cell's pencil marks on real paper, judged by the shipped cell judge as one photo sees it and against the photo of the marks before (watch/new-ink.ts); a digit is right when the cell is judged a digit and its entry's label is read. Opaque: the darker of pen and paper wins; layered: pen and graphite darken each other.`,
  '',
  `Kubiesa's pen photos, ${split} split: ${cells} cells of pencil marks in ${photos} photos, each with one of its photo's pen entries drawn over it (${unkept} of them not read as marks in the photo, so no ink of theirs was kept).`,
  '',
  `| pen drawn over the marks | one photo: judged a digit / read right (of ${cells}) | against the photo of the marks: judged a digit / read right |`,
  '|---|---|---|',
  ...rows,
  '',
  measuredLine(`npm run bench:ink-over-marks -- --split ${split}`),
]
console.log(lines.join('\n'))
if (args.includes('--readme')) writeReadmeSection(`Digits written over real pencil marks (${split})`, lines.join('\n'))
process.exit(0)
