/**
 * One cell's digit over a recorded session, decided from every shot that shows it at once: the
 * digit (or none) per shot that best explains the readings, where each change costs something, so
 * a lone misreading is outweighed by the shots around it and a change that persists is kept. The
 * cheapest sequence of states is found exactly (Viterbi over the states "nothing", 1-9 and "pencil
 * marks"). Marks are a state of their own because a cell of marks is now and then read as one
 * unsure digit (its marks taken together), far more often than an empty cell shows a ghost digit:
 * a digit read in a few shots of a cell read as marks in the others is those marks, while a digit
 * written over the marks is read in every shot after and soon outweighs them. Where the watch
 * measured the cell's ink at each shot, a change at a shot where the ink stayed as it was costs
 * more (UNINKED_CHANGE_COST): nothing was written there; and such a shot's reading, the same ink
 * looked at again, counts for less (UNINKED_READING_WEIGHT). A digit read where the watch measured
 * less ink than any pen digit leaves is a stain or a speck read as one (BARE_CELL_DIGIT).
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

/**
 * Probabilities are floored here, so one confident misreading costs at most -ln(0.005) = 5.3 nats;
 * shots keep digits from 1% (timelapse/shots.ts's PROBS_KEPT), and below that the reader's figures
 * say only "unlikely".
 */
export const MIN_PROB = 0.005
/** A digit read where none is written (a stray mark, a shadow): one shot in a hundred at most. */
export const GHOST_DIGIT = 0.01
/** A written digit read as no digit (a faint stroke cut by the cell's edge): as rare. */
export const MISSED_DIGIT = 0.01
/**
 * Marks read where there are none (a smudge): taken as rare as a ghost digit; none of 1,872 empty
 * cells were (the pen val photos' 1,512, bench:paper; 360 readings of the sessions below).
 */
export const GHOST_MARKS = GHOST_DIGIT
/**
 * How a cell of pencil marks is read, per shot. Synthetic sessions (devkit/solving-session.ts,
 * seeds 11-30, marks 0.5, not the benchmark's seeds; two looks each;
 * training/paper/session-kinds.ts): 640 readings of pencilled cells, 600 as marks, 34 as
 * nothing (a light pencil below the ink cut), 6 as a digit; the pen val photos: 76 of 76 marks
 * cells as marks (bench:paper). Written digits were read as marks in 3 of 3,788 (the pen val
 * entries, the sessions' 1,200 written digits): no likelier than MIN_PROB, which caps what one
 * shot can cost. Both rates stay as measured before paper/marks-kind.ts overturned more of the cell
 * model's judgements (23 and 112 of 640 were read as a digit and as nothing): a cell's misreadings
 * come in runs of shots (the same ink, shaken a little), so two unsure digits running, or a spell
 * of shots that miss a light pencil, stay its marks.
 */
export const MARKS_AS_DIGIT = 0.04
export const MARKS_UNSEEN = 0.17
export const MARKS_SEEN = 1 - MARKS_AS_DIGIT - MARKS_UNSEEN
export const DIGIT_AS_MARKS = MIN_PROB
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
/**
 * Nats a digit costs that gives way to pencil marks. The marks are nearly always those it was
 * written over, and a pen digit cannot be rubbed out leaving the graphite under it, so this is far
 * likelier a cell of marks read for a while as one digit (its marks together) than a move. Twice
 * CHANGE_COST: a cell of marks read surely as a digit in up to four shots running (3.2 nats each as
 * marks, MARKS_AS_DIGIT) stays marks, where CHANGE_COST logged a write and an erasure from three
 * (bench:timelapse-session --ink-over-marks, seed 1: extra writes 6 -> 3, erasures 5 -> 2; no
 * other run of the benchmark's 15 changed).
 */
export const BACK_TO_MARKS_COST = 2 * CHANGE_COST

/**
 * Nats added to any change of state at a shot where the cell's ink did not change since the shot
 * before (the watch's measure, timelapse/trigger.ts's inkChanged): writing, erasing and pencilling
 * all change a cell's ink, so such a change is far likelier a misreading. On the 20 sessions of
 * bench:timelapse-session (seeds 1-10, and 1-5 with --mistakes and with --ink-over-marks), the
 * shot that first shows a digit written or a cell pencilled saw its ink change for 817 of 819
 * (the two missed: a pencilled 1 and 2, 0.011 of the cell, just under NEW_INK), and none of the
 * 66,906 other cell-shots saw a change: -ln(2 / 819) = 6.0 nats.
 */
export const UNINKED_CHANGE_COST = 6

/**
 * Nats a cell's digit costs for staying the same digit at a shot where ink arrived in the cell:
 * ink arrives where something is written, and no one writes over their own digit. The count
 * behind UNINKED_CHANGE_COST, read the other way round: every cell-shot where the watch saw ink
 * change first showed a digit or a pencilled cell (817; none of the 66,906 others). Without it, a
 * cell read as an unsure digit from the first shot on kept that digit where the same digit was
 * later written over it, and the log had no move there (image1049's crease in r9c6, read 6 at 0.7
 * and 8 at 0.08 from the first shot, settled to the solution's 8: the 8 written there, read 8 at
 * 0.98, was taken for the crease's reading all along). Nothing and marks are not charged: marks
 * are added to a cell's marks over time.
 */
export const ARRIVED_UNCHANGED_COST = UNINKED_CHANGE_COST

/**
 * The weight of a shot's reading where the cell's ink did not change since the shot before: the
 * same ink, shaken a little, is mostly the same look again, so its misreadings repeat. Over the 35
 * runs of bench:timelapse-session, a written digit's cell read wrong (another digit or none) was
 * read wrong again at 122 of the 126 next shots with its ink unchanged (96.8%), against 4 of
 * 20,758 after a right reading. Counted in full, a run of such shots outweighed any change cost:
 * seed 13's cell of marks read as a 2 in its first 19 shots was logged as a 2 written, then
 * erased. It costs a digit whose ink the watch never sees: `--mistakes` seed 4's faint 5 (a sample
 * the session then drew too thin, devkit's penCore), read unsure in 12 shots and then in none, was
 * no move, where it had been logged written, then erased. The move log's figures are flat from
 * 0.1 to 0.3; 0.5 changes nothing, and at 0.05 and below pencilled cells are lost (a light pencil
 * read in some shots only needs them summed).
 */
export const UNINKED_READING_WEIGHT = 0.2

/**
 * How likely a pen digit is in a cell where the watch measured its middle bare: under the trigger's
 * NEW_INK, which each written digit adds at least (it is how the trigger shoots them). Of the 1,500
 * digits written in bench:timelapse-session's 50 runs, none measured under 0.027 at a shot that
 * shows it. Something in an empty cell can be read as an unsure digit from the first shot on
 * (image1045's r5c7, ink 0.000, read 6 at 0.39 and 8 at 0.28; image1049's r9c3), and that digit,
 * settled to the solution, hid the 8 written there later. As unlikely as the least reading counts
 * (MIN_PROB).
 */
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

/**
 * The runs of one cell's states from what each shot read there, and, where the watch measured it,
 * the cell's ink at each shot (undefined: not measured).
 */
export function digitSegments(readings: readonly ShotReading[], ink?: readonly (ShotInk | undefined)[]): Segment[] {
  const n = readings.length
  if (!n) return []
  // cost[s]: the cheapest explanation of the shots so far ending in state s; back[i * STATES + s]:
  // its previous state. The live panel runs this for every cell over every shot at each new shot,
  // so the loop allocates nothing.
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

/**
 * Pencil marks come and go and a digit is written over them, as into an empty cell (WRITE_COST);
 * a digit erased or overwritten, nothing or another digit in its place, is CHANGE_COST, and marks
 * in its place BACK_TO_MARKS_COST.
 */
function transition(from: number, to: number): number {
  if (from === to) return 0
  if (from === 0 || from === MARKS) return WRITE_COST
  return to === MARKS ? BACK_TO_MARKS_COST : CHANGE_COST
}

/** transition(from, to) at [from * STATES + to]. */
const TRANSITION = Float64Array.from({ length: STATES * STATES }, (_, i) => transition(Math.floor(i / STATES), i % STATES))
