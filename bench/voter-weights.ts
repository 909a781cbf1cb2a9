/**
 * Voter weights fitted by maximum likelihood: the weights (one per voter) under which the
 * ensemble's weighted product (read.ts `combineVotes`) gives the true digits of the given cells
 * the highest probability. A grid search, so the fit is plain to read and deterministic.
 *
 * bench:read fits them on four folds of printed puzzles and scores the fifth with them, so the
 * ensemble's figures do not depend on weights chosen by looking at the photos being scored; it
 * also prints the fit over all photos, which is where the shipped weights (digits/voters.ts) come from.
 */
import { combineVotes } from '../src/shared/vision/digits/votes'

/** One given cell: its true digit and each voter's nine probabilities, in `voters` order. */
export interface LabelledCell {
  readonly truth: number
  readonly probs: readonly ArrayLike<number>[]
}

/** The weights tried for every voter. Scaling all of them alike also sharpens or flattens. */
export const WEIGHT_STEPS = [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3]

/** Mean negative log-likelihood of the true digits under `weights`. */
export function ensembleLoss(cells: readonly LabelledCell[], weights: readonly number[]): number {
  const filled = cells.map(() => ({ filled: true }))
  const combined = combineVotes(
    filled,
    weights.map((weight, k) => ({ probs: cells.map((c) => c.probs[k]), weight })),
  )
  let loss = 0
  cells.forEach((c, i) => (loss -= Math.log(Math.max(1e-12, combined[i]![c.truth - 1]))))
  return loss / Math.max(1, cells.length)
}

/** The weights on the WEIGHT_STEPS lattice with the least loss (ties: the smaller sum). */
export function fitVoterWeights(cells: readonly LabelledCell[], voters: number): number[] {
  let best: { weights: number[]; loss: number } | null = null
  const visit = (prefix: number[]): void => {
    if (prefix.length === voters) {
      if (prefix.every((w) => w === 0)) return
      const loss = ensembleLoss(cells, prefix)
      if (!best || loss < best.loss - 1e-9) best = { weights: prefix, loss }
      return
    }
    for (const w of WEIGHT_STEPS) visit([...prefix, w])
  }
  visit([])
  return best!.weights
}
