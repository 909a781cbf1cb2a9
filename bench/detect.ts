/**
 * Grid detection over the shared photos, each set in its own table: grids found, corner error
 * against the known outline (as a share of the grid's side), time per stage.
 *
 *  - wicht: B. Wicht's sudoku_dataset (v2 train split, CC-BY-4.0; B. Wicht, J. Hennebert,
 *    "Camera-based Sudoku recognition with Deep Belief Network", SoCPaR 2014), 160 photos of
 *    0.3-1.2 MP, against the contributed outlines.csv;
 *  - pen-train, pen-val: Alex Kubiesa's pen-solved newspaper Sudokus (sudoku-scanner end_to_end,
 *    MIT licence), 80 photos each of 12-16 MP, against their metadata's corners. The val split is
 *    reported, never tuned on;
 *  - webcam views of each set's photos (bench/webcam-views.ts): cropped so the grid fills the
 *    frame, border touching or cut by a few pixels, scaled to 320x240 .. 640x480;
 *  - filled pages of each set's photos (devkit/filled-views.ts): a handwritten digit drawn into
 *    every empty cell through the known outline, as a page solved in pen leaves it;
 *  - cut-outs of each set's photos (devkit/cutout-views.ts): the puzzle cut out along its border,
 *    a scissor's margin left, on a dark to mid-grey desk.
 *
 *   npm run bench:detect [-- --set wicht,pen-train,pen-val] [--views N] [--filled N] [--cutouts N] [--kinds photos,views,filled,cutouts]
 *                        [--only NAME,...] [--verbose]
 *
 * A run over every set and kind (no --set, --kinds or --only) writes its section of bench/README.md.
 * `--quick`: the first QUICK_PHOTOS photos of each set, one webcam view each.
 */
import { decodeImage } from '../src/node/reader/decode-image'
import { loadOpenCV } from '../src/shared/vision/core/opencv'
import { detectFiducials, poseFromFiducials } from '../src/shared/vision/grid/fiducials'
import { grayScales } from '../src/shared/vision/core/gray'
import { detectGrid } from '../src/shared/vision/grid/find-grid'
import type { Corners } from '../src/shared/vision/core/image'
import { gridLattice, warpGrid } from '../src/shared/vision/grid/warp'
import { MARKS_LABEL, hasPenPhotos, listPenPhotos, type PenSplit } from '../datasets/kubiesa'
import { WICHT_DIR, listPhotos, readOutlines } from '../datasets/wicht'
import { WRONG_GRID, cornerError, meanSide } from '../devkit/corner-error'
import { cutoutView } from '../devkit/cutout-views'
import { filledView } from '../devkit/filled-views'
import { webcamViews } from './webcam-views'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const args = process.argv.slice(2)
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const sets = (opt('set') ?? 'wicht,pen-train,pen-val').split(',')
const kinds = (opt('kinds') ?? 'photos,views,filled,cutouts').split(',')
const viewsPerPhoto = kinds.includes('views') ? Number(opt('views') ?? (QUICK ? 1 : 3)) : 0
const filledPerPhoto = kinds.includes('filled') ? Number(opt('filled') ?? 1) : 0
const cutoutsPerPhoto = kinds.includes('cutouts') ? Number(opt('cutouts') ?? 1) : 0
const only = opt('only')?.split(',')
const verbose = args.includes('--verbose')
/** Photos of each set in a --quick run. */
const QUICK_PHOTOS = 1

const pct = (xs: number[], q: number): number => {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]
}
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
const f1 = (v: number): string => v.toFixed(1)

interface Photo {
  readonly name: string
  readonly jpg: string
  /** The grid's corners; absent where the outline is not trusted. */
  readonly truth?: Corners
  /** Whether a cell (row-major) holds no digit: printed or written (pencil marks count as none). */
  readonly empty: (cell: number) => boolean
}

function photosOf(set: string): Photo[] {
  if (set === 'wicht') {
    const outlines = readOutlines(WICHT_DIR)
    return listPhotos(WICHT_DIR).map((p) => ({ name: p.name, jpg: p.jpg, truth: outlines.get(p.name), empty: (k) => p.truth[k] === 0 }))
  }
  const split = set.replace(/^pen-/, '') as PenSplit
  if (!hasPenPhotos(split)) {
    console.log(`${set}: no photos (../shared/data/photos/kubiesa-pen-${split}), skipped`)
    return []
  }
  return listPenPhotos(split).map((p) => ({ name: p.name, jpg: p.jpg, truth: p.corners, empty: (k) => p.labels[k] === 0 || p.labels[k] === MARKS_LABEL }))
}

/** What one table collects. */
class Tally {
  readonly errPx: number[] = []
  readonly errNorm: number[] = []
  readonly missed: string[] = []
  readonly wrong: string[] = []
  readonly worst: { name: string; px: number; norm: number }[] = []
  readonly methods: Record<string, number> = {}
  readonly detectMs: number[] = []
  images = 0

  constructor(readonly title: string) {}

  add(name: string, found: { corners: Corners; method: string } | null, truth: Corners | undefined, ms: number): string {
    this.images++
    this.detectMs.push(ms)
    if (!found) {
      this.missed.push(name)
      return 'no grid'
    }
    this.methods[found.method] = (this.methods[found.method] ?? 0) + 1
    if (!truth) return found.method
    const error = cornerError(found.corners, truth)
    const px = error * meanSide(truth)
    const norm = 100 * error
    this.errPx.push(px)
    this.errNorm.push(norm)
    this.worst.push({ name, px, norm })
    if (error > WRONG_GRID) this.wrong.push(name)
    return `${found.method} err ${f1(px)} px (${norm.toFixed(2)}%)`
  }

  get found(): number {
    return this.images - this.missed.length
  }

  /** One row of the summary table. */
  row(): string {
    const e = this.errNorm
    return `| ${this.title} | ${this.images} | ${this.found} (${f1((100 * this.found) / this.images)}%) | ${this.wrong.length} | ${pct(e, 0.5).toFixed(2)} / ${pct(e, 0.9).toFixed(2)} / ${Math.max(...e).toFixed(2)} | ${e.filter((v) => v <= 2).length} | ${f1(pct(this.detectMs, 0.5))} / ${f1(pct(this.detectMs, 0.9))} |`
  }

  /** The detailed lines (the first three as bench:detect always printed them for Wicht's photos). */
  print(): void {
    console.log(
      `\n${this.title}: images ${this.images}, grids found ${this.found} (${f1((100 * this.found) / this.images)}%), methods ${JSON.stringify(this.methods)}`,
    )
    if (this.missed.length) console.log(`missed: ${this.missed.join(' ')}`)
    if (this.wrong.length) console.log(`wrong grids (mean corner error > ${100 * WRONG_GRID}% of the side): ${this.wrong.join(' ')}`)
    const { errPx, errNorm } = this
    if (!errPx.length) return
    console.log(
      `corner error over ${errPx.length} trusted outlines: px mean ${f1(mean(errPx))} median ${f1(pct(errPx, 0.5))} p90 ${f1(pct(errPx, 0.9))} max ${f1(Math.max(...errPx))}`,
    )
    console.log(
      `  as % of grid side: mean ${mean(errNorm).toFixed(2)} median ${pct(errNorm, 0.5).toFixed(2)} p90 ${pct(errNorm, 0.9).toFixed(2)} max ${Math.max(...errNorm).toFixed(2)}; within 1% of side: ${errNorm.filter((v) => v <= 1).length}, within 2%: ${errNorm.filter((v) => v <= 2).length}`,
    )
    const worst = [...this.worst].sort((a, b) => b.norm - a.norm)
    console.log(
      `worst: ${worst
        .slice(0, 8)
        .map((w) => `${w.name} ${f1(w.px)} px (${w.norm.toFixed(1)}%)`)
        .join(', ')}`,
    )
  }
}

async function main(): Promise<void> {
  const cv = await loadOpenCV()
  const heap = (): number => (cv as unknown as { HEAPU8: Uint8Array }).HEAPU8.length
  const heapBefore = heap()
  const tallies: Tally[] = []
  for (const set of sets) {
    const photos = photosOf(set)
      .filter((p) => !only || only.includes(p.name))
      .slice(0, QUICK ? QUICK_PHOTOS : undefined)
    if (!photos.length) continue
    const asTaken = new Tally(`${set} photos`)
    const views = new Tally(`${set} webcam views`)
    const filled = new Tally(`${set} filled pages`)
    const cutouts = new Tally(`${set} cut-outs`)
    const times: Record<string, number[]> = { decode: [], scales: [], detect: asTaken.detectMs, warp: [], lattice: [], fiducials: [] }
    // These photos carry no fiducial sheet: any pose found on them is a false positive.
    let falsePoses = 0
    for (const photo of photos) {
      let t = performance.now()
      const image = await decodeImage(photo.jpg)
      times.decode.push(performance.now() - t)
      if (photo.truth) {
        for (let k = 0; k < filledPerPhoto; k++) {
          const page = await filledView(image, photo.truth, photo.empty, photo.name, k + 1)
          t = performance.now()
          const seen = detectGrid(cv, page.image)
          const name = `${photo.name}+${k}`
          const result = filled.add(name, seen, page.corners, performance.now() - t)
          if (verbose) console.log(`${name} (${page.label}): ${result}`)
        }
        for (let k = 0; k < cutoutsPerPhoto; k++) {
          const view = cutoutView(image, photo.truth, photo.name, k + 1)
          t = performance.now()
          const seen = detectGrid(cv, view.image)
          const name = `${photo.name}~${k}`
          const result = cutouts.add(name, seen, view.corners, performance.now() - t)
          if (verbose) console.log(`${name} (${view.label}): ${result}`)
        }
      }
      if (kinds.includes('photos')) {
        // Grey at full size and at the detectors' working size, once (core/gray.ts); every step reads them.
        t = performance.now()
        const scales = grayScales(image)
        times.scales.push(performance.now() - t)
        t = performance.now()
        const found = detectGrid(cv, scales)
        const result = asTaken.add(photo.name, found, photo.truth, performance.now() - t)
        if (verbose) console.log(`${photo.name}: ${result}`)
        t = performance.now()
        const pose = poseFromFiducials(detectFiducials(cv, scales))
        if (pose) falsePoses++
        if (pose && verbose) console.log(`${photo.name}: false ${pose.from}-circle pose`)
        times.fiducials.push(performance.now() - t)
        if (found) {
          t = performance.now()
          const warped = warpGrid(cv, scales.full, found.corners)
          times.warp.push(performance.now() - t)
          t = performance.now()
          gridLattice(warped)
          times.lattice.push(performance.now() - t)
        }
      }
      if (!photo.truth || !viewsPerPhoto) continue
      for (const [k, view] of webcamViews(cv, image, photo.truth, photo.name, viewsPerPhoto).entries()) {
        t = performance.now()
        const seen = detectGrid(cv, view.image)
        const name = `${photo.name}#${k}`
        const result = views.add(name, seen, view.corners, performance.now() - t)
        if (verbose) console.log(`${name} (${view.label}): ${result}`)
      }
    }
    if (asTaken.images) {
      asTaken.print()
      for (const [stage, xs] of Object.entries(times)) console.log(`ms ${stage}: median ${f1(pct(xs, 0.5))} p90 ${f1(pct(xs, 0.9))} max ${f1(Math.max(...xs))}`)
      console.log(`poses (2 or 4 circles) on photos without a fiducial sheet: ${falsePoses}`)
      tallies.push(asTaken)
    }
    for (const t of [views, filled, cutouts]) {
      if (!t.images) continue
      t.print()
      tallies.push(t)
    }
  }
  const heapLine = `wasm heap over the run: ${heapBefore} -> ${heap()} bytes`
  console.log(`\n${heapLine}\n`)
  const table = [
    '| set | images | grids found | wrong grids (> 5% of the side) | corner error % of side: median / p90 / max | ≤ 2% | detectGrid ms median / p90 |',
    '|---|---|---|---|---|---|---|',
    ...tallies.map((t) => t.row()),
  ]
  for (const line of table) console.log(line)
  if (opt('set') || opt('kinds') || only) return
  writeReadmeSection(
    'Detection',
    [DESCRIPTION, '', ...table, '', `${heapLine}.`, '', measuredLine(`npm run bench:detect${args.length ? ` -- ${args.join(' ')}` : ''}`)].join('\n'),
  )
}

const DESCRIPTION = [
  '`npm run bench:detect [-- --set wicht,pen-train,pen-val] [--kinds photos,views,filled,cutouts] [--views N] [--only NAME,...] [--verbose]`',
  '(bench/detect.ts): `detectGrid` (with `grayScales`, the full-size grey and the 640 px working copy) on every photo of',
  "B. Wicht's sudoku_dataset v2_train (160 newspaper photos, CC-BY-4.0; Wicht & Hennebert, SoCPaR 2014) against the contributed",
  "outlines.csv (the 154 trusted ones), and on Alex Kubiesa's pen-solved phone photos (sudoku-scanner end_to_end, MIT; 80 train,",
  "80 val, 12-16 MP) against their metadata's corners; pen-val is reported, never tuned on. Per set also **webcam views**",
  '(bench/webcam-views.ts: the grid filling 90-100% of a 320x240 to 640x480 frame, its border touching or cut by 1-4 px; 3',
  'seeded views per photo) and **filled pages** (devkit/filled-views.ts: a handwritten digit drawn into every empty cell through',
  'the known outline, in the handwriting fonts it names: where they are missing the pages differ, and so do their rows) and **cut-outs** (devkit/cutout-views.ts: the puzzle cut out along its border, 0-0.15 of a cell of paper',
  'left outside it on each side, laid on a desk of grey 40-130). A wrong grid is one whose corners are off by more than 5% of',
  'the side on average (a cell is 11%).',
].join('\n')

await main()
