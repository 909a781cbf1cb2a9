/**
 * How alike a page's printed digits are, against its written ones: each given or entry cell's best
 * normalised correlation (digits/templates.ts's `features`, 20x20 ink maps) with the other printed givens
 * of the same digit on its page, from the labels (not a reading). Print is one font a page, so a
 * digit that matches none of the page's print of its value is likely written: paper/print-shape.ts's
 * SHAPE_BANDS and PRINT_TWIN come from these figures, and so do its tables.
 *
 *   npx tsx training/paper/print-shapes.ts      (pen train photos; Wicht's photos;
 *                                                     the last pages of synthetic sessions 1-10)
 */
import { decodeImage } from '../../src/node/reader/decode-image'
import { toGray } from '../../src/shared/vision/core/gray'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { dot, features } from '../../src/shared/vision/digits/templates'
import { listPenPhotos } from '../../datasets/kubiesa'
import { lastPage, makeSolvingSession } from '../../devkit/solving-session'
import { SHAPE_BANDS } from '../../src/shared/vision/paper/print-shape'
import { cellsFromCorners, photoCells } from '../../datasets/wicht-cells'
import { loadPhotos } from '../../datasets/wicht-folds'

const cv = await loadOpenCV()

/** Per cell of `images` (null: no digit found) that `isDigit` picks, its best correlation with the page's printed cells of the same digit. */
function bestMatches(
  images: readonly (Float32Array | null)[],
  digit: (cell: number) => number,
  printed: (cell: number) => boolean,
  isDigit: (cell: number) => boolean,
): number[] {
  const out: number[] = []
  for (let i = 0; i < images.length; i++) {
    const f = images[i]
    if (!f || !isDigit(i)) continue
    let best = -Infinity
    for (let j = 0; j < images.length; j++) {
      const g = images[j]
      if (j !== i && g && printed(j) && digit(j) === digit(i)) best = Math.max(best, dot(f, g))
    }
    if (best > -Infinity) out.push(best)
  }
  return out
}

function quantiles(name: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const q = (p: number) => sorted[Math.floor(p * (sorted.length - 1))].toFixed(2)
  const below = (t: number) => sorted.filter((v) => v < t).length
  const bands = SHAPE_BANDS.map(
    ({ below: edge }, k) => `${k ? SHAPE_BANDS[k - 1].below : 0}-${edge}: ${below(edge) - (k ? below(SHAPE_BANDS[k - 1].below) : 0)}`,
  )
  return `${name}: ${sorted.length} cells; min ${q(0)}, p1 ${q(0.01)}, p5 ${q(0.05)}, median ${q(0.5)}, p95 ${q(0.95)}, max ${q(1)}; below 0.9: ${below(0.9)}; in SHAPE_BANDS ${bands.join(', ')}`
}

const givens: number[] = []
const entries: number[] = []
const entriesAlike: number[] = []
for (const photo of listPenPhotos('train')) {
  const kinds = photo.kinds
  if (!kinds) continue
  const images = cellsFromCorners(cv, toGray(await decodeImage(photo.jpg)), photo.corners).map((image) => (image ? features(image) : null))
  const digit = (cell: number) => photo.labels[cell]
  const printed = (cell: number) => kinds[cell] === 'given'
  const written = (cell: number) => kinds[cell] === 'entry'
  givens.push(...bestMatches(images, digit, printed, printed))
  entries.push(...bestMatches(images, digit, printed, written))
  entriesAlike.push(...bestMatches(images, digit, written, written))
}
console.log(quantiles('pen train givens against the page’s other givens', givens))
console.log(quantiles('pen train entries against the page’s givens', entries))
console.log(quantiles('pen train entries against the page’s other entries (one person’s hand)', entriesAlike))

const wicht: number[] = []
for (const photo of loadPhotos()) {
  if (!photo.corners) continue
  const images = (await photoCells(cv, photo)).images.map((image) => (image ? features(image) : null))
  const digit = (cell: number) => photo.truth[cell]
  wicht.push(
    ...bestMatches(
      images,
      digit,
      (cell) => digit(cell) > 0,
      (cell) => digit(cell) > 0,
    ),
  )
}
console.log(quantiles('Wicht givens against the page’s other givens', wicht))

const sessionGivens: number[] = []
const sessionWritten: number[] = []
for (let seed = 1; seed <= 10; seed++) {
  const session = await makeSolvingSession(cv, { seed, digits: 30, marks: 0.3 })
  const page = lastPage(cv, session)
  if (!page) continue
  const truth = Uint8Array.from(session.givens)
  for (const { cell, digit } of session.written) truth[cell] = digit
  const images = page.cells.map((c) => (c.filled ? features(c.image) : null))
  const digit = (cell: number) => truth[cell]
  const printed = (cell: number) => session.givens[cell] > 0
  sessionGivens.push(...bestMatches(images, digit, printed, printed))
  sessionWritten.push(...bestMatches(images, digit, printed, (cell) => session.written.some((w) => w.cell === cell)))
}
console.log(quantiles('sessions 1-10 (image1), givens against the page’s other givens', sessionGivens))
console.log(quantiles('sessions 1-10 (image1), MNIST digits against the page’s givens', sessionWritten))
