/**
 * One logical step a human could take, as every technique finder returns it.
 * Technique finders are pure: `(cands: Candidates) => Step[]` (all instances, not only the first).
 *
 * For every finder: a cell with one candidate counts as SOLVED when none of its peers still has
 * that digit, and as a NAKED SINGLE (still open) while one does; use `solvedCells(cands)` from
 * `./common` so all finders agree. `applyStep` (./apply) makes placed cells solved in that sense.
 * Finders are registered in `./techniques` in difficulty order.
 */
import type { Candidates, Cell, Digit, Grid } from '../board'

/** Kebab-case technique names, in the order of difficulty used for hints and rating. */
export type Technique =
  | 'full-house'
  | 'hidden-single'
  | 'naked-single'
  | 'locked-candidates-pointing'
  | 'locked-candidates-claiming'
  | 'naked-pair'
  | 'hidden-pair'
  | 'naked-triple'
  | 'hidden-triple'
  | 'naked-quad'
  | 'hidden-quad'
  | 'x-wing'
  | 'swordfish'
  | 'jellyfish'
  | 'skyscraper'
  | 'two-string-kite'
  | 'turbot-fish'
  | 'empty-rectangle'
  | 'finned-fish'
  | 'xy-wing'
  | 'xyz-wing'
  | 'w-wing'
  | 'simple-colouring'
  | 'unique-rectangle-1'
  | 'unique-rectangle-2'
  | 'unique-rectangle-3'
  | 'unique-rectangle-4'
  | 'unique-rectangle-5'
  | 'unique-rectangle-6'
  | 'hidden-rectangle'
  | 'avoidable-rectangle-1'
  | 'avoidable-rectangle-2'
  | 'sue-de-coq'
  | 'bug-plus-one'
  | 'als-xz'
  | 'x-chain'
  | 'xy-chain'
  | 'als-xy-wing'
  | 'continuous-nice-loop'
  | 'aic'
  | 'discontinuous-nice-loop'
  | 'grouped-x-chain'
  | 'grouped-aic'
  | 'forcing-chain'
  | 'forcing-net'
  | 'brute-force'

export interface Placement {
  readonly cell: Cell
  readonly digit: Digit
}

export type Elimination = Placement

/** One end of a link: a candidate (one cell), or a group node (cells of one unit holding the digit together). */
export interface LinkEnd {
  readonly cells: readonly Cell[]
  readonly digit: Digit
}

/**
 * An inference to draw between two candidates. 'strong': if `from` is false then `to` is true;
 * 'weak': if `from` is true then `to` is false. In a forcing net a fact can need several links into
 * it together (the last digit of a cell once the others have gone).
 */
export interface Link {
  readonly from: LinkEnd
  readonly to: LinkEnd
  readonly kind: 'strong' | 'weak'
}

export interface Step {
  readonly technique: Technique
  readonly placements: readonly Placement[]
  readonly eliminations: readonly Elimination[]
  /** The cells that make the pattern (to highlight), besides the ones changed. */
  readonly cells: readonly Cell[]
  /** Indices into `allUnits` the pattern lives in. */
  readonly units: readonly number[]
  /** Plain English a non-expert understands: "In box 5, 7 can only go in r5c4, so it must go there." */
  readonly text: string
  /** The inferences of a chain or net, in order, for drawing (chain techniques only). */
  readonly links?: readonly Link[]
  /**
   * The candidates a pattern turns on, ringed when drawn: a rectangle's two digits in its corners,
   * the digits of almost locked sets (pattern techniques that have no links).
   */
  readonly marks?: readonly Placement[]
  /**
   * Sudoku Explainer difficulty of this step, when the finder knows more than its technique's name
   * says (which kind of forcing, how long); otherwise rating.ts takes it from the technique.
   */
  readonly difficulty?: number
}

/**
 * `grid` (optional, finders may ignore it): the digits written in so far, when the caller knows
 * them. Candidates alone cannot tell a cell that still has to be written in (its last candidate is
 * not in any peer) from a filled one; full house and naked single use `grid` for that.
 * `options.givens` (optional): the puzzle's clues, when known; avoidable rectangles turn on which
 * written digits are clues and which were placed while solving. Every other finder works from
 * `cands` alone.
 */
export type TechniqueFinder = (cands: Candidates, grid?: Grid, options?: FindOptions) => Step[]

/**
 * `first`: any one instance will do, as soon as one is found (a hint shows one step). Finders whose
 * full search is dear (forcing chains and nets) then stop at their first proof instead of looking
 * for the shortest; the others may ignore it.
 */
export interface FindOptions {
  readonly first?: boolean
  /** The puzzle's clues, when known: avoidable rectangles tell clues from digits placed while solving. */
  readonly givens?: Grid
}
