/** What the reader takes and gives: its voters and cell judge, its options and its result. */
import type { Cell, Grid } from '../sudoku/board'
import type { PaperReading } from './cell-reading'
import type { CellBounds, CellImage } from './cells/extract-cells'
import type { Corners, GrayImage } from './core/image'
import type { Circle, SheetPose } from './grid/fiducials'
import type { EarlierInk } from './watch/new-ink'

/** Each voter's digit probabilities per cell (null = empty), by the voter's name. */
export type Votes = Record<string, (ArrayLike<number> | null)[]>

/** Anything that turns cell images into digit probabilities (null for empty cells). */
export interface DigitVoter {
  readonly name: string
  /** Vote weight in the ensemble (default 1). */
  readonly weight?: number
  /** Cheap enough (a few ms) to read the page another way up: only these judge which way up it is. */
  readonly cheap?: boolean
  /** `previous`: the votes of the voters listed before this one (templates build on Tesseract's). */
  vote(cells: readonly CellImage[], previous: Readonly<Votes>): Promise<(ArrayLike<number> | null)[]> | (ArrayLike<number> | null)[]
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
  /** Judges some cells alone (in `cells`' order): enough where print against handwriting is not in question. */
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
   * An earlier shot's ink of the same page (watch/paper-memory.ts): cells that held pencil marks are
   * read again with only the ink new since (watch/new-ink.ts). Needs a judge.
   */
  readonly earlierInk?: EarlierInk
  /**
   * The givens, and which way up, as a time-lapse's first shot read them (watch/paper-memory.ts). A
   * shot read the same way up with ink in their cells (watch/print-on-page.ts) takes them as its
   * givens and every other digit as written, without the printed voters; any other reads as a photo.
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
  /** Read against a known print: cells outside it that look printed and read as its solution (paper/decide-page.ts). */
  readonly looksPrinted: readonly Cell[]
  /** Per-voter probabilities and the ensemble's, per cell (null = empty), for benchmarks. */
  readonly votes: Votes
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
