/**
 * bench:cell-model — what the cell model costs per page, and what it reads on photos it was
 * trained on (a smoke figure; the held-out, by-puzzle figures are in training/paper/README.md).
 *
 * For each of the first N photos of the pen train split (Kubiesa, MIT), one photo per puzzle,
 * decoded and cut through the app's steps from the metadata corners: the time of cellPatches
 * (81 patches from extractCells's flat grid) and of classifyCells (81 cells, the shipped model),
 * median over repeats, and the cells read right (kind, and digit for givens and entries); the
 * written-digit model's time a cell and digits read right on the givens and entries. Writes its
 * section of bench/README.md.
 *
 *   npm run bench:cell-model [-- --limit N]
 *
 * `--quick`: one photo, QUICK_REPEATS repeats.
 */
import { decodeImage } from '../src/node/reader/decode-image'
import { loadCellClassifier, readingOf } from '../src/shared/vision/paper/cell-classifier'
import { cellPatches } from '../src/shared/vision/cells/patch'
import { extractCells } from '../src/shared/vision/cells/extract-cells'
import { loadWrittenDigitClassifier } from '../src/shared/vision/digits/written-digits'
import { loadOpenCV } from '../src/shared/vision/core/opencv'
import { toGray } from '../src/shared/vision/core/gray'
import { gridLattice, warpGrid } from '../src/shared/vision/grid/warp'
import { listPenPhotos } from '../datasets/kubiesa'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const QUICK_REPEATS = 2
const REPEATS = QUICK ? QUICK_REPEATS : 15

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function main(): Promise<void> {
  const at = process.argv.indexOf('--limit')
  const limit = at > 0 ? Number(process.argv[at + 1]) : QUICK ? 1 : 5
  const cv = await loadOpenCV()
  const clf = await loadCellClassifier()
  const written = await loadWrittenDigitClassifier()
  const writtenMs: number[] = []
  let writtenRight = 0
  let writtenTotal = 0
  const seen = new Set<string>()
  const photos = listPenPhotos('train')
    .filter((p) => !seen.has(p.puzzle) && seen.add(p.puzzle))
    .slice(0, limit)
  const patchMs: number[] = []
  const modelMs: number[] = []
  // CPU time of this process too: on a shared, loaded machine wall time mostly measures the others.
  let modelCpuUs = 0
  let modelRuns = 0
  let right = 0
  let total = 0
  for (const photo of photos) {
    const warped = warpGrid(cv, toGray(await decodeImage(photo.jpg)), photo.corners, 900)
    const cells = extractCells(cv, warped, gridLattice(warped))
    let patches = cellPatches(cells.flat, cells.bounds)
    let probs = clf.classifyCells(patches)
    for (let r = 0; r < REPEATS; r++) {
      let t = performance.now()
      patches = cellPatches(cells.flat, cells.bounds)
      patchMs.push(performance.now() - t)
      t = performance.now()
      const cpu = process.cpuUsage()
      probs = clf.classifyCells(patches)
      modelMs.push(performance.now() - t)
      const used = process.cpuUsage(cpu)
      modelCpuUs += used.user + used.system
      modelRuns++
    }
    // The written-digit model on every given and entry cell of the page (cells/extract-cells.ts's image).
    const digitCells = cells.cells.filter((_, cell) => photo.kinds?.[cell] === 'given' || photo.kinds?.[cell] === 'entry')
    for (let r = 0; r < REPEATS; r++) {
      const t = performance.now()
      for (const c of digitCells) written.classify(c.image)
      writtenMs.push((performance.now() - t) / Math.max(1, digitCells.length))
    }
    cells.cells.forEach((c, cell) => {
      const want = photo.kinds?.[cell]
      if (want !== 'given' && want !== 'entry') return
      writtenTotal++
      if (written.classify(c.image).ranked[0].digit === photo.labels[cell]) writtenRight++
    })
    probs.forEach((p, cell) => {
      const want = photo.kinds?.[cell]
      if (!want) return
      const got = readingOf(p)
      const digit = want === 'given' || want === 'entry' ? photo.labels[cell] : 0
      total++
      if (got.kind === want && got.digit === digit) right++
    })
  }
  const rows = [
    ['cellPatches (81 patches)', `${median(patchMs).toFixed(1)} ms`, ''],
    [
      'cell model, classifyCells (81 cells)',
      `${median(modelMs).toFixed(1)} ms (CPU ${(modelCpuUs / modelRuns / 1000).toFixed(1)} ms)`,
      `${right}/${total} = ${((100 * right) / Math.max(1, total)).toFixed(2)}% (kind and digit)`,
    ],
    ['written-digit model, a cell', `${median(writtenMs).toFixed(2)} ms`, `${writtenRight}/${writtenTotal} digits of givens and entries`],
  ]
  const table = ['| step | median time | cells right (trained-on photos) |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)]
  console.log(`cell model: ${clf.about}`)
  for (const line of table) console.log(line)
  writeReadmeSection(
    'Cell model',
    [
      `\`npm run bench:cell-model\` (bench/cell-model.ts): what the cell model and the written-digit model cost per ` +
        `page, on the first ${photos.length} photos of the pen train split (Alex Kubiesa's sudoku-scanner datasets, MIT), one per ` +
        `puzzle, warped by their metadata corners and cut by the app's steps; median of ${REPEATS} repeats. The cells right are a ` +
        "smoke figure on photos the models were trained on; the held-out, by-puzzle figures are bench:paper's (Reading a page in progress). " +
        `The shipped model: ${clf.about}.`,
      '',
      ...table,
      '',
      measuredLine(`npm run bench:cell-model${limit !== 5 ? ` -- --limit ${limit}` : ''}`),
    ].join('\n'),
  )
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
