/**
 * One cell's digit over a recorded session, decided from every shot that shows it at once: the
 * digit (or none) per shot that best explains the readings, where each change costs something, so
 * a lone misreading is outweighed by the shots around it and a change that persists is kept. The
 * cheapest sequence of states is found exactly (Viterbi over the states "no digit" and 1-9).
 */
import type { Digit } from './sudoku/board'

/** A run of shots [from, to) over which the cell holds one digit (0 for none). */
export interface Segment {
  readonly from: number
  readonly to: number
  readonly digit: Digit | 0
  /** Per digit (index d - 1): the sum over the run's shots of the log of its reading's probability. */
  readonly logEvidence: Float64Array
}

/**
 * Probabilities are floored here, so one confident misreading costs at most -ln(0.005) = 5.3 nats;
 * shots keep digits from 1% (timelapse-shots.ts's PROBS_KEPT), and below that the reader's figures
 * say only "unlikely".
 */
export const MIN_PROB = 0.005
/** A digit read where none is written (a stray mark, a shadow): one shot in a hundred at most. */
export const GHOST_DIGIT = 0.01
/** A written digit read as no digit (a faint stroke cut by the cell's edge): as rare. */
export const MISSED_DIGIT = 0.01
/**
 * Nats a digit written into an empty cell costs: enough that a ghost read in one shot (4.6 nats as
 * a ghost) is cheaper than writing and erasing it (WRITE_COST + CHANGE_COST = 8).
 */
export const WRITE_COST = 2
/**
 * Nats an erasure or an overwrite costs: more than any one shot's reading can outweigh (5.3 nats at
 * most, see MIN_PROB), so a change read in one shot only, the last one included, is no move, while
 * one read surely in two shots (up to 10.6 nats) is. Above the 4.6 nats of a ghost too, so a lone
 * misreading just before a digit is first read is a ghost, not a digit then overwritten.
 */
export const CHANGE_COST = 6

/** The runs of one cell's states; `readings[i]` is shot i's digit probabilities (index d - 1), or null for no digit. */
export function digitSegments(readings: readonly (ArrayLike<number> | null)[]): Segment[] {
  const n = readings.length
  if (!n) return []
  const STATES = 10
  // cost[s]: the cheapest explanation of the shots so far ending in state s; back[i][s]: its previous state.
  let cost = Float64Array.from({ length: STATES }, (_, s) => emission(readings[0], s))
  const back: Uint8Array[] = [new Uint8Array(STATES)]
  for (let i = 1; i < n; i++) {
    const next = new Float64Array(STATES)
    const from = new Uint8Array(STATES)
    for (let s = 0; s < STATES; s++) {
      let best = Infinity
      for (let p = 0; p < STATES; p++) {
        const c = cost[p] + transition(p, s)
        if (c < best) [best, from[s]] = [c, p]
      }
      next[s] = best + emission(readings[i], s)
    }
    cost = next
    back.push(from)
  }
  const states = new Uint8Array(n)
  states[n - 1] = cost.indexOf(Math.min(...cost))
  for (let i = n - 1; i > 0; i--) states[i - 1] = back[i][states[i]]

  const segments: Segment[] = []
  for (let from = 0; from < n;) {
    let to = from + 1
    while (to < n && states[to] === states[from]) to++
    const logEvidence = new Float64Array(9)
    for (let i = from; i < to; i++) for (let d = 0; d < 9; d++) logEvidence[d] += Math.log(Math.max(MIN_PROB, readings[i]?.[d] ?? MISSED_DIGIT))
    segments.push({ from, to, digit: states[from], logEvidence })
    from = to
  }
  return segments
}

/** Nats a shot's reading costs in state `s` (0: no digit). */
function emission(reading: ArrayLike<number> | null, s: number): number {
  if (!reading) return s === 0 ? 0 : -Math.log(MISSED_DIGIT)
  return s === 0 ? -Math.log(GHOST_DIGIT) : -Math.log(Math.max(MIN_PROB, reading[s - 1]))
}

function transition(from: number, to: number): number {
  if (from === to) return 0
  return from === 0 ? WRITE_COST : CHANGE_COST
}
