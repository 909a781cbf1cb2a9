/**
 * Sudoku Explainer's difficulty scale (Nicolas Juillerat's SE 1.2, the scale the Sudoku forums
 * rate puzzles on): a number per technique, 1.0 for a full house up to 9.5 and beyond for nested
 * forcing chains. A puzzle's rating is its hardest step's (rating.ts), each step being the easiest
 * one available, as SE takes them.
 *
 * Source: SE's getDifficulty() methods (diuf/sudoku/solver/rules/*Hint.java and
 * rules/chaining/Chaining.java, read in the 1to9only/SudokuExplainer copy of SE 1.2.1):
 * - HiddenSingleHint: 1.0 for the last empty cell of a unit (full house), 1.2 in a box, 1.5 in a
 *   line; NakedSingleHint 2.3; LockingHint 2.6 pointing, 2.8 claiming;
 * - NakedSetHint 3.0 / 3.6 / 5.0 and HiddenSetHint 3.4 / 4.0 / 5.4 for pairs / triples / quads;
 *   Fisherman 3.2 / 3.8 / 5.2 for X-Wing / Swordfish / Jellyfish; XYWing 4.2, XYZWing 4.4;
 * - UniqueLoopHint 4.5 for a rectangle (4.6 for type 2, 4.5 for type 4);
 *   type 3 adds 0.1 per digit of its naked set beyond one (4.6 for a pair); BUG type 1 5.6;
 * - ForcingChainHint and CycleHint: 6.6 for an X- or Y-only forcing chain (6.5 for a cycle), 7.0
 *   when it mixes cell and unit links; Chaining.getDifficulty: 8.0 for cell and region forcing
 *   chains ("multiple"), 8.5 dynamic (nets), 9.0 dynamic with locked candidates and subsets
 *   ("+"), 9.5 with forcing chains nested inside ("+ Forcing Chains");
 * - ChainingHint.getLengthDifficulty: +0.1 each time the length passes 4, 6, 8, 12, 16, 24, ...,
 *   where the length is the hint's complexity (the candidates its chains go through, each end
 *   counted) less 2.
 * The techniques SE does not name are placed where SE rates the chain or fish they are a case of
 * (said next to each).
 */
import type { ForcingKind } from './engine/forcing-search'
import type { Step, Technique } from './step'

export const EXPLAINER_RATING: Record<Technique, number> = {
  'full-house': 1.0,
  'hidden-single': 1.5, // 1.2 in a box: see stepDifficulty
  'naked-single': 2.3,
  'locked-candidates-pointing': 2.6,
  'locked-candidates-claiming': 2.8,
  'naked-pair': 3.0,
  'hidden-pair': 3.4,
  'naked-triple': 3.6,
  'hidden-triple': 4.0,
  'naked-quad': 5.0,
  'hidden-quad': 5.4,
  'x-wing': 3.2,
  swordfish: 3.8,
  jellyfish: 5.2,
  'finned-fish': 3.4, // SE has none; the finder sets each step's figure just above its plain fish
  skyscraper: 6.6, // SE: a Turbot Fish
  'two-string-kite': 6.6, // SE: a Turbot Fish
  'turbot-fish': 6.6,
  'empty-rectangle': 6.6, // SE has no Empty Rectangle; it is a Turbot Fish with a box link
  'xy-wing': 4.2,
  'xyz-wing': 4.4,
  'w-wing': 7.0, // SE has no W-Wing; its chain mixes cell and unit links: a Forcing Chain of length 4
  'simple-colouring': 6.6, // SE has no colouring; its eliminations are X-Chains (Forcing X-Chain 6.6)
  'unique-rectangle-1': 4.5,
  'unique-rectangle-2': 4.6,
  'unique-rectangle-3': 4.6, // SE: 4.5 + 0.1 per digit of its naked subset beyond one (the finder's pair)
  'unique-rectangle-4': 4.5,
  // SE has no types 5-6, hidden or avoidable rectangles; its uniqueness hints span 4.5-5.0
  // (SukakuExplainer's wiki, "Difficulty ratings in Sudoku Explainer v1.2.1"). Each sits with the
  // type it is a case of: 5 is type 2 with the extra digit in diagonal or three corners, 6 and the
  // hidden rectangle turn on conjugate pairs like type 4, the avoidable rectangles mirror types 1-2.
  'unique-rectangle-5': 4.6,
  'unique-rectangle-6': 4.6,
  'hidden-rectangle': 4.6,
  'avoidable-rectangle-1': 4.5,
  'avoidable-rectangle-2': 4.6,
  // SE has no Sue de Coq; it is a locked set of four or more cells across a box and a line, so
  // it sits with SE's naked quad (5.0).
  'sue-de-coq': 5.0,
  'bug-plus-one': 5.6,
  // SE has no almost locked sets. Its Aligned Pair Exclusion (6.2) is the one SE rule that reasons
  // with them (two cells against the ALSs they see); ALS-XZ, two ALSs, takes that figure.
  'als-xz': 6.2,
  'x-chain': 6.6, // plus the length bonus
  'xy-chain': 6.6, // plus the length bonus
  // Three ALSs in a row: a forcing chain through them, SE's Forcing Chain base (7.0).
  'als-xy-wing': 7.0,
  aic: 7.0, // SE: a Forcing Chain; plus the length bonus
  // Nice loops: SE's cycles and forcing chains. The finder sets each step's figure (see NICE_LOOP_BASE).
  'continuous-nice-loop': 7.0, // SE: a Bidirectional Cycle
  'discontinuous-nice-loop': 7.0, // SE: a Forcing Chain
  // SE has no group nodes: a grouped chain is placed a tenth above the chain it groups (HoDoKu too
  // rates grouped chains above plain ones), plus the length bonus (a group counts as one node).
  'grouped-x-chain': 6.7,
  'grouped-aic': 7.1,
  'forcing-chain': 7.0, // the finder sets each step's figure: see FORCING_BASE
  'forcing-net': 8.5, // the finder sets each step's figure: see FORCING_BASE
  'brute-force': 11.0, // beyond anything SE rates by logic
}

/**
 * Base figures for forcing steps by kind, from SE's chaining hints: a forcing chain by
 * contradiction or from one candidate both ways (SE "Forcing Chain") 7.0, from every digit of a
 * cell or every place in a unit (SE "Cell/Region Forcing Chains", its "multiple" chains) 8.0; a
 * net (SE "Dynamic Forcing Chains") 8.5, and 9.0 when it also uses locked candidates (SE "Dynamic
 * Forcing Chains (+)").
 */
export const FORCING_BASE = {
  chain: { contradiction: 7.0, digit: 7.0, cell: 8.0, unit: 8.0 },
  net: { contradiction: 8.5, digit: 8.5, cell: 8.5, unit: 8.5 },
  netPlus: { contradiction: 9.0, digit: 9.0, cell: 9.0, unit: 9.0 },
  /** A net with forcing chains nested in each branch (SE "Nested Forcing Chains"). */
  nested: 9.5,
} as const

/**
 * SE's figure for a forcing step of `kind` with `branches` cases and `size` candidates in all its
 * chains (each end counted, as SE's complexity). A cell or unit with two options is one
 * candidate's two values: SE finds those among its plain forcing chains, not its multiple ones.
 */
export function forcingDifficulty(base: Record<ForcingKind, number>, kind: ForcingKind, branches: number, size: number): number {
  const simple = (kind === 'cell' || kind === 'unit') && branches === 2 ? base.digit : base[kind]
  return round1(simple + lengthBonus(size - 2))
}

/**
 * SE's chain-length bonus: +0.1 each time the length passes 4, 6, 8, 12, 16, 24, 32, 48, ... (the
 * ceiling grows by 3/2 and 4/3 in turn). SE's length is a hint's complexity less 2.
 */
export function lengthBonus(length: number): number {
  let bonus = 0
  let ceiling = 4
  for (let odd = false; length > ceiling; odd = !odd) {
    bonus += 1
    ceiling = odd ? Math.floor((ceiling * 4) / 3) : Math.floor((ceiling * 3) / 2)
  }
  return bonus / 10
}

/**
 * Base figures for nice loops, from SE's cycles and chains: a continuous loop on one digit is SE's
 * "Bidirectional X-Cycle" (6.5), on any digits its "Bidirectional Cycle" (7.0); a discontinuous
 * loop on one digit is a "Forcing X-Chain" (6.6), on any digits a "Forcing Chain" (7.0). A loop
 * through group nodes adds a tenth, as grouped chains do; the length bonus comes on top.
 */
export const NICE_LOOP_BASE = {
  continuous: { oneDigit: 6.5, anyDigits: 7.0 },
  discontinuous: { oneDigit: 6.6, anyDigits: 7.0 },
  grouped: 0.1,
} as const

/** A chain finder's figure for a step: its base plus SE's length bonus for `nodes` nodes. */
export const chainDifficulty = (base: number, nodes: number): number => round1(base + lengthBonus(nodes))

const CHAINS = new Set<Technique>(['x-chain', 'xy-chain', 'aic'])

/** The SE difficulty of one step. */
export function stepDifficulty(step: Step): number {
  if (step.difficulty !== undefined) return step.difficulty
  if (step.technique === 'hidden-single' && step.units.length > 0 && step.units[0] >= 18) return 1.2
  // A chain step lists each cell it passes through once: two candidates per cell, roughly; SE's
  // length leaves out the two ends.
  if (CHAINS.has(step.technique)) return round1(EXPLAINER_RATING[step.technique] + lengthBonus(step.cells.length * 2 - 2))
  return EXPLAINER_RATING[step.technique]
}

export const round1 = (x: number): number => Math.round(x * 10) / 10
