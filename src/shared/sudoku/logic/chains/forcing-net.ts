/**
 * Forcing nets: like forcing chains, but a fact may rest on several earlier ones (a cell's last
 * digit once the assumption has removed the others), which SE calls dynamic forcing chains. When
 * singles alone prove nothing, the propagation also uses locked candidates ("dynamic plus"), and
 * then forcing chains nested in each branch. These are the last resort: with them no puzzle
 * measured needs a guess (bench/README.md, Logic).
 */
import type { Candidates, Grid } from '../../board'
import { FORCING_BASE, lengthBonus, round1 } from '../explainer-scale'
import { forcingSteps } from './forcing-chain'
import { PropagationBudget, type PropagationOptions } from '../engine/forcing-propagation'
import { findFirstForcingProof } from '../engine/forcing-search'
import { forcingStep } from '../engine/forcing-text'
import type { FindOptions, Step } from '../step'

/**
 * The cap on a nested net's search, in propagations (inner ones included; one outer assumption
 * runs a few hundred inner ones per pass). Counted, never timed, so the step found is the same
 * on every machine. A hint tries the smaller budget first (about 100 ms of work on 2 busy cores)
 * and only then the solve's; the logical solve, which rates the puzzle, starts with the larger.
 * bench/README.md (Logic, Logic (chains)) says what the caps cost.
 */
export const NESTED_BUDGET = { hint: 20_000, solve: 400_000 }

/** The propagation of a nested net: locked candidates, and forcing chains inside each branch. */
const NESTED: PropagationOptions = { mode: 'net', lockedCandidates: true, nested: { mode: 'chain' } }

export function findForcingNet(cands: Candidates, _grid?: Grid, find?: FindOptions): Step[] {
  const steps = forcingSteps(cands, 'forcing-net', { mode: 'net' }, FORCING_BASE.net, find)
  if (steps.length) return steps
  const plus = forcingSteps(cands, 'forcing-net', { mode: 'net', lockedCandidates: true }, FORCING_BASE.netPlus, find)
  if (plus.length) return plus
  const proof = nestedProof(cands, find?.first ? NESTED_BUDGET.hint : NESTED_BUDGET.solve)
  if (!proof) return []
  return [forcingStep('forcing-net', proof, round1(FORCING_BASE.nested + lengthBonus(proof.size - 2)))]
}

/**
 * The nested net's first proof within `limit` propagations. Where a hint's budget runs out, the
 * search goes on with the solve's: a slower hint (the forum's slowest in bench:logic-chains), never
 * a guess.
 */
function nestedProof(cands: Candidates, limit: number): ReturnType<typeof findFirstForcingProof> {
  const budget = new PropagationBudget(limit)
  const proof = findFirstForcingProof(cands, { ...NESTED, budget })
  if (proof || !budget.spent || limit >= NESTED_BUDGET.solve) return proof
  return findFirstForcingProof(cands, { ...NESTED, budget: new PropagationBudget(NESTED_BUDGET.solve) })
}
