/**
 * The ordered registry of technique finders, easiest first. The logical solver, hints, rating and
 * `sudoku-lens steps` all read this one list, so adding a technique is one line here.
 */
import { findHiddenPair, findHiddenQuad, findHiddenTriple } from './basics/hidden-subsets'
import { findFullHouse } from './basics/full-house'
import { findHiddenSingle } from './basics/hidden-single'
import { findClaiming, findPointing } from './basics/locked-candidates'
import { findNakedPair, findNakedQuad, findNakedTriple } from './basics/naked-subsets'
import { findNakedSingle } from './basics/naked-single'
import { findJellyfish, findSwordfish, findXWing } from './fish/fish'
import { findSkyscraper } from './single-digit/skyscraper'
import { findFinnedFishes } from './fish/finned-fish'
import { findTwoStringKite } from './single-digit/two-string-kite'
import { findTurbotFish } from './single-digit/turbot-fish'
import { findEmptyRectangle } from './single-digit/empty-rectangle'
import { findWWing } from './wings/w-wing'
import { findXYWing } from './wings/xy-wing'
import { findXYZWing } from './wings/xyz-wing'
import { findSimpleColouring } from './single-digit/simple-colouring'
import { findUniqueRectangles } from './uniqueness/unique-rectangle'
import { findAvoidableRectangles } from './uniqueness/avoidable-rectangle'
import { findBugPlusOne } from './uniqueness/bug-plus-one'
import { findSueDeCoq } from './als/sue-de-coq'
import { findAlsXz } from './als/als-xz'
import { findAlsXyWing } from './als/als-xy-wing'
import { findXChain } from './chains/x-chain'
import { findXYChain } from './chains/xy-chain'
import { findAic } from './chains/aic'
import { findContinuousNiceLoop } from './chains/continuous-nice-loop'
import { findDiscontinuousNiceLoop } from './chains/discontinuous-nice-loop'
import { findGroupedXChain } from './chains/grouped-x-chain'
import { findGroupedAic } from './chains/grouped-aic'
import { findForcingChain } from './chains/forcing-chain'
import { findForcingNet } from './chains/forcing-net'
import type { Candidates, Grid } from '../board'
import type { FindOptions, Step, Technique, TechniqueFinder } from './step'

/** Every technique name in order of difficulty (the order of `Technique` in step.ts). */
export const TECHNIQUE_ORDER: readonly Technique[] = [
  'full-house',
  'hidden-single',
  'naked-single',
  'locked-candidates-pointing',
  'locked-candidates-claiming',
  'naked-pair',
  'hidden-pair',
  'naked-triple',
  'hidden-triple',
  'naked-quad',
  'hidden-quad',
  'x-wing',
  'swordfish',
  'jellyfish',
  'skyscraper',
  'two-string-kite',
  'turbot-fish',
  'empty-rectangle',
  'finned-fish',
  'xy-wing',
  'xyz-wing',
  'w-wing',
  'simple-colouring',
  'unique-rectangle-1',
  'unique-rectangle-2',
  'unique-rectangle-3',
  'unique-rectangle-4',
  'unique-rectangle-5',
  'unique-rectangle-6',
  'hidden-rectangle',
  'avoidable-rectangle-1',
  'avoidable-rectangle-2',
  'sue-de-coq',
  'bug-plus-one',
  'als-xz',
  'x-chain',
  'xy-chain',
  'als-xy-wing',
  'continuous-nice-loop',
  'aic',
  'discontinuous-nice-loop',
  'grouped-x-chain',
  'grouped-aic',
  'forcing-chain',
  'forcing-net',
  'brute-force',
]

const rankOf = new Map(TECHNIQUE_ORDER.map((t, i) => [t, i]))

/** Position of a technique in the difficulty order (0 = easiest). */
export const techniqueRank = (technique: Technique): number => rankOf.get(technique) ?? TECHNIQUE_ORDER.length

/** Names shown to people: "Hidden single", "X-Wing", "Unique rectangle (type 2)". */
export const TECHNIQUE_LABELS: Record<Technique, string> = {
  'full-house': 'Full house',
  'naked-single': 'Naked single',
  'hidden-single': 'Hidden single',
  'locked-candidates-pointing': 'Locked candidates (pointing)',
  'locked-candidates-claiming': 'Locked candidates (claiming)',
  'naked-pair': 'Naked pair',
  'hidden-pair': 'Hidden pair',
  'naked-triple': 'Naked triple',
  'hidden-triple': 'Hidden triple',
  'naked-quad': 'Naked quad',
  'hidden-quad': 'Hidden quad',
  'x-wing': 'X-Wing',
  swordfish: 'Swordfish',
  jellyfish: 'Jellyfish',
  'finned-fish': 'Finned or sashimi fish',
  skyscraper: 'Skyscraper',
  'two-string-kite': '2-String Kite',
  'turbot-fish': 'Turbot Fish',
  'empty-rectangle': 'Empty Rectangle',
  'xy-wing': 'XY-Wing',
  'xyz-wing': 'XYZ-Wing',
  'w-wing': 'W-Wing',
  'simple-colouring': 'Simple colouring',
  'unique-rectangle-1': 'Unique rectangle (type 1)',
  'unique-rectangle-2': 'Unique rectangle (type 2)',
  'unique-rectangle-3': 'Unique rectangle (type 3)',
  'unique-rectangle-4': 'Unique rectangle (type 4)',
  'unique-rectangle-5': 'Unique rectangle (type 5)',
  'unique-rectangle-6': 'Unique rectangle (type 6)',
  'hidden-rectangle': 'Hidden rectangle',
  'avoidable-rectangle-1': 'Avoidable rectangle (type 1)',
  'avoidable-rectangle-2': 'Avoidable rectangle (type 2)',
  'sue-de-coq': 'Sue de Coq',
  'als-xz': 'ALS-XZ',
  'als-xy-wing': 'ALS-XY-Wing',
  'bug-plus-one': 'BUG+1',
  'x-chain': 'X-Chain',
  'xy-chain': 'XY-Chain',
  aic: 'Alternating inference chain',
  'continuous-nice-loop': 'Continuous nice loop',
  'discontinuous-nice-loop': 'Discontinuous nice loop',
  'grouped-x-chain': 'Grouped X-Chain',
  'grouped-aic': 'Grouped alternating inference chain',
  'forcing-chain': 'Forcing chain',
  'forcing-net': 'Forcing net',
  'brute-force': 'Brute force',
}

export interface TechniqueEntry {
  /** The easiest technique this finder reports (unique rectangles report types 1-6 and hidden ones from one finder). */
  readonly technique: Technique
  readonly find: TechniqueFinder
}

export const techniques: readonly TechniqueEntry[] = [
  { technique: 'full-house', find: findFullHouse },
  // Hidden singles before naked singles, as on Sudoku Explainer's scale (1.2 in a box, 1.5 in a
  // line, 2.3 for a naked single): the easiest step comes first, and easy puzzles rate as SE does.
  { technique: 'hidden-single', find: findHiddenSingle },
  { technique: 'naked-single', find: findNakedSingle },
  { technique: 'locked-candidates-pointing', find: findPointing },
  { technique: 'locked-candidates-claiming', find: findClaiming },
  { technique: 'naked-pair', find: findNakedPair },
  { technique: 'hidden-pair', find: findHiddenPair },
  { technique: 'naked-triple', find: findNakedTriple },
  { technique: 'hidden-triple', find: findHiddenTriple },
  { technique: 'naked-quad', find: findNakedQuad },
  { technique: 'hidden-quad', find: findHiddenQuad },
  { technique: 'x-wing', find: findXWing },
  { technique: 'swordfish', find: findSwordfish },
  { technique: 'jellyfish', find: findJellyfish },
  { technique: 'skyscraper', find: findSkyscraper },
  { technique: 'two-string-kite', find: findTwoStringKite },
  { technique: 'turbot-fish', find: findTurbotFish },
  { technique: 'empty-rectangle', find: findEmptyRectangle },
  { technique: 'finned-fish', find: findFinnedFishes },
  { technique: 'xy-wing', find: findXYWing },
  { technique: 'xyz-wing', find: findXYZWing },
  { technique: 'w-wing', find: findWWing },
  // Advanced techniques, in this order.
  { technique: 'simple-colouring', find: findSimpleColouring },
  { technique: 'unique-rectangle-1', find: findUniqueRectangles },
  { technique: 'avoidable-rectangle-1', find: findAvoidableRectangles },
  { technique: 'sue-de-coq', find: findSueDeCoq },
  { technique: 'bug-plus-one', find: findBugPlusOne },
  { technique: 'als-xz', find: findAlsXz },
  { technique: 'x-chain', find: findXChain },
  { technique: 'xy-chain', find: findXYChain },
  { technique: 'als-xy-wing', find: findAlsXyWing },
  { technique: 'continuous-nice-loop', find: findContinuousNiceLoop },
  { technique: 'aic', find: findAic },
  { technique: 'discontinuous-nice-loop', find: findDiscontinuousNiceLoop },
  { technique: 'grouped-x-chain', find: findGroupedXChain },
  { technique: 'grouped-aic', find: findGroupedAic },
  { technique: 'forcing-chain', find: findForcingChain },
  { technique: 'forcing-net', find: findForcingNet },
]

/**
 * Every step available in this state: all instances of every technique, easiest first.
 * `grid` (the digits written in, when known) lets singles that are still to be written in show;
 * `options.givens` (the puzzle's clues, when known) lets avoidable rectangles tell clues from placed digits.
 */
export function allSteps(cands: Candidates, grid?: Grid, entries: readonly TechniqueEntry[] = techniques, options?: FindOptions): Step[] {
  const steps = entries.flatMap((entry) => entry.find(cands, grid, options))
  // Stable sort: keeps each finder's own order within a technique.
  return steps.sort((a, b) => techniqueRank(a.technique) - techniqueRank(b.technique))
}

/** The easiest step available, or null when no technique in `entries` applies. */
export function easiestStep(cands: Candidates, grid?: Grid, entries: readonly TechniqueEntry[] = techniques, options?: FindOptions): Step | null {
  for (const entry of entries) {
    const steps = entry.find(cands, grid, options)
    if (steps.length === 0) continue
    let best = steps[0]
    for (const s of steps) if (techniqueRank(s.technique) < techniqueRank(best.technique)) best = s
    return best
  }
  return null
}
