/**
 * Pencil candidates for the written-digit model: each piece of ink paper/mark-pieces.ts finds in the marks
 * cells of the synthetic pages (synth_pages.py: MNIST's training digits and handwriting fonts,
 * small, in pencil and other inks, as a keypad, in the top corner or along the top), normalised
 * as readMarkPieces normalises it. The model had only read digits the size of a cell's: a mark
 * is a third as high, so its stroke is three times as thick once scaled to DIGIT_HEIGHT, and a
 * small 2 whose loop closes read as 8 (bench:handwriting's pencilled cells).
 *
 * A piece's digit comes from how synth_pages.py lays a cell's candidates out (ascending): where
 * the pieces' keypad places are the candidates, by place; where they stand in one row, in order
 * from the left. A cell whose pieces are not as many as its candidates is left out.
 *
 *   npx tsx training/paper/cut-marks.ts synth-1 synth-2-over synth-3-over   -> .cache/train-paper/marks-synth.*
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeImage } from '../../src/node/reader/decode-image'
import { normalise } from '../../src/shared/vision/cells/normalise'
import type { Box } from '../../src/shared/vision/cells/extract-cells'
import { toGray } from '../../src/shared/vision/core/gray'
import type { Corners } from '../../src/shared/vision/core/image'
import { findPieces } from '../../src/shared/vision/paper/mark-pieces'
import { keypadDigit } from '../../src/shared/vision/paper/marks'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { cutPage, jitterCorners, rng } from './cut'
import { CACHE_DIR, KIND, SampleWriter, SOURCE } from './samples'

interface RenderedPage {
  readonly jpg: string
  readonly corners: [number, number][]
  readonly kinds: number[]
  readonly marks: number[]
}

/** Corner error of every cut, as a fraction of the grid side (as cut-synth.ts). */
const JITTER = 0.01

/** The candidates of a 9-bit mask (bit d-1), ascending. */
function digitsOfMask(mask: number): number[] {
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << (d - 1)))
}

/** Each piece's digit by the layout, or null when the pieces do not tell. */
function labelsOf(pieces: readonly Box[], digits: readonly number[], place: (box: Box) => number): number[] | null {
  if (pieces.length !== digits.length) return null
  const places = pieces.map(place)
  if ([...places].sort((a, b) => a - b).join() === digits.join()) return places
  const inOneRow = pieces.every((a) => pieces.every((b) => a.y < b.y + b.height && b.y < a.y + a.height))
  if (!inOneRow) return null
  const byX = pieces.map((box, i) => ({ x: box.x, i })).sort((a, b) => a.x - b.x)
  const labels = new Array<number>(pieces.length)
  byX.forEach(({ i }, k) => (labels[i] = digits[k]))
  return labels
}

async function main(): Promise<void> {
  const names = process.argv.slice(2)
  if (!names.length) throw new Error('usage: cut-marks.ts DIR... (under .cache/train-paper)')
  const cv = await loadOpenCV()
  const out = new SampleWriter()
  let cells = 0
  let labelled = 0
  for (const [set, name] of names.entries()) {
    const dir = join(CACHE_DIR, name)
    const { pages } = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as { pages: RenderedPage[] }
    const r = rng(name.length * 7919 + Number(name.replace(/\D/g, '') || 0) + 1)
    for (const [page, p] of pages.entries()) {
      const gray = toGray(await decodeImage(join(dir, p.jpg)))
      const corners = jitterCorners(p.corners.map(([x, y]) => ({ x, y })) as unknown as Corners, JITTER, r)
      const { patches, cells: cut } = cutPage(cv, gray, corners)
      p.kinds.forEach((kind, cell) => {
        if (kind !== KIND.marks) return
        cells++
        const bounds = cut.bounds[cell]
        const { pieces } = findPieces(cut.flat, bounds)
        const labels = labelsOf(pieces, digitsOfMask(p.marks[cell]), (box) => keypadDigit(box, bounds))
        if (!labels) return
        labelled++
        pieces.forEach((box, i) =>
          out.add(
            { source: SOURCE.synth, page: set * 1000 + page, fold: -1, cell, kind, digit: labels[i], jitter: 1, marks: p.marks[cell] },
            patches[cell].data,
            normalise(cut.flat, box).data,
          ),
        )
      })
      if (page % 100 === 99) console.log(`${name}: ${page + 1}/${pages.length} pages`)
    }
  }
  out.save('marks-synth')
  console.log(`marks-synth: ${out.count} pieces from ${labelled} of ${cells} marks cells`)
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
