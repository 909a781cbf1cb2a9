/**
 * One cell's digit over a recorded session, from every shot at once: Viterbi over the states
 * nothing, 1-9 and pencil marks, where each change costs nats, so a lone misreading is outweighed
 * and a change that persists is kept. The cell's ink, where the watch measured it, weighs too.
 */
import type { Digit } from '../sudoku/board'

/** What one shot read in the cell: a digit's probabilities (index d - 1), pencil marks, or nothing. */
export type ShotReading = ArrayLike<number> | 'marks' | null

/** A run of shots [from, to) over which the cell holds one digit (0 for none: nothing or marks). */
export interface Segment {
  readonly from: number
  readonly to: number
  readonly digit: Digit | 0
  /** Per digit (index d - 1): the sum over the run's shots of the log of its reading's probability. */
  readonly logEvidence: Float64Array
  /** The run's shots that read a digit in the cell (the others add the same to every digit's evidence). */
  readonly readShots: number
}

/** Floor on a reading's probability: one confident misreading costs at most 5.3 nats (shots keep digits from 1%, PROBS_KEPT). */
export const MIN_PROB = 0.005
/** A digit read where none is written (a stray mark, a shadow): one shot in a hundred at most. */
export const GHOST_DIGIT = 0.01
/** A written digit read as no digit (a faint stroke cut by the cell's edge): as rare. */
export const MISSED_DIGIT = 0.01
/** Marks read where there are none: as rare as a ghost digit (none of 1,872 empty cells, bench:paper and the sessions). */
export const GHOST_MARKS = GHOST_DIGIT
/**
 * How a cell of pencil marks is read per shot, set from 640 pencilled cells of synthetic sessions
 * (23 read as a digit, 112 as nothing), kept as misreadings come in runs of shots.
 */
export const MARKS_AS_DIGIT = 0.04
export const MARKS_UNSEEN = 0.17
export const MARKS_SEEN = 1 - MARKS_AS_DIGIT - MARKS_UNSEEN
export const DIGIT_AS_MARKS = MIN_PROB
/** Nats a digit written into an empty cell costs: a ghost read once (4.6 nats) is cheaper than writing and erasing it (8). */
export const WRITE_COST = 2
/** Nats an erasure or overwrite costs: above one shot's worst reading (5.3 nats), so a change read in one shot only is no move. */
export const CHANGE_COST = 6
/** Nats a digit costs that gives way to pencil marks: no pen digit is rubbed out leaving graphite, so this is marks misread. */
export const BACK_TO_MARKS_COST = 2 * CHANGE_COST

/**
 * Nats added to a change where the cell's ink did not change (inkChanged): writing, erasing and
 * pencilling all change it. Set from bench:timelapse-session: 817 of 819 first shots of a written
 * cell saw its ink change, none of 66,906 others: -ln(2 / 819) = 6.0.
 */
export const UNINKED_CHANGE_COST = 6

/** Nats a digit costs for staying the same where ink arrived: no one writes over their own digit. Marks are not charged. */
export const ARRIVED_UNCHANGED_COST = UNINKED_CHANGE_COST

/**
 * The weight of a reading where the cell's ink did not change: the same ink looked at again repeats
 * its misreadings. Set from bench:timelapse-session: flat from 0.1 to 0.3, light pencil lost at 0.05.
 */
export const UNINKED_READING_WEIGHT = 0.2

/** How likely a digit is where the cell's middle measured under NEW_INK, which every pen digit adds: a speck read as one. */
export const BARE_CELL_DIGIT = MIN_PROB

/** What the watch measured of a cell at a shot (timelapse/trigger.ts). */
export interface ShotInk {
  /** How its ink changed since the shot before (inkChanged); undefined where not known, any change as likely. */
  readonly change: 'arrived' | 'went' | 'none' | undefined
  /** Its middle held less ink than a pen digit leaves (NEW_INK). */
  readonly bare: boolean
}

/** States: 0 nothing, 1-9 a digit, MARKS pencil marks. */
const MARKS = 10
const STATES = 11

/** The runs of one cell's states from each shot's reading and, where measured, the cell's ink. */
export function digitSegments(readings: readonly ShotReading[], ink?: readonly (ShotInk | undefined)[]): Segment[] {
  const n = readings.length
  if (!n) return []
  // cost[s]: the cheapest explanation so far ending in state s; back[i * STATES + s]: its previous
  // state. The live panel runs this for every cell at each shot, so the loop allocates nothing.
  let cost = Float64Array.from({ length: STATES }, (_, s) => emission(readings[0], s, ink?.[0]))
  let next = new Float64Array(STATES)
  const back = new Uint8Array(n * STATES)
  for (let i = 1; i < n; i++) {
    const change = ink?.[i]?.change
    const uninked = change === 'none' ? UNINKED_CHANGE_COST : 0
    const weight = change === 'none' ? UNINKED_READING_WEIGHT : 1
    for (let s = 0; s < STATES; s++) {
      const staysWritten = change === 'arrived' && s !== 0 && s !== MARKS ? ARRIVED_UNCHANGED_COST : 0
      let best = Infinity
      let bestFrom = 0
      for (let p = 0; p < STATES; p++) {
        const c = cost[p] + (p === s ? staysWritten : TRANSITION[p * STATES + s] + uninked)
        if (c < best) {
          best = c
          bestFrom = p
        }
      }
      back[i * STATES + s] = bestFrom
      next[s] = best + weight * emission(readings[i], s, ink?.[i])
    }
    ;[cost, next] = [next, cost]
  }
  const states = new Uint8Array(n)
  states[n - 1] = cost.indexOf(Math.min(...cost))
  for (let i = n - 1; i > 0; i--) states[i - 1] = back[i * STATES + states[i]]

  const segments: Segment[] = []
  for (let from = 0; from < n;) {
    let to = from + 1
    while (to < n && states[to] === states[from]) to++
    const logEvidence = new Float64Array(9)
    let readShots = 0
    for (let i = from; i < to; i++) {
      const reading = readings[i]
      if (reading && reading !== 'marks') readShots++
      for (let d = 0; d < 9; d++) logEvidence[d] += Math.log(Math.max(MIN_PROB, reading && reading !== 'marks' ? reading[d] : MISSED_DIGIT))
    }
    segments.push({ from, to, digit: states[from] === MARKS ? 0 : states[from], logEvidence, readShots })
    from = to
  }
  return segments
}

/** Nats a shot's reading, and the cell's ink then, cost in state `s`. */
function emission(reading: ShotReading, s: number, ink: ShotInk | undefined): number {
  if (s === 0) return reading === null ? 0 : -Math.log(reading === 'marks' ? GHOST_MARKS : GHOST_DIGIT)
  if (s === MARKS) return -Math.log(reading === null ? MARKS_UNSEEN : reading === 'marks' ? MARKS_SEEN : MARKS_AS_DIGIT)
  const bare = ink?.bare ? -Math.log(BARE_CELL_DIGIT) : 0
  if (reading === null) return bare - Math.log(MISSED_DIGIT)
  return bare - Math.log(reading === 'marks' ? DIGIT_AS_MARKS : Math.max(MIN_PROB, reading[s - 1]))
}

/** The cost of going from state `from` to state `to`: a digit written over marks costs as one in an empty cell. */

function transition(from: number, to: number): number {
  if (from === to) return 0
  if (from === 0 || from === MARKS) return WRITE_COST
  return to === MARKS ? BACK_TO_MARKS_COST : CHANGE_COST
}

/** transition(from, to) at [from * STATES + to]. */
const TRANSITION = Float64Array.from({ length: STATES * STATES }, (_, i) => transition(Math.floor(i / STATES), i % STATES))
