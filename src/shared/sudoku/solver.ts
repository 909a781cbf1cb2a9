/**
 * The solver: counts the solutions of a grid up to a limit (limit 2 answers "is it unique?")
 * and returns the first two, after tdoku's API.
 *
 * Representation (see `solver-tables.ts`): for each digit, one 27-bit mask per band of the
 * cells where it is still possible, plus one 27-bit mask per band of the unsolved cells; 30
 * 32-bit integers in all. The whole search lives in one preallocated `Int32Array`, one 32-word
 * slot per search depth, so the hot loop allocates nothing.
 *
 * Propagation, per digit and band, in bulk with table lookups (the band approach of
 * zhouyundong's JCZSolve and of fsss2, written afresh here for 32-bit JavaScript integers):
 * - box-line reductions inside a band: keep only the minirows that fit some placement of the
 *   digit once per row and once per box;
 * - the same between bands, per stack of three boxes, on columns;
 * - hidden singles: after those reductions a digit alone in a box or column is also alone in
 *   its row, so only rows are checked; naked singles (cells with one digit left).
 * Search: guess on a two-candidate cell chosen by how much either guess removes (see
 * `guessCell`), else on a cell with the fewest candidates.
 *
 * Synchronous, with no DOM or Node dependency: the app runs it in a Web Worker and cancels it
 * by terminating the worker. The input grid is never modified; the scratch memory is reused
 * between calls, which is safe because a call always runs to completion before the next.
 *
 * Over 300 lines: propagation, singles and the guess share the one scratch array and its offsets in
 * the hot loop; kept in one module so that loop stays one unit for the JIT (the tables, which have
 * no such tie, are in solver-tables.ts).
 */
import type { Grid } from './board'
import { bandTables } from './solver-tables'

// Local bindings: some module loaders (tsx, CommonJS interop) turn every use of an imported
// binding into a getter call, which costs more than the work in the hot loop.
const {
  CELL_BAND,
  CELL_BAND_PEERS,
  CELL_BIT,
  CELL_COLUMN,
  CELL_PEERS_BY_BAND,
  LOCKED_COLUMN,
  MINIROW_MATCHING,
  ROW_TO_BOXES,
  SINGLE_CELL_ROW,
  THIRD_BAND_COLUMNS,
} = bandTables

export interface SolveOptions {
  /** Stop counting after this many solutions (2 answers "is it unique?"). Default 1. */
  readonly limit?: number
}

export interface SolveResult {
  /** Solutions found, at most `limit`. */
  readonly count: number
  /** The first solution found, or null when there is none. */
  readonly solution: Grid | null
  /** A second, different solution when `count >= 2`. */
  readonly second: Grid | null
}

const ALL_BAND = 0x7ffffff
/** Words per search state: 27 digit-band masks (index digit * 3 + band), 3 unsolved masks. */
const STATE = 32
const UNSOLVED = 27
/** Each guess solves at least one cell, so the search is never deeper than 81 guesses. */
const MAX_DEPTH = 82

const DIGIT_OF_INDEX = Uint8Array.from({ length: 27 }, (_, i) => Math.floor(i / 3))

/**
 * The search states, one slot per depth. Functions read it through a local `st` alias, which
 * lets V8 keep the array at hand (about 6% faster).
 */
const states = new Int32Array(STATE * (MAX_DEPTH + 1))
const solutions = [new Uint8Array(81), new Uint8Array(81)]
let limit = 1
let count = 0

export function solve(grid: Grid, options: SolveOptions = {}): SolveResult {
  limit = Math.max(1, Math.floor(options.limit ?? 1))
  count = 0
  if (grid.length === 81 && setUp(grid) && propagate(0, ALL_BAND)) search(0)
  return {
    count,
    solution: count >= 1 ? solutions[0].slice() : null,
    second: count >= 2 ? solutions[1].slice() : null,
  }
}

/** Fills state 0 from the givens; false when a given is not a digit or clashes with another. */
function setUp(grid: Grid): boolean {
  states.fill(ALL_BAND, 0, UNSOLVED + 3)
  for (let cell = 0; cell < 81; cell++) {
    const value = grid[cell]
    if (value === 0) continue
    if (value > 9 || !placeGiven(value - 1, cell)) return false
  }
  return true
}

/**
 * Places digit d (0-based) in `cell` of state 0, checking everything: d must still be possible
 * there and no peer may already hold it. Only used for the givens; during the search the
 * reductions keep the state consistent, so placements need no checks.
 */
function placeGiven(d: number, cell: number): boolean {
  const st = states
  const band = CELL_BAND[cell]
  const bit = CELL_BIT[cell]
  if ((st[d * 3 + band] & bit) === 0) return false
  const unsolved = st[UNSOLVED + band] & ~bit
  st[UNSOLVED + band] = unsolved
  for (let e = 0; e < 9; e++) if (e !== d) st[e * 3 + band] &= ~bit
  const peers = CELL_BAND_PEERS[cell]
  if (st[d * 3 + band] & peers & ~unsolved) return false
  st[d * 3 + band] &= ~peers
  const column = CELL_COLUMN[cell]
  for (let b = 0; b < 3; b++) {
    if (b === band) continue
    if (st[d * 3 + b] & column & ~st[UNSOLVED + b]) return false
    st[d * 3 + b] &= ~column
  }
  return true
}

function search(level: number): void {
  const st = states
  const s = level * STATE
  if ((st[s + UNSOLVED] | st[s + UNSOLVED + 1] | st[s + UNSOLVED + 2]) === 0) {
    if (count < 2) record(s, solutions[count])
    count++
    return
  }
  const cell = guessCell(s)
  const band = CELL_BAND[cell]
  const bit = CELL_BIT[cell]
  let digits = 0
  for (let d = 0; d < 9; d++) digits |= (-(st[s + d * 3 + band] & bit) >>> 31) << d
  while (digits !== 0) {
    const d = 31 - Math.clz32(digits & -digits)
    digits &= digits - 1
    if (digits === 0) {
      // The last candidate needs no copy: this level's state is not needed afterwards.
      if (propagate(s, guess(s, d, cell))) search(level)
      return
    }
    const t = s + STATE
    for (let k = 0; k < 30; k++) st[t + k] = st[s + k]
    if (propagate(t, guess(t, d, cell))) search(level + 1)
    if (count >= limit) return
  }
}

/**
 * Solves `cell` with digit d: the cell loses its other digits, its peers lose d. The state is
 * at a fixpoint and d is still possible in the cell, so no peer already holds d. Returns the
 * digit-band masks that changed (bit `digit * 3 + band`).
 */
function guess(s: number, d: number, cell: number): number {
  const st = states
  const band = CELL_BAND[cell]
  const bit = CELL_BIT[cell]
  let dirty = 0
  for (let e = 0, i = s + band; e < 9; e++, i += 3) {
    if (e !== d && st[i] & bit) {
      st[i] &= ~bit
      dirty |= 1 << (i - s)
    }
  }
  st[s + UNSOLVED + band] &= ~bit
  const base = s + d * 3
  st[base] &= band === 0 ? ~CELL_BAND_PEERS[cell] : ~CELL_COLUMN[cell]
  st[base + 1] &= band === 1 ? ~CELL_BAND_PEERS[cell] : ~CELL_COLUMN[cell]
  st[base + 2] &= band === 2 ? ~CELL_BAND_PEERS[cell] : ~CELL_COLUMN[cell]
  return dirty | (7 << (d * 3))
}

/**
 * Runs the reductions until nothing changes, starting from the digit-band masks in `dirty`
 * (bit `digit * 3 + band`) that changed since their last update; false on a contradiction.
 *
 * Why a state with no unsolved cell that comes out of here is a valid solution, with no check
 * on each placement: every digit keeps at least one cell in each row of each band (else its
 * minirow matching is empty) and every cell keeps at most one digit, so the 81 cells hold one
 * digit each, once per row; the matching then puts it once per box and the column reductions
 * once per column. Every reduction only removes digits that no solution can use, so no
 * solution is lost either.
 */
function propagate(s: number, dirty: number): boolean {
  for (;;) {
    let touched = 0
    while (dirty !== 0) {
      const d = DIGIT_OF_INDEX[31 - Math.clz32(dirty & -dirty)]
      const bands = (dirty >> (d * 3)) & 7
      dirty &= ~(7 << (d * 3))
      const changed = updateDigit(s, d, bands)
      if (changed < 0) return false
      touched |= changed & 7
      dirty |= changed >> 3
    }
    dirty = nakedSingles(s, touched)
    if (dirty <= 0) return dirty === 0
  }
}

/**
 * Box-line reductions within and between the bands of digit d, until they change nothing;
 * then every unsolved cell that is the only one left for d in its row is solved: by then the
 * reductions have already removed d from its row, column and box, so solving it only means
 * taking the other digits out of the cell. `bands` (bit b) are the bands of d that changed
 * since its last update. Returns -1 on a contradiction, else the bands of d that changed in all
 * (bits 0-2) and, shifted left by 3, the digit-band masks of other digits that the row singles
 * changed.
 */
function updateDigit(s: number, d: number, bands: number): number {
  const st = states
  const i = s + d * 3
  let a0 = st[i]
  let a1 = st[i + 1]
  let a2 = st[i + 2]
  const u0 = st[s + UNSOLVED]
  const u1 = st[s + UNSOLVED + 1]
  const u2 = st[s + UNSOLVED + 2]
  // Only a band that lost cells can lose minirows.
  if (bands & 1) a0 &= MINIROW_MATCHING[ROW_TO_BOXES[a0 & 511] | (ROW_TO_BOXES[(a0 >> 9) & 511] << 3) | (ROW_TO_BOXES[a0 >> 18] << 6)]
  if (bands & 2) a1 &= MINIROW_MATCHING[ROW_TO_BOXES[a1 & 511] | (ROW_TO_BOXES[(a1 >> 9) & 511] << 3) | (ROW_TO_BOXES[a1 >> 18] << 6)]
  if (bands & 4) a2 &= MINIROW_MATCHING[ROW_TO_BOXES[a2 & 511] | (ROW_TO_BOXES[(a2 >> 9) & 511] << 3) | (ROW_TO_BOXES[a2 >> 18] << 6)]
  for (;;) {
    if (a0 === 0 || a1 === 0 || a2 === 0) return -1
    const c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511
    const c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511
    const c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511
    const n0 = a0 & ~(LOCKED_COLUMN[c1] | LOCKED_COLUMN[c2]) & THIRD_BAND_COLUMNS[c1 | c2]
    const n1 = a1 & ~(LOCKED_COLUMN[c0] | LOCKED_COLUMN[c2]) & THIRD_BAND_COLUMNS[c0 | c2]
    const n2 = a2 & ~(LOCKED_COLUMN[c0] | LOCKED_COLUMN[c1]) & THIRD_BAND_COLUMNS[c0 | c1]
    if (n0 === a0 && n1 === a1 && n2 === a2) break
    if (n0 !== a0) {
      a0 = n0 & MINIROW_MATCHING[ROW_TO_BOXES[n0 & 511] | (ROW_TO_BOXES[(n0 >> 9) & 511] << 3) | (ROW_TO_BOXES[n0 >> 18] << 6)]
      bands |= 1
    }
    if (n1 !== a1) {
      a1 = n1 & MINIROW_MATCHING[ROW_TO_BOXES[n1 & 511] | (ROW_TO_BOXES[(n1 >> 9) & 511] << 3) | (ROW_TO_BOXES[n1 >> 18] << 6)]
      bands |= 2
    }
    if (n2 !== a2) {
      a2 = n2 & MINIROW_MATCHING[ROW_TO_BOXES[n2 & 511] | (ROW_TO_BOXES[(n2 >> 9) & 511] << 3) | (ROW_TO_BOXES[n2 >> 18] << 6)]
      bands |= 4
    }
  }
  st[i] = a0
  st[i + 1] = a1
  st[i + 2] = a2
  // New row singles can only appear in a band whose mask changed.
  let others = 0
  if (bands & 1) others |= solveRowSingles(s, d, 0, a0, u0)
  if (bands & 2) others |= solveRowSingles(s, d, 1, a1, u1)
  if (bands & 4) others |= solveRowSingles(s, d, 2, a2, u2)
  return bands | (others << 3)
}

/** Returns the digit-band masks of the other digits that lost a cell. */
function solveRowSingles(s: number, d: number, band: number, a: number, unsolved: number): number {
  const st = states
  if ((a & unsolved) === 0) return 0
  const single = (SINGLE_CELL_ROW[a & 511] | (SINGLE_CELL_ROW[(a >> 9) & 511] << 9) | (SINGLE_CELL_ROW[a >> 18] << 18)) & unsolved
  if (single === 0) return 0
  st[s + UNSOLVED + band] = unsolved & ~single
  // Branch-free: which digits lose a cell is unpredictable, so branching on it is slow.
  let changed = 0
  for (let i = s + band, end = s + 27; i < end; i += 3) {
    const x = st[i]
    st[i] = x & ~single
    changed |= (-(x & single) >>> 31) << (i - s)
  }
  st[s + d * 3 + band] = a
  return changed & ~(1 << (d * 3 + band))
}

/**
 * Solves every unsolved cell with one digit left, taking that digit out of its row, column and
 * box. Returns -1 when a cell has no digit left, else the digit-band masks that changed. Only
 * the given bands are looked at: a band where no digit lost a cell since the last look cannot
 * have a new single or an empty cell.
 */
function nakedSingles(s: number, bands: number): number {
  const st = states
  let dirty = 0
  for (let band = 0; band < 3; band++) {
    if ((bands & (1 << band)) === 0) continue
    const unsolved = st[s + UNSOLVED + band]
    if (unsolved === 0) continue
    let ones = 0
    let twos = 0
    for (let i = s + band, end = s + 27; i < end; i += 3) {
      const x = st[i]
      twos |= ones & x
      ones |= x
    }
    if (unsolved & ~ones) return -1
    const single = unsolved & ~twos
    if (single === 0) continue
    st[s + UNSOLVED + band] = unsolved & ~single
    for (let d = 0; d < 9; d++) {
      const i = s + d * 3 + band
      let hits = st[i] & single
      if (hits === 0) continue
      dirty |= 7 << (d * 3)
      const base = s + d * 3
      for (; hits !== 0; hits &= hits - 1) {
        const cell = band * 27 + 31 - Math.clz32(hits & -hits)
        st[i] &= ~CELL_BAND_PEERS[cell]
        const column = ~CELL_COLUMN[cell]
        if (band !== 0) st[base] &= column
        if (band !== 1) st[base + 1] &= column
        if (band !== 2) st[base + 2] &= column
      }
    }
    // Two singles with the same digit in one unit take that digit from each other.
    let kept = 0
    for (let i = s + band, end = s + 27; i < end; i += 3) kept |= st[i]
    if ((kept & single) !== single) return -1
  }
  return dirty
}

/**
 * The cell to guess on: among the cells with two candidates, the one whose digits are still
 * possible in the most unsolved peers, counting twice the peers that have two candidates
 * themselves (a guess there sets off a chain of singles). This finds the answer with about
 * half the guesses of taking the first such cell on the hardest puzzles. When no cell has
 * two candidates, the first cell with the fewest.
 */
function guessCell(s: number): number {
  const st = states
  const u0 = st[s + UNSOLVED]
  const u1 = st[s + UNSOLVED + 1]
  const u2 = st[s + UNSOLVED + 2]
  const pairs0 = twoCandidateCells(s, 0)
  const pairs1 = twoCandidateCells(s, 1)
  const pairs2 = twoCandidateCells(s, 2)
  let best = -1
  let bestScore = -1
  for (let band = 0; band < 3; band++) {
    const pairs = band === 0 ? pairs0 : band === 1 ? pairs1 : pairs2
    if (pairs === 0) continue
    // The digits of the band's pair cells, loaded once for all of them.
    const i = s + band
    const x0 = st[i] & pairs
    const x1 = st[i + 3] & pairs
    const x2 = st[i + 6] & pairs
    const x3 = st[i + 9] & pairs
    const x4 = st[i + 12] & pairs
    const x5 = st[i + 15] & pairs
    const x6 = st[i + 18] & pairs
    const x7 = st[i + 21] & pairs
    const x8 = st[i + 24] & pairs
    for (let rest = pairs; rest !== 0; rest &= rest - 1) {
      const pos = 31 - Math.clz32(rest & -rest)
      const cell = band * 27 + pos
      const digits =
        ((x0 >>> pos) & 1) |
        (((x1 >>> pos) & 1) << 1) |
        (((x2 >>> pos) & 1) << 2) |
        (((x3 >>> pos) & 1) << 3) |
        (((x4 >>> pos) & 1) << 4) |
        (((x5 >>> pos) & 1) << 5) |
        (((x6 >>> pos) & 1) << 6) |
        (((x7 >>> pos) & 1) << 7) |
        (((x8 >>> pos) & 1) << 8)
      const i1 = s + (31 - Math.clz32(digits & -digits)) * 3
      const i2 = s + (31 - Math.clz32(digits)) * 3
      const p = cell * 3
      const m0 = (st[i1] | st[i2]) & CELL_PEERS_BY_BAND[p]
      const m1 = (st[i1 + 1] | st[i2 + 1]) & CELL_PEERS_BY_BAND[p + 1]
      const m2 = (st[i1 + 2] | st[i2 + 2]) & CELL_PEERS_BY_BAND[p + 2]
      const score = popcount3(m0 & u0, m1 & u1, m2 & u2) + 2 * popcount3(m0 & pairs0, m1 & pairs1, m2 & pairs2)
      if (score > bestScore) {
        bestScore = score
        best = cell
      }
    }
  }
  return best >= 0 ? best : fewestCandidatesCell(s)
}

/** The unsolved cells of a band with exactly two candidates. */
function twoCandidateCells(s: number, band: number): number {
  const st = states
  let ones = 0
  let twos = 0
  let threes = 0
  for (let i = s + band, end = s + 27; i < end; i += 3) {
    const x = st[i]
    threes |= twos & x
    twos |= ones & x
    ones |= x
  }
  return st[s + UNSOLVED + band] & twos & ~threes
}

function fewestCandidatesCell(s: number): number {
  const st = states
  let best = -1
  let bestCount = 10
  for (let band = 0; band < 3; band++) {
    for (let rest = st[s + UNSOLVED + band]; rest !== 0; rest &= rest - 1) {
      const bit = rest & -rest
      let n = 0
      for (let i = s + band, end = s + 27; i < end; i += 3) if (st[i] & bit) n++
      if (n < bestCount) {
        bestCount = n
        best = band * 27 + 31 - Math.clz32(bit)
      }
    }
  }
  return best
}

/** The number of bits set in three 27-bit masks together (SWAR, summing the nibble counts). */
function popcount3(a: number, b: number, c: number): number {
  a -= (a >>> 1) & 0x55555555
  b -= (b >>> 1) & 0x55555555
  c -= (c >>> 1) & 0x55555555
  const x = (a & 0x33333333) + ((a >>> 2) & 0x33333333) + (b & 0x33333333) + ((b >>> 2) & 0x33333333) + (c & 0x33333333) + ((c >>> 2) & 0x33333333)
  return Math.imul((x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24
}

function record(s: number, out: Uint8Array): void {
  const st = states
  for (let d = 0; d < 9; d++) {
    for (let band = 0; band < 3; band++) {
      for (let m = st[s + d * 3 + band]; m !== 0; m &= m - 1) out[band * 27 + 31 - Math.clz32(m & -m)] = d + 1
    }
  }
}
