/**
 * Forcing nets: like forcing chains, but a fact may rest on several earlier ones (a cell's last
 * digit once the assumption has removed the others), which SE calls dynamic forcing chains. When
 * singles alone prove nothing, the propagation also uses locked candidates ("dynamic plus").
 * These are the last resort: with them no puzzle needs a guess.
 */
import type { Candidates } from '../board'
import { FORCING_BASE, lengthBonus, round1 } from './explainer-scale'
import { forcingSteps } from './forcing-chain'
import type { PropagationOptions } from './forcing-propagation'
import { findFirstForcingProof } from './forcing-search'
import { forcingStep } from './forcing-text'
import type { Step } from './step'

/** The propagation of a nested net: locked candidates, and forcing chains inside each branch. */
const NESTED: PropagationOptions = { mode: 'net', lockedCandidates: true, nested: { mode: 'chain' } }

export function findForcingNet(cands: Candidates): Step[] {
  const steps = forcingSteps(cands, 'forcing-net', { mode: 'net' }, FORCING_BASE.net)
  if (steps.length) return steps
  const plus = forcingSteps(cands, 'forcing-net', { mode: 'net', lockedCandidates: true }, FORCING_BASE.netPlus)
  if (plus.length) return plus
  const proof = findFirstForcingProof(cands, NESTED)
  if (!proof) return []
  return [forcingStep('forcing-net', proof, round1(FORCING_BASE.nested + lengthBonus(proof.size)))]
}
