/**
 * The reader: one photo or frame in, the puzzle's digits out. The one orchestrator of the vision
 * steps (grid -> fiducials -> warp -> cells -> voters -> repair), with plain data between steps.
 *
 * The digit voters (Tesseract set-ups, the trained classifier, ...) are injected, because how they
 * are created differs between Node and a browser worker; this file runs in both.
 *
 * Ensemble: each voter gives per filled cell 9 probabilities; they are combined as a weighted
 * product (sum of weighted logs, each floored so that one voter cannot veto a digit), then
 * normalised. The repair step then picks the most likely assignment that obeys the rules.
 *
 * A time-lapse shot may come with what earlier shots showed: the ink in cells of pencil marks
 * (`earlierInk`), judged again with only the ink that is new since (new-ink.ts), and the print
 * (`print`), which then is not read again.
 *
 * Over 300 lines: the orchestrator with the vote arithmetic and page turning (a quarter or half
 * turn, decided from the votes) that only it uses; every step it calls is in its own file.
 */
import { CELLS, type Cell, type Grid } from '../sudoku/board'
import type { PaperReading } from './cell-reading'
import { extractCells, type CellBounds, type CellImage } from './cells'
import type { CV } from './cv'
import { detectFiducials, poseFromFiducials, type Circle, type SheetPose } from './fiducials'
import { grayScales, isGrayScales, type GrayScales } from './gray'
import { detectGrid } from './grid'
import type { Corners, GrayImage, RgbaImage } from './image'
import { type EarlierInk, judgeNewInk } from './new-ink'
import { type CellEvidence, decidePaper, inkKinds, mayBeGiven } from './paper'
import { printOnPage, showsPrint } from './print-on-page'
import { gridOnPrint } from './print-place'
import { gridLattice, warpGrid } from './warp'

/** Anything that turns cell images into digit probabilities (null for empty cells). */
export interface DigitVoter {
  readonly name: string
  /** Vote weight in the ensemble (default 1). */
  readonly weight?: number
  /**
   * Cheap enough to read the page a second way up (a few ms). The reader asks the cheap voters,
   * not the whole ensemble, which way up the page is, then runs every voter once.
   */
  readonly cheap?: boolean
  /** `previous`: the votes of the voters listed before this one (templates build on Tesseract's). */
  vote(
    cells: readonly CellImage[],
    previous: Readonly<Record<string, (ArrayLike<number> | null)[]>>,
  ): Promise<(ArrayLike<number> | null)[]> | (ArrayLike<number> | null)[]
}

/** A page cut into cells: what a cell judge looks at. */
export interface CutPage {
  readonly cells: readonly CellImage[]
  /** The warped grid divided by its paper's shading (paper ~255). */
  readonly flat: GrayImage
  readonly bounds: readonly CellBounds[]
}

/** One cell as the cell model sees it: its kind, its digit read as handwriting, its pencil marks. */
export interface CellJudgement {
  /** Probabilities of the kinds, in CELL_KINDS order. */
  readonly kind: ArrayLike<number>
  /** The digit's probabilities read as handwriting (index d - 1), or null. */
  readonly written: ArrayLike<number> | null
  /** The candidate digits read in a cell of pencil marks ([] when unread). */
  readonly marks: readonly number[]
}

/** Tells printed digits from written ones and pencil marks, and reads the written ones. */
export interface CellJudge {
  judge(page: CutPage): Promise<CellJudgement[]> | CellJudgement[]
  /**
   * Judges some cells alone (in `cells`' order), without what the page's other cells tell: enough
   * where print against handwriting is not in question (new-ink.ts).
   */
  judgeCells(page: CutPage, cells: readonly Cell[]): Promise<CellJudgement[]> | CellJudgement[]
}

export interface ReadOptions {
  readonly voters: readonly DigitVoter[]
  /**
   * Tells printed givens from written digits and pencil marks. Without one, every cell with ink is
   * read as a printed given (a blank printed puzzle).
   */
  readonly judge?: CellJudge
  /** Apply the Sudoku rules (default true). */
  readonly useRules?: boolean
  /** Look for fiducial circles (default true). */
  readonly fiducials?: boolean
  /** Cut cells between the measured line crossings rather than nine equal slices (default true). */
  readonly useLattice?: boolean
  /** Side of the warped grid in pixels (default 900). */
  readonly warpSize?: number
  /**
   * An earlier shot's ink of the same page (paper-memory.ts): a time-lapse's cells that held pencil
   * marks are read again with only the ink that is new since (new-ink.ts). Needs a judge.
   */
  readonly earlierInk?: EarlierInk
  /**
   * The printed givens of the page as an earlier shot read them, and which way up (a time-lapse's
   * first shot; paper-memory.ts). A shot read the same way up that shows ink in their cells
   * (PRINT_ON_PAGE) takes them as its givens and every other digit as written (paper.ts), and the
   * printed voters are not run; another shot is read as a photo is (another page, or turned).
   */
  readonly print?: KnownPrint
}

export interface KnownPrint {
  readonly turn: number
  readonly givens: Grid
}

export interface ReadSuccess {
  readonly ok: true
  /** The printed givens: 81 digits, 0 = empty or not printed. */
  readonly grid: Grid
  /** Per cell, 0..1: how sure the reader is of its kind and digit (paper.cells[i].confidence). */
  readonly confidence: number[]
  /** The page as a person left it: kinds, givens, entries, pencil marks, mistakes. */
  readonly paper: PaperReading
  readonly corners: Corners
  readonly fiducials: Circle[]
  readonly pose: SheetPose | null
  /** Givens whose digit the rules chose rather than the reading (flag them for review). */
  readonly repaired: readonly Cell[]
  /** Solutions of the read givens, counted up to 2. */
  readonly solutions: number
  /** Read against a known print: cells outside it that look printed, with its solution's digit (paper.ts's DecidedPaper). */
  readonly looksPrinted: readonly Cell[]
  /** Per-voter probabilities and the ensemble's, per cell (null = empty), for benchmarks. */
  readonly votes: Record<string, (ArrayLike<number> | null)[]>
  readonly cells: readonly CellImage[]
  /** Quarter turns the warped grid was turned by to be read upright (0-3). */
  readonly turn: number
  /** The grid as read: warped upright, and divided by its paper's shading; each cell's edges in it. */
  readonly warped: GrayImage
  readonly flat: GrayImage
  readonly bounds: readonly CellBounds[]
  /** The ink mask over the warped grid (255 = ink). */
  readonly ink: GrayImage
  /** Milliseconds per stage and `total`. */
  readonly ms: Record<string, number>
}

export interface ReadFailure {
  readonly ok: false
  readonly error: 'no-grid' | 'bad-image'
  readonly message: string
  readonly ms: Record<string, number>
}

export type ReadResult = ReadSuccess | ReadFailure

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

  // Which way up: a page photographed sideways shows digits wider than tall, and a page upside
  // down (a camera across the desk, a wrong EXIF tag) shows digits the voters are unsure of. The
  // judges' votes on each page are kept, so the chosen page's are not cast again.
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
  // A time-lapse's print tells a grid found a cell off (print-place.ts).
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

/** Votes kept only for the cells still filled (the others' become null). */
function maskVotes(votes: Votes, cells: readonly { filled: boolean }[]): Votes {
  return Object.fromEntries(Object.entries(votes).map(([name, probs]) => [name, probs.map((p, i) => (cells[i].filled ? p : null))]))
}

/** Weighted product of the voters' probabilities per filled cell, floored, normalised. */
export function combineVotes(
  cells: readonly { filled: boolean }[],
  voters: readonly { probs: readonly (ArrayLike<number> | null)[]; weight: number }[],
): (Float32Array | null)[] {
  return cells.map((cell, i) => {
    if (!cell.filled) return null
    const log = new Float64Array(9)
    for (const { probs, weight } of voters) {
      const p = probs[i]
      if (!p) continue
      for (let d = 0; d < 9; d++) log[d] += weight * Math.log(Math.max(0.01, p[d]))
    }
    const max = Math.max(...log)
    const out = new Float32Array(9)
    let sum = 0
    for (let d = 0; d < 9; d++) sum += out[d] = Math.exp(log[d] - max)
    for (let d = 0; d < 9; d++) out[d] /= sum
    return out
  })
}

/**
 * A turned page must read this much surer (mean probability of each cell's best digit) before it
 * is believed: upright pages are the rule. On the shared photos upright pages read at least 0.07
 * surer than turned; the one upside-down page reads 0.28 surer turned.
 */
const TURN_MARGIN = 0.1

/**
 * Quarter turns (clockwise) that put the page upright: when the digits lie sideways, whichever of
 * 0, 1 or 3 reads surest; else 2 when they read clearly surer upside down, else 0. `sureness` is
 * the judges' mean confidence; without a cheap judge the upside-down test is skipped, as it would
 * double the reading time.
 */
async function pageTurn(
  cells: readonly CellImage[],
  cutTurned: (turn: 1 | 3) => readonly CellImage[],
  sureness: (cells: readonly CellImage[]) => Promise<number>,
  cheapJudges: boolean,
): Promise<0 | 1 | 2 | 3> {
  if (isSideways(cells)) {
    let best: { turn: 0 | 1 | 3; sure: number } = { turn: 0, sure: await sureness(cells) }
    for (const turn of [1, 3] as const) {
      const sure = await sureness(cutTurned(turn))
      if (sure > best.sure) best = { turn, sure }
    }
    return best.turn
  }
  if (!cheapJudges) return 0
  // Upside down, each cell's digit image is turned in place and the cells run in reverse order.
  return (await sureness(upsideDown(cells))) > (await sureness(cells)) + TURN_MARGIN ? 2 : 0
}

type Votes = Record<string, (ArrayLike<number> | null)[]>

/**
 * Each voter's probabilities, in order (a voter sees those before it); voters already in `known`
 * are not asked again. `after` is told each voter's name once it has voted (for timings).
 */
async function castVotes(voters: readonly DigitVoter[], cells: readonly CellImage[], known: Votes = {}, after?: (name: string) => void): Promise<Votes> {
  const votes: Votes = { ...known }
  for (const voter of voters) {
    votes[voter.name] ??= await voter.vote(cells, votes)
    after?.(voter.name)
  }
  return votes
}

/** The voters' weighted ensemble (combineVotes) of `votes`. */
function ensembleOf(voters: readonly DigitVoter[], cells: readonly CellImage[], votes: Votes): (Float32Array | null)[] {
  return combineVotes(
    cells,
    voters.map((v) => ({ probs: votes[v.name], weight: v.weight ?? 1 })),
  )
}

function upsideDown(cells: readonly CellImage[]): CellImage[] {
  return cells.map((_, i) => {
    const cell = cells[CELLS - 1 - i]
    return { ...cell, image: { ...cell.image, data: Uint8Array.from(cell.image.data).reverse() } }
  })
}

/** True when most filled cells' ink is clearly wider than tall (digits are taller than wide). */
export function isSideways(cells: readonly CellImage[]): boolean {
  const boxes = cells.filter((c) => c.filled && c.box).map((c) => c.box!)
  if (boxes.length < 8) return false
  const wide = boxes.filter((b) => b.width > 1.15 * b.height).length
  return wide > 0.6 * boxes.length
}

/** The image turned clockwise by `turns` quarter turns. */
export function rotateQuarter(image: GrayImage, turns: 1 | 2 | 3): GrayImage {
  const { width: w, height: h, data } = image
  const ow = turns === 2 ? w : h
  const oh = turns === 2 ? h : w
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [nx, ny] = turns === 1 ? [h - 1 - y, x] : turns === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x]
      out[ny * ow + nx] = data[y * w + x]
    }
  return { width: ow, height: oh, data: out }
}

/** The corners as seen after turning the page clockwise by `turns` quarter turns. */
function rotateCorners(c: Corners, turns: 1 | 2 | 3): Corners {
  // Turning clockwise once, the new top-left is the old bottom-left.
  return [0, 1, 2, 3].map((k) => c[(k + 4 - turns) % 4]) as unknown as Corners
}

function meanBest(probs: readonly (ArrayLike<number> | null)[]): number {
  let sum = 0
  let n = 0
  for (const p of probs) {
    if (!p) continue
    let best = 0
    for (let d = 0; d < 9; d++) best = Math.max(best, p[d])
    sum += best
    n++
  }
  return n ? sum / n : 0
}
