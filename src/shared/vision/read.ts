/**
 * The reader: one photo or frame in, the page's digits out; the one orchestrator of the vision
 * steps, with plain data between them. The steps' folders, in order (vocabulary: docs/glossary.md):
 *   core/    images, grey scales, OpenCV's types, geometry, the small networks' layers
 *   grid/    finds the grid (its outline or fiducial circles), measures its lattice, warps it square
 *   cells/   cuts the 81 cells, finds each one's ink, turns the page upright
 *   digits/  votes on each printed digit (Tesseract, classifier, templates), repairs by the rules
 *   paper/   tells what each cell holds (print, entry, pencil marks, empty) and decides the page
 *   watch/   live camera and time-lapse: what earlier shots showed (`earlierInk`, `print`)
 * The voters and the cell judge are injected, as Node and a browser worker make them differently.
 */
import { extractCells, type CellImage } from './cells/extract-cells'
import type { CV } from './core/cv'
import { detectFiducials, poseFromFiducials, type Circle, type SheetPose } from './grid/fiducials'
import { grayScales, isGrayScales, type GrayScales } from './core/gray'
import { detectGrid } from './grid/find-grid'
import type { Corners, GrayImage, RgbaImage } from './core/image'
import { judgeNewInk } from './watch/new-ink'
import { type CellEvidence, decidePaper, inkKinds, mayBeGiven } from './paper/decide-page'
import { printOnPage, showsPrint } from './watch/print-on-page'
import { gridOnPrint } from './watch/print-place'
import { gridLattice, warpGrid } from './grid/warp'
import { castVotes, ensembleOf, maskVotes, meanBest } from './digits/votes'
import { pageTurn, rotateCorners, rotateQuarter } from './cells/turn'
import type { ReadFailure, ReadOptions, ReadResult, Votes } from './read-types'

// src/shared has no DOM or Node types; `performance` exists in both runtimes.
const clock = (globalThis as { performance?: { now(): number } }).performance
const now = (): number => (clock ? clock.now() : Date.now())

/**
 * Reads the puzzle in `image`. Given its `grayScales` (the caller may need them too, as the vision
 * worker does for a failed read's overlay), the image is not converted again.
 */
export async function readSudoku(cv: CV, image: RgbaImage | GrayImage | GrayScales, options: ReadOptions): Promise<ReadResult> {
  const ms: Record<string, number> = {}
  const start = now()
  let t = start
  const lap = (stage: string): void => {
    const n = now()
    ms[stage] = Math.round(((ms[stage] ?? 0) + n - t) * 10) / 10
    t = n
  }
  const fail = (error: ReadFailure['error'], message: string): ReadFailure => {
    ms.total = Math.round((now() - start) * 10) / 10
    return { ok: false, error, message, ms }
  }
  const source = isGrayScales(image) ? image.full : image
  const pixels = source.width * source.height
  if (!(source.width >= 1 && source.height >= 1) || (source.data.length !== pixels && source.data.length !== 4 * pixels)) {
    return fail('bad-image', `not an image: ${source.width}x${source.height}`)
  }

  // Grey once, at every scale the steps below work on (at 16 MP each conversion is a pass over 64 MB).
  const scales = grayScales(image)
  lap('gray')
  const detection = detectGrid(cv, scales)
  lap('grid')
  let fiducials: Circle[] = []
  let pose: SheetPose | null = null
  if (options.fiducials ?? true) {
    fiducials = detectFiducials(cv, scales)
    pose = fiducials.length >= 2 ? poseFromFiducials(fiducials) : null
    lap('fiducials')
  }
  // Printed circles locate the grid even when a hand hides its border.
  const corners = detection?.corners ?? (pose?.from === 4 ? pose.gridCorners : null)
  if (!corners) return fail('no-grid', 'no grid found')

  const upright = warpGrid(cv, scales.full, corners, options.warpSize ?? 900)
  lap('warp')
  const cut = (warped: GrayImage) => {
    const lattice = (options.useLattice ?? true) ? gridLattice(warped) : undefined
    return { warped, lattice, ...extractCells(cv, warped, lattice) }
  }
  // Each way up is cut at most once: the orientation test and the reading share the cuts.
  const pages = new Map<number, ReturnType<typeof cut>>()
  const pageAt = (turn: 0 | 1 | 2 | 3): ReturnType<typeof cut> => {
    let page = pages.get(turn)
    if (!page) pages.set(turn, (page = cut(turn ? rotateQuarter(upright, turn) : upright)))
    return page
  }
  pageAt(0)
  lap('cells')

  // Which way up: sideways digits are wider than tall, upside-down ones read unsure (a camera across
  // the desk, a wrong EXIF tag). The judges' votes are kept, so the chosen page's are not cast again.
  const cheap = options.voters.filter((v) => v.cheap)
  const judges = cheap.length ? cheap : options.voters
  const judged = new Map<readonly CellImage[], Votes>()
  const sureness = async (cells: readonly CellImage[]): Promise<number> => {
    const votes = await castVotes(judges, cells)
    judged.set(cells, votes)
    return meanBest(ensembleOf(judges, cells, votes))
  }
  const turn = options.voters.length ? await pageTurn(pageAt(0).cells, (t) => pageAt(t).cells, sureness, cheap.length > 0) : 0
  let cutPage = pageAt(turn)
  let gridCorners: Corners = turn ? rotateCorners(corners, turn) : corners
  lap('orientation')
  // A time-lapse's print tells a grid found a cell off (watch/print-place.ts).
  const known = options.print
  const placed = known?.turn === turn ? gridOnPrint(cv, scales, cutPage.cells, gridCorners, known.givens) : null
  if (placed) {
    gridCorners = placed
    cutPage = cut(warpGrid(cv, scales.full, gridCorners, options.warpSize ?? 900))
    lap('grid moved')
  }
  let page: typeof cutPage = cutPage
  let judgements = options.judge ? await options.judge.judge(page) : null
  if (judgements) lap('kinds')
  const earlier = options.earlierInk
  if (judgements && options.judge && earlier?.turn === turn && earlier.side === page.warped.width) {
    const fresh = await judgeNewInk(cv, page, judgements, earlier.cells, options.judge)
    if (fresh) {
      page = { ...page, cells: fresh.cells }
      judgements = fresh.judgements
    }
    lap('new ink')
  }
  const kinds = judgements?.map((j) => j.kind) ?? inkKinds(page.cells)
  const print = judgements && known?.turn === turn && printOnPage(known.givens, (cell) => showsPrint(page.cells[cell])) ? known.givens : undefined
  // Print is read only in the cells that may be printed (none where the print is known): the votes
  // the orientation judges already cast are kept for those, and the costlier voters never see the
  // surely written digits.
  const printCells = print ? kinds.map(() => false) : mayBeGiven(kinds)
  const printed = page.cells.map((c, i) => ({ ...c, filled: c.filled && printCells[i] }))
  const cast = judged.get(cutPage.cells)
  const votes: Votes = print ? {} : await castVotes(options.voters, printed, cast && maskVotes(cast, printed), lap)
  votes.ensemble = ensembleOf(options.voters, printed, votes)
  const evidence: CellEvidence[] = page.cells.map((_, i) => ({
    kind: kinds[i],
    printed: votes.ensemble[i],
    written: judgements?.[i].written ?? null,
    marks: judgements?.[i].marks ?? [],
  }))
  const printWeight = options.voters.reduce((sum, v) => sum + (v.weight ?? 1), 0)
  const paper = decidePaper(evidence, { rules: options.useRules ?? true, printWeight, print })
  lap('repair')
  const { cells, ink, warped, flat, bounds } = page
  ms.total = Math.round((now() - start) * 10) / 10
  return {
    turn,
    ok: true,
    grid: paper.givens,
    confidence: paper.cells.map((c) => c.confidence),
    paper,
    corners: gridCorners,
    fiducials,
    pose,
    repaired: paper.repaired,
    solutions: paper.solutions,
    looksPrinted: paper.looksPrinted,
    votes,
    cells,
    warped,
    flat,
    bounds,
    ink,
    ms,
  }
}
