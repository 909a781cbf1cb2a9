/**
 * `npm run bench:paper [-- --split val|train] [--folds] [--every K] [--no-ocr] [--no-write]`: the
 * whole reader, as the app and the CLI run it, over phone photos of puzzles partly or fully solved
 * in pen, with pencil marks (Alex Kubiesa's sudoku-scanner datasets, MIT). The val split (the
 * default) is never trained on. The shipped cell and written-digit models were trained on the
 * train split, so `--split train --folds` reads each train photo with the fold models that never
 * saw its puzzle (bench/paper-folds.ts); the printed voters stay as shipped.
 *
 * Prints, and writes to bench/README.md ("Reading a page in progress"): cells right by true kind
 * (blank, printed given, written entry, pencil marks); photos with every cell right; the kind
 * confusion; givens that solve uniquely and agree across the four photos of a puzzle; written
 * mistakes flagged against the truth; ms per photo at full size (decoding and reading).
 * `--quick`: the first QUICK_PHOTOS photos.
 */
import { decodeImage } from '../src/node/reader/decode-image'
import { createNodeReader } from '../src/node/reader/reader'
import { type CellKind, CELL_KINDS, mistakesOf } from '../src/shared/vision/cell-reading'
import { readSudoku } from '../src/shared/vision/read'
import { solve } from '../src/shared/sudoku/solver'
import { MARKS_LABEL, type PenPhoto, type PenSplit, listPenPhotos } from '../datasets/kubiesa'
import { heldOutPaperJudge } from './paper-folds'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const args = process.argv.slice(2)
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const split = (option('--split') ?? 'val') as PenSplit
const every = Number(option('--every')) || 1
const useOcr = !args.includes('--no-ocr')
const folds = args.includes('--folds')
if (folds && split !== 'train') throw new Error('--folds reads the train split (the val split is never trained on)')

/** A cell's true kind: from the label, and for digits from the derived kinds where present. */
type TrueKind = CellKind | 'digit'

interface Row {
  readonly photo: PenPhoto
  readonly failed?: string
  readonly kinds: CellKind[]
  readonly digits: number[]
  readonly givens: Uint8Array
  readonly givenSolutions: number
  readonly mistakes: number[]
  /** Entries whose digit the solution settled (read otherwise as they stood). */
  readonly informed: number[]
  readonly decodeMs: number
  readonly readMs: number
  readonly stages: Record<string, number>
}

function trueKinds(photo: PenPhoto): TrueKind[] {
  return [...photo.labels].map((label, i) => (label === 0 ? 'empty' : label === MARKS_LABEL ? 'marks' : (photo.kinds?.[i] ?? 'digit')))
}

const cellRight = (truth: TrueKind, label: number, kind: CellKind, digit: number): boolean =>
  truth === 'digit' ? (kind === 'given' || kind === 'entry') && digit === label : kind === truth && (kind === 'empty' || kind === 'marks' || digit === label)

const QUICK_PHOTOS = 2
const photos = listPenPhotos(split)
  .filter((_, i) => i % every === 0)
  .slice(0, QUICK ? QUICK_PHOTOS : undefined)
const reader = await createNodeReader({ tesseract: useOcr, ...(folds ? { judge: null } : {}) })
const rows: Row[] = []
const started = Date.now()
try {
  for (const photo of photos) {
    const t0 = performance.now()
    const image = await decodeImage(photo.jpg)
    const t1 = performance.now()
    const judge = folds ? heldOutPaperJudge(photo.name) : (reader.judge ?? undefined)
    const r = await readSudoku(reader.cv, image, { voters: reader.voters, judge, fiducials: false })
    const t2 = performance.now()
    const timing = { decodeMs: t1 - t0, readMs: t2 - t1, stages: r.ms }
    if (!r.ok)
      rows.push({ photo, failed: r.message, kinds: [], digits: [], givens: new Uint8Array(81), givenSolutions: 0, mistakes: [], informed: [], ...timing })
    else {
      const { paper } = r
      rows.push({
        photo,
        kinds: paper.cells.map((c) => c.kind),
        digits: paper.cells.map((c) => c.digit),
        givens: paper.givens,
        givenSolutions: r.solutions,
        mistakes: [...paper.mistakes],
        informed: [...paper.informed],
        ...timing,
      })
    }
    process.stderr.write(`\r${rows.length}/${photos.length} ${photo.name}      `)
  }
} finally {
  await reader.close()
}
process.stderr.write('\n')

const pct = (a: number, b: number, digits = 1): string => (b ? ((100 * a) / b).toFixed(digits) : '-')
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN
}

// Cells right by true kind, and photos with every cell right.
const TRUE_KINDS: TrueKind[] = ['empty', 'given', 'entry', 'marks', 'digit']
const byKind = new Map(TRUE_KINDS.map((k) => [k, { n: 0, right: 0 }]))
const confusion = new Map(TRUE_KINDS.map((k) => [k, new Map(CELL_KINDS.map((c) => [c, 0]))]))
let perfect = 0
const wrongPhotos: string[] = []
/** Wrong cells by cause: no grid found, the wrong kind, or the right kind with the wrong digit. */
const causes = { 'no grid': 0, 'wrong kind': 0, 'given digit': 0, 'entry digit': 0 }
/** Digits read wrong in cells of the right kind, `truth→read` -> count. */
const swaps = new Map<string, number>()
/** Entries found as entries, and how many of their digits were right before the solution settled any. */
const asRead = { entries: 0, right: 0 }
for (const row of rows) {
  const truth = trueKinds(row.photo)
  let wrong = 0
  for (let i = 0; i < 81; i++) {
    const tally = byKind.get(truth[i])!
    tally.n++
    if (row.failed) {
      wrong++
      causes['no grid']++
      continue
    }
    const right = cellRight(truth[i], row.photo.labels[i], row.kinds[i], row.digits[i])
    if (truth[i] === 'entry' && row.kinds[i] === 'entry') {
      asRead.entries++
      if (right && !row.informed.includes(i)) asRead.right++
    }
    if (right) tally.right++
    else {
      wrong++
      const kindRight = truth[i] === 'digit' ? row.kinds[i] === 'given' || row.kinds[i] === 'entry' : row.kinds[i] === truth[i]
      causes[!kindRight ? 'wrong kind' : row.kinds[i] === 'given' ? 'given digit' : 'entry digit']++
      if (kindRight && row.kinds[i] !== 'empty' && row.kinds[i] !== 'marks') {
        const swap = `${row.kinds[i]} ${row.photo.labels[i]}→${row.digits[i]}`
        swaps.set(swap, (swaps.get(swap) ?? 0) + 1)
      }
    }
    const line = confusion.get(truth[i])!
    line.set(row.kinds[i], line.get(row.kinds[i])! + 1)
  }
  if (!wrong) perfect++
  else wrongPhotos.push(`${row.photo.name}(${row.failed ? 'no grid' : wrong})`)
}
const allCells = [...byKind.values()].reduce((a, t) => ({ n: a.n + t.n, right: a.right + t.right }), { n: 0, right: 0 })

// The givens: a proper puzzle, the truth, and the same in all four photos of a puzzle.
const truthGivens = (photo: PenPhoto): Uint8Array | null =>
  photo.kinds ? Uint8Array.from(photo.labels, (label, i) => (photo.kinds![i] === 'given' ? label : 0)) : null
const read = rows.filter((r) => !r.failed)
const unique = read.filter((r) => r.givenSolutions === 1).length
const givensRight = read.filter((r) => {
  const truth = truthGivens(r.photo)
  return truth !== null && truth.every((d, i) => d === r.givens[i])
}).length
const puzzles = [...new Set(rows.map((r) => r.photo.puzzle))]
const agreeing = puzzles.filter((puzzle) => {
  const group = rows.filter((r) => r.photo.puzzle === puzzle)
  return group.every((r) => !r.failed && r.givenSolutions === 1 && r.givens.every((d, i) => d === group[0].givens[i]))
}).length
const photosInAgreeingPuzzles = rows.filter((r) => {
  const group = rows.filter((g) => g.photo.puzzle === r.photo.puzzle)
  return group.every((g) => !g.failed && g.givenSolutions === 1 && g.givens.every((d, i) => d === group[0].givens[i]))
}).length

// Written mistakes: entries that differ from the solution of the true givens.
let mistakesTrue = 0
let mistakesFound = 0
let mistakesFalse = 0
for (const row of read) {
  const givens = truthGivens(row.photo)
  if (!givens) continue
  const solution = solve(givens, { limit: 2 })
  if (solution.count !== 1) continue
  const entries = Uint8Array.from(row.photo.labels, (label, i) => (row.photo.kinds![i] === 'entry' ? label : 0))
  const truth = new Set(mistakesOf(entries, solution.solution))
  mistakesTrue += truth.size
  for (const cell of row.mistakes) truth.has(cell) ? mistakesFound++ : mistakesFalse++
}

const decode = rows.map((r) => r.decodeMs)
const readMs = rows.map((r) => r.readMs)
const total = rows.map((r) => r.decodeMs + r.readMs)
const stages = [...new Set(rows.flatMap((r) => Object.keys(r.stages)))].filter((s) => s !== 'total')
const hasKinds = rows.every((r) => r.photo.kinds)

const lines: string[] = []
const out = (s = ''): void => void lines.push(s)
out(
  `\`npm run bench:paper\` (bench/paper.ts) over the ${split} split${every > 1 ? ` (every ${every}th photo)` : ''}: ${rows.length} phone photos (${puzzles.length} puzzles, 2 phones, portrait and landscape, 12-16 MP) of newspaper Sudokus partly or fully solved in pen, some with pencil marks, from Alex Kubiesa's sudoku-scanner datasets (MIT)${split === 'val' ? '; never trained on' : ''}. The reader as the CLI runs it (${useOcr ? 'Tesseract, ' : 'no Tesseract, '}the shipped models${folds ? ", the cell and written-digit models of the by-puzzle fold that left each photo's puzzle out (bench/paper-folds.ts)" : reader.judge ? ', the cell model' : ', no cell model: every digit read as print'}), detection included; ms at full size.`,
)
out()
out(`| cells right | all | blank | given (printed) | entry (written) | pencil marks |${hasKinds ? '' : ' digit |'}`)
out(`|---|---|---|---|---|---|${hasKinds ? '' : '---|'}`)
const cellsCol = (k: TrueKind): string => {
  const t = byKind.get(k)!
  return `${pct(t.right, t.n, 2)}% (${t.right}/${t.n})`
}
out(
  `| ${rows.length} photos | ${pct(allCells.right, allCells.n, 2)}% | ${cellsCol('empty')} | ${cellsCol('given')} | ${cellsCol('entry')} | ${cellsCol('marks')} |${hasKinds ? '' : ` ${cellsCol('digit')} |`}`,
)
out()
out(
  `Photos with every cell right: **${perfect}/${rows.length} (${pct(perfect, rows.length)}%)**; no grid found: ${rows.filter((r) => r.failed).length}. Wrong cells by cause: ${Object.entries(
    causes,
  )
    .map(([cause, n]) => `${cause} ${n}`)
    .join(', ')}.`,
)
out()
out('Kinds (rows: truth, columns: read):')
out()
out(`| truth \\ read | ${CELL_KINDS.join(' | ')} |`)
out(`|---|${'---|'.repeat(CELL_KINDS.length)}`)
for (const k of TRUE_KINDS) if (byKind.get(k)!.n) out(`| ${k} | ${CELL_KINDS.map((c) => confusion.get(k)!.get(c)).join(' | ')} |`)
out()
out(
  `Givens: solve uniquely in ${unique}/${rows.length} photos, are exactly the printed ones in ${hasKinds ? givensRight : '-'}/${rows.length}; **${photosInAgreeingPuzzles}/${rows.length} photos (${pct(photosInAgreeingPuzzles, rows.length)}%) have givens that solve uniquely and agree across their puzzle's four photos** (${agreeing}/${puzzles.length} puzzles).`,
)
out(
  `Entries found as entries: ${asRead.entries}; their digits right as read, before the solution settled any: ${pct(asRead.right, asRead.entries, 2)}%; settled by the solution: ${rows.reduce((n, r) => n + r.informed.length, 0)}.`,
)
out(
  `Written mistakes (entries against the solution of the true givens): ${mistakesTrue} in the photos, ${mistakesFound} flagged, ${mistakesFalse} flagged wrongly.`,
)
out()
out(`| ms per photo | decode | read | total |`)
out(`|---|---|---|---|`)
out(`| median | ${quantile(decode, 0.5).toFixed(0)} | ${quantile(readMs, 0.5).toFixed(0)} | **${quantile(total, 0.5).toFixed(0)}** |`)
out(`| p90 | ${quantile(decode, 0.9).toFixed(0)} | ${quantile(readMs, 0.9).toFixed(0)} | ${quantile(total, 0.9).toFixed(0)} |`)
out()
out(
  `Reading stages, median ms: ${stages
    .map(
      (s) =>
        `${s} ${quantile(
          rows.map((r) => r.stages[s] ?? 0),
          0.5,
        ).toFixed(0)}`,
    )
    .join(', ')}.`,
)
out()
out(
  `Digits misread (kind truth→read: cells): ${
    [...swaps]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([swap, n]) => `${swap}: ${n}`)
      .join(', ') || 'none'
  }.`,
)
out()
out(`Photos with errors (cells wrong): ${wrongPhotos.join(' ') || 'none'}. Wall time ${((Date.now() - started) / 1000).toFixed(0)} s.`)
out()
out(
  "Targets: ≥ 99.5% of cells, ≥ 85% of photos with every cell right, ≥ 95% of photos whose givens solve uniquely and agree across the puzzle's photos, median under 1.5 s for a 16 MP photo on 2 cores.",
)
out()
out(measuredLine('npm run bench:paper'))
const body = lines.join('\n')
console.log(body)
if (!args.includes('--no-write') && split === 'val' && every === 1) writeReadmeSection('Reading a page in progress', body)
