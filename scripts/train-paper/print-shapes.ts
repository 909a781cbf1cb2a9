/**
 * How alike a page's printed digits are, against its written ones: each given or entry cell's best
 * normalised correlation (templates.ts's `features`, 20x20 ink maps) with the other printed givens
 * of the same digit on its page, from the labels (not a reading). Print is one font a page, so a
 * digit that matches none of the page's print of its value is likely written: a cue for telling
 * neat handwriting from print (bench:handwriting: 191 of 300 MNIST digits judged print), measured,
 * not yet used.
 *
 *   npx tsx scripts/train-paper/print-shapes.ts      (pen train photos, every other; Wicht's photos)
 */
import { decodeImage } from '../../src/cli/decode-image'
import { toGray } from '../../src/shared/vision/gray'
import { loadOpenCV } from '../../src/shared/vision/opencv'
import { dot, features } from '../../src/shared/vision/templates'
import { listPenPhotos } from '../../datasets/kubiesa'
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
  return `${name}: ${sorted.length} cells; min ${q(0)}, p1 ${q(0.01)}, p5 ${q(0.05)}, median ${q(0.5)}, p95 ${q(0.95)}, max ${q(1)}; below 0.85: ${below(0.85)}, below 0.9: ${below(0.9)}`
}

const givens: number[] = []
const entries: number[] = []
let every = 0
for (const photo of listPenPhotos('train')) {
  const kinds = photo.kinds
  if (!kinds || every++ % 2) continue
  const images = cellsFromCorners(cv, toGray(await decodeImage(photo.jpg)), photo.corners).map((image) => (image ? features(image) : null))
  const digit = (cell: number) => photo.labels[cell]
  const printed = (cell: number) => kinds[cell] === 'given'
  givens.push(...bestMatches(images, digit, printed, printed))
  entries.push(...bestMatches(images, digit, printed, (cell) => kinds[cell] === 'entry'))
}
console.log(quantiles('pen train givens against the page’s other givens', givens))
console.log(quantiles('pen train entries against the page’s givens', entries))

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
