/**
 * Which digit cells of the Kubiesa pen photos are printed givens and which are written entries:
 * warp every photo by its metadata corners, cut cells with the app's own code, match each digit
 * cell against the publication's font over the puzzle's four photos, decide, apply the by-eye
 * overrides, check the rules, and write datasets/kubiesa-kinds.txt.
 *
 *   npx tsx training/kubiesa-kinds/derive.ts            # report + kinds file
 *   npx tsx training/kubiesa-kinds/derive.ts --sheets   # also .cache/kubiesa-kinds/sheets/MM_DD.png
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { KINDS_CHAR, listPenPhotos, type PenPhoto, type PenSplit } from '../../datasets/kubiesa'
import { cellAt, cellName } from '../../src/shared/sudoku/board'
import type { CellKind } from '../../src/shared/vision/cell-reading'
import { loadDigitClassifier } from '../../src/shared/vision/digits/classifier'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { checkPuzzle, type PuzzleCheck } from './check'
import { type CellDecision, decidePuzzle } from './decide'
import { photoEvidence } from './evidence'
import { type CellViews, fontMatch } from './font'
import { OVERRIDES } from './overrides'
import { contactSheet } from './sheets'
import { warpedPhoto } from './warp'

const KINDS_FILE = join(import.meta.dirname, '../../datasets/kubiesa-kinds.txt')

interface Puzzle {
  readonly split: PenSplit
  readonly id: string
  readonly photos: PenPhoto[]
  readonly cells: CellViews[]
}

async function gather(): Promise<Puzzle[]> {
  const cv = await loadOpenCV()
  const classifier = await loadDigitClassifier()
  const puzzles = new Map<string, Puzzle>()
  for (const split of ['train', 'val'] as const)
    for (const photo of listPenPhotos(split)) {
      const { cells } = photoEvidence(cv, photo, await warpedPhoto(cv, photo), classifier)
      let puzzle = puzzles.get(photo.puzzle)
      if (!puzzle) puzzles.set(photo.puzzle, (puzzle = { split, id: photo.puzzle, photos: [], cells: [] }))
      if (puzzle.photos.length && puzzle.photos[0].labels.join() !== photo.labels.join()) throw new Error(`${photo.name}: labels differ from its puzzle's`)
      puzzle.photos.push(photo)
      for (const e of cells) {
        const views = puzzle.cells.find((c) => c.cell === e.cell)?.views
        if (views) views.push(e)
        else puzzle.cells.push({ puzzle: photo.puzzle, cell: e.cell, digit: e.digit, views: [e] })
      }
    }
  return [...puzzles.values()]
}

function applyOverrides(puzzle: Puzzle, decisions: CellDecision[]): CellKind[] {
  const kinds = decisions.map((d) => d.kind)
  for (const o of OVERRIDES.filter((x) => x.puzzle === puzzle.id)) {
    const [, row, col] = /^r(\d)c(\d)$/.exec(o.cell)!.map(Number)
    const cell = cellAt(row - 1, col - 1)
    if (kinds[cell] === o.kind) console.warn(`override ${o.puzzle} ${o.cell} changes nothing`)
    kinds[cell] = o.kind
  }
  return kinds
}

function describe(puzzle: Puzzle, check: PuzzleCheck, decisions: CellDecision[]): string {
  const notes = [
    check.asymmetric.length ? `asymmetric ${check.asymmetric.map(cellName).join(' ')}` : '',
    check.conflicts.length ? `conflicts: ${check.conflicts.join('; ')}` : '',
    check.solutions !== 1 ? `${check.solutions === 0 ? 'no' : '2+'} solutions` : '',
    check.mistakes.length ? `mistakes ${check.mistakes.map((m) => `${cellName(m.cell)} ${m.written} (solution ${m.solution})`).join(', ')}` : '',
    decisions.some((d) => d.doubtful)
      ? `doubtful ${decisions
          .filter((d) => d.doubtful)
          .map((d) => `${cellName(d.cell)}=${d.kind[0]} (match ${d.match.toFixed(3)}, height x${d.heightRatio.toFixed(2)})`)
          .join(' ')}`
      : '',
  ].filter(Boolean)
  return `${puzzle.split} ${puzzle.id}: ${check.givens} givens, ${check.entries} entries, ${check.marks} marks${notes.length ? `; ${notes.join('; ')}` : ''}`
}

/** 5th, 50th and 95th percentiles of each per-photo measure over the givens and over the entries. */
function evidenceSummary(puzzles: readonly Puzzle[], kindsOf: ReadonlyMap<string, readonly CellKind[]>): string[] {
  const measures = ['classifier', 'height', 'darkness', 'blue', 'stroke', 'dx', 'dy'] as const
  const pct = (v: number[], q: number): string => v.sort((a, b) => a - b)[Math.floor(q * (v.length - 1))].toFixed(3)
  return measures.map((m) => {
    const of = (kind: CellKind): string => {
      const v = puzzles.flatMap((p) => p.cells.filter((c) => kindsOf.get(p.id)![c.cell] === kind).flatMap((c) => c.views.map((e) => e[m])))
      return `${kind} ${pct(v, 0.05)} ${pct(v, 0.5)} ${pct(v, 0.95)}`
    }
    return `${m}: ${of('given')} | ${of('entry')}`
  })
}

async function main(): Promise<void> {
  const puzzles = await gather()
  const all = puzzles.flatMap((p) => p.cells)
  const matches = fontMatch(all)
  const matchOf = new Map(all.map((c, i) => [c, matches[i]]))
  const kindsOf = new Map<string, CellKind[]>()
  const totals = new Map<PenSplit, Record<CellKind, number>>()
  for (const puzzle of puzzles) {
    const labels = puzzle.photos[0].labels
    const decisions = decidePuzzle(
      labels,
      puzzle.cells,
      puzzle.cells.map((c) => matchOf.get(c)!),
    )
    const kinds = applyOverrides(puzzle, decisions)
    kindsOf.set(puzzle.id, kinds)
    const total = totals.get(puzzle.split) ?? { empty: 0, given: 0, entry: 0, marks: 0 }
    for (const k of kinds) total[k]++
    totals.set(puzzle.split, total)
    console.log(describe(puzzle, checkPuzzle(labels, kinds), decisions))
    if (process.argv.includes('--sheets')) await contactSheet(puzzle.photos[0], kinds, decisions)
  }
  for (const [split, t] of totals) console.log(`${split}: ${t.given} givens, ${t.entry} entries, ${t.marks} marks, ${t.empty} empty`)
  console.log(`automatic: ${all.length} digit cells decided; ${OVERRIDES.length} overridden by eye`)
  console.log(`per-photo measures (5th, 50th, 95th percentile):\n  ${evidenceSummary(puzzles, kindsOf).join('\n  ')}`)
  const lines = [...kindsOf].sort(([a], [b]) => a.localeCompare(b)).map(([id, kinds]) => `${id} ${kinds.map((k) => KINDS_CHAR[k]).join('')}`)
  writeFileSync(KINDS_FILE, `${HEADER}${lines.join('\n')}\n`)
}

const HEADER = `# Kinds of the cells of the Kubiesa pen photos (datasets/kubiesa.ts; A. Kubiesa's sudoku-scanner
# datasets, MIT): one line per puzzle, 81 characters row-major: g printed given, e written entry,
# m pencil candidates (label 10), . blank (label 0). Written by training/kubiesa-kinds/derive.ts.
# Derived: each photo warped by its metadata corners, cells cut by the app's cells.ts; a digit cell
# is a given when, as the median over the puzzle's 4 photos, its ink map matches the publication's
# font (one font on every page) and its height is the page's print height; an entry otherwise.
# Checked: every puzzle's givens are 180-degree symmetric, consistent and have exactly one solution;
# no entry contradicts it; all 40 contact sheets (one photo each, every cell outlined by kind) were
# looked at by eye; corrections by eye live in training/kubiesa-kinds/overrides.ts (${OVERRIDES.length}).
`

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
