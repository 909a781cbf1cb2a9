/**
 * The voters' ensemble: each voter gives per filled cell 9 probabilities, combined as a weighted
 * product (sum of weighted logs, each floored so that one voter cannot veto a digit), normalised.
 */
import type { CellImage } from '../cells/extract-cells'
import type { DigitVoter, Votes } from '../read-types'

/** Votes kept only for the cells still filled (the others' become null). */
export function maskVotes(votes: Votes, cells: readonly { filled: boolean }[]): Votes {
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
 * Each voter's probabilities, in order (a voter sees those before it); voters already in `known`
 * are not asked again. `after` is told each voter's name once it has voted (for timings).
 */
export async function castVotes(voters: readonly DigitVoter[], cells: readonly CellImage[], known: Votes = {}, after?: (name: string) => void): Promise<Votes> {
  const votes: Votes = { ...known }
  for (const voter of voters) {
    votes[voter.name] ??= await voter.vote(cells, votes)
    after?.(voter.name)
  }
  return votes
}

/** The voters' weighted ensemble (combineVotes) of `votes`. */
export function ensembleOf(voters: readonly DigitVoter[], cells: readonly CellImage[], votes: Votes): (Float32Array | null)[] {
  return combineVotes(
    cells,
    voters.map((v) => ({ probs: votes[v.name], weight: v.weight ?? 1 })),
  )
}

/** The mean probability of each voted cell's best digit. */
export function meanBest(probs: readonly (ArrayLike<number> | null)[]): number {
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
