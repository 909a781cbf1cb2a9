/**
 * Forcing chains: assume a candidate true or false and follow the implications that need one
 * premise each (a cell or unit with only two options left), as in Sudoku Explainer's forcing
 * chains. A contradiction, or the same fact from every case of a cell, a unit or a candidate's
 * two values, is proven (engine/forcing-search.ts).
 */
import type { Candidates, Grid } from '../../board'
import { FORCING_BASE, forcingDifficulty } from '../explainer-scale'
import { type ForcingCandidate, type ForcingKind, type ForcingProof, findFirstForcingProof, findForcingProofs, prove } from '../engine/forcing-search'
import { forcingStep } from '../engine/forcing-text'
import type { FindOptions, Step, Technique } from '../step'
import type { PropagationOptions } from '../engine/forcing-propagation'

/**
 * Steps returned per state: a hint shows one and the steps list a few; writing out every proof
 * (there can be hundreds) would cost more than finding them.
 */
export const FORCING_MAX_STEPS = 5

/**
 * The easiest proofs as steps (lowest SE figure, then fewest implications), or with `first` the
 * first proof found.
 */
export function forcingSteps(
  cands: Candidates,
  technique: Technique,
  options: PropagationOptions,
  base: Record<ForcingKind, number>,
  find?: FindOptions,
): Step[] {
  // Each branch's path is a chain of its own; SE rates a forcing step by all of them together.
  const toStep = (proof: ForcingProof): Step => forcingStep(technique, proof, forcingDifficulty(base, proof.kind, proof.branches.length, proof.size))
  if (find?.first) {
    const proof = findFirstForcingProof(cands, options)
    return proof ? [toStep(proof)] : []
  }
  const figure = (c: ForcingCandidate): number => forcingDifficulty(base, c.kind, c.branches.length, c.estimate)
  const ranked = findForcingProofs(cands, options).sort((a, b) => figure(a) - figure(b) || a.estimate - b.estimate)
  return ranked.slice(0, FORCING_MAX_STEPS).map((candidate) => toStep(prove(candidate)))
}

export function findForcingChain(cands: Candidates, _grid?: Grid, find?: FindOptions): Step[] {
  return forcingSteps(cands, 'forcing-chain', { mode: 'chain' }, FORCING_BASE.chain, find)
}
