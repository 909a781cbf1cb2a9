/**
 * What follows from an assumption: the engine under forcing chains and forcing nets.
 *
 * From assumed facts (engine/forcing-facts.ts) the propagation derives, breadth-first,
 * - from "c is d": every other digit of c is false, and d is false in every peer of c;
 * - from "c is not d": the last digit left in c is true (naked single), and the last place left for
 *   d in each unit of c is true (hidden single);
 * - (nets with `lockedCandidates`) when a digit's places left in a box all lie in one row or column,
 *   it is false in the rest of that line, and the same the other way round.
 * It stops at the first contradiction: a fact and its opposite, a cell with no digit left, or a
 * digit with no place left in a unit. Each derived fact keeps the facts it came from, so the
 * reasoning can be shown as implications.
 *
 * Every rule is a rule of Sudoku applied to the assumption, so whatever is derived holds whenever
 * the assumptions do: that is what makes forcing chains and nets sound.
 *
 * 'chain' mode allows only implications with one premise (a naked or hidden single from one false
 * fact needs the cell or unit to have had only two options to begin with), which is what Sudoku
 * Explainer calls a forcing chain; 'net' mode lets a fact rest on several earlier ones (a dynamic
 * forcing chain, or forcing net).
 *
 * Speed: a search runs several hundred propagations per state (and a nested one, hundreds inside
 * each), so the engine works in preallocated typed arrays (one set per nesting level), keeps the
 * places left per unit and digit as counts instead of rescanning units, and copies out only what a
 * caller keeps.
 *
 * Over 300 lines: one engine whose preallocated typed arrays (candidates, places left per unit,
 * facts and their premises) every rule reads and writes in the innermost loop of the forcing search;
 * the facts' encoding is in engine/forcing-facts.ts, the contradictions' write-out in
 * engine/forcing-contradiction.ts.
 */
import { type Candidates, type Cell, type Digit, CELLS, allUnits, bitCount, boxOf, colOf, peers, rowOf, unitsOfCell } from '../../board'
import { Broken, contradictionOf, outerPremises } from './forcing-contradiction'
import { FACTS, FACT_WORDS, type Fact, Propagation, ReasonCode } from './forcing-facts'

export interface PropagationOptions {
  readonly mode: 'chain' | 'net'
  /** Also apply locked candidates (nets only; a "dynamic forcing chain plus" in Sudoku Explainer). */
  readonly lockedCandidates?: boolean
  /**
   * Nested forcing (SE's "nested forcing chains"): whenever the propagation stalls, every candidate
   * left is assumed true with these options, in the state reached; one that leads to a
   * contradiction is false. Inner options must not nest again: one level is the cap, because each
   * level multiplies the work by the number of candidates (a few hundred).
   */
  readonly nested?: PropagationOptions
  /** Counts every propagation run, inner ones included; nested passes stop when it runs out. */
  readonly budget?: PropagationBudget
}

/**
 * A cap on work counted in propagations, never in time, so a capped search finds the same proof
 * on every machine. A propagation cut short by it is still sound: it only knows less.
 */
export class PropagationBudget {
  constructor(public left: number) {}
  get spent(): boolean {
    return this.left <= 0
  }
}

/** A state to assume from, with the counts the propagation keeps up to date. */
export class PropagationStart {
  readonly cands: Uint16Array
  /** Places per unit and digit: `places[unit * 9 + digit - 1]`. */
  readonly places = new Uint8Array(27 * 9)
  constructor(cands: Candidates) {
    this.cands = Uint16Array.from(cands)
    for (let cell = 0; cell < CELLS; cell++)
      for (let m = this.cands[cell]; m; m &= m - 1) {
        const d = 31 - Math.clz32(m & -m)
        for (let k = 0; k < 3; k++) this.places[CELL_UNITS[cell * 3 + k] * 9 + d]++
      }
  }
}

// Flat copies of board.ts's tables: the hot loop reads them millions of times per search.
const PEERS = Uint8Array.from(peers.flat())
const UNIT_CELLS = Uint8Array.from(allUnits.flat())
const CELL_UNITS = Uint8Array.from(unitsOfCell.flat())
const ROW_OF = Uint8Array.from({ length: CELLS }, (_, c) => rowOf(c))
const COL_OF = Uint8Array.from({ length: CELLS }, (_, c) => colOf(c))
const BOX_OF = Uint8Array.from({ length: CELLS }, (_, c) => boxOf(c))
// ReasonCode's values as local constants: read once, not through the module on every fact.
const { Assumed, Excluded, NakedSingle, HiddenSingle, Locked, Nested } = ReasonCode
const POPCOUNT = Uint8Array.from({ length: 512 }, (_, m) => bitCount(m))
// Local versions of engine/forcing-facts.ts's helpers, for the same reason.
const cellOfFact = (fact: Fact): Cell => ((fact >> 1) / 9) | 0
const digitOfFact = (fact: Fact): Digit => ((fact >> 1) % 9) + 1
const fact = (cell: Cell, digit: Digit, isTrue: number): Fact => ((cell * 9 + digit - 1) << 1) | isTrue
const lowestDigit = (mask: number): Digit => 32 - Math.clz32(mask & -mask)

/** The position of a mask's one bit. */
const indexOf = (mask: number): number => 31 - Math.clz32(mask)
const unitHas = (unit: number, cell: Cell): boolean => CELL_UNITS[cell * 3] === unit || CELL_UNITS[cell * 3 + 1] === unit || CELL_UNITS[cell * 3 + 2] === unit

/** Premises one fact can have at most, but for nested ones: a cell's other 8 digits or a unit's other 8 places. */
const POOL_PER_FACT = 9

export function propagate(cands: Candidates, assumptions: readonly Fact[], options: PropagationOptions): Propagation {
  return propagateFrom(new PropagationStart(cands), assumptions, options)
}

export function propagateFrom(start: PropagationStart, assumptions: readonly Fact[], options: PropagationOptions): Propagation {
  const engine = engineAt(0)
  engine.run(start, assumptions, options)
  return engine.result()
}

/**
 * Propagates without keeping the reasoning, for a search that only compares outcomes: sets the bit
 * of each fact derived in `into` (FACT_WORDS words from `offset`, cleared first) and says whether
 * it ends in a contradiction. `propagateFrom` with the same arguments (and, with a budget, as much
 * budget as this run spent) replays it with the reasoning.
 */
export function propagateBits(start: PropagationStart, assumptions: readonly Fact[], options: PropagationOptions, into: Uint32Array, offset: number): boolean {
  const engine = engineAt(0)
  engine.run(start, assumptions, options, false)
  engine.knownBits(into, offset)
  return engine.contradicts
}

/** One engine per nesting level, each with its own scratch arrays. */
const engines: Engine[] = []
const engineAt = (level: number): Engine => (engines[level] ??= new Engine(level))

class Engine {
  private readonly current = new Uint16Array(CELLS)
  private readonly places = new Uint8Array(27 * 9)
  private readonly rank = new Uint16Array(FACTS)
  private readonly order = new Uint16Array(FACTS)
  private readonly depths = new Uint16Array(FACTS)
  private readonly codes = new Uint8Array(FACTS)
  private readonly units = new Uint16Array(FACTS)
  private readonly premiseFrom = new Uint32Array(FACTS)
  private readonly premiseCount = new Uint16Array(FACTS)
  private pool = new Uint16Array(FACTS * POOL_PER_FACT)
  private inner = new Map<number, Propagation>()
  private size = 0
  private poolSize = 0
  /** Whether a contradiction was reached, and which: written out only when a caller keeps the result. */
  private broken: Broken = Broken.None
  /** The fact found both ways, the cell left empty, or the unit left without a place (with `brokenDigit`). */
  private brokenAt = 0
  private brokenDigit = 0
  private startCands!: Uint16Array
  private startPlaces!: Uint8Array
  private options!: PropagationOptions
  private chainOnly = false
  private recording = true

  constructor(private readonly level: number) {}

  /** Propagates `assumptions`; `recording` false keeps only the facts, for a run that only asks whether it contradicts. */
  run(start: PropagationStart, assumptions: readonly Fact[], options: PropagationOptions, recording = true): void {
    for (let i = 0; i < this.size; i++) this.rank[this.order[i]] = 0
    this.size = 0
    this.poolSize = 0
    if (this.inner.size) this.inner = new Map()
    this.broken = Broken.None
    this.startCands = start.cands
    this.startPlaces = start.places
    this.options = options
    this.recording = recording
    this.chainOnly = options.mode === 'chain'
    this.current.set(start.cands)
    this.places.set(start.places)
    if (options.budget) options.budget.left--

    for (const f of assumptions) this.derive(f, Assumed, 0, this.poolSize, 0)
    let head = 0
    for (;;) {
      while (head < this.size && !this.broken) this.consequences(this.order[head++])
      if (this.broken || !options.nested || !this.nestedPass(options.nested)) break
    }
  }

  get contradicts(): boolean {
    return this.broken !== Broken.None
  }

  /** Sets the bit of each fact derived in `bits` (FACT_WORDS words from `offset`, cleared first). */
  knownBits(bits: Uint32Array = new Uint32Array(FACT_WORDS), offset = 0): Uint32Array {
    bits.fill(0, offset, offset + FACT_WORDS)
    for (let i = 0; i < this.size; i++) bits[offset + (this.order[i] >> 5)] |= 1 << (this.order[i] & 31)
    return bits
  }

  /** Copies out what was derived, for a caller that keeps it (after a recording run). */
  result(): Propagation {
    const n = this.size
    return new Propagation({
      ...contradictionOf(this.broken, this.brokenAt, this.brokenDigit, this.startCands),
      known: this.knownBits(),
      order: this.order.slice(0, n),
      depths: this.depths.slice(0, n),
      codes: this.codes.slice(0, n),
      units: this.units.slice(0, n),
      premiseFrom: this.premiseFrom.slice(0, n),
      premiseCount: this.premiseCount.slice(0, n),
      pool: this.pool.slice(0, this.poolSize),
      inner: this.inner,
    })
  }

  /**
   * Records `fact` with the premises `pool[from .. from + count)`; false if it was known already.
   * Without `recording` only the facts are kept (premises and depths are skipped).
   */
  private derive(f: Fact, code: number, unit: number, from: number, count: number): boolean {
    if (this.broken || this.rank[f]) return false
    const at = this.size++
    this.rank[f] = at + 1
    this.order[at] = f
    if (this.recording) {
      this.codes[at] = code
      this.units[at] = unit
      this.premiseFrom[at] = from
      this.premiseCount[at] = count
      let longest = 0
      for (let i = from; i < from + count; i++) longest = Math.max(longest, this.depths[this.rank[this.pool[i]] - 1] + 1)
      this.depths[at] = longest
    }
    if (this.rank[f ^ 1]) {
      this.broken = Broken.Both
      this.brokenAt = f
    }
    return true
  }

  private push(f: Fact): void {
    if (!this.recording) return
    if (this.poolSize === this.pool.length) {
      const grown = new Uint16Array(this.pool.length * 2)
      grown.set(this.pool)
      this.pool = grown
    }
    this.pool[this.poolSize++] = f
  }

  /** Pushes "cell is not d" for every digit of `digits`; returns how many. */
  private pushFalse(cell: Cell, digits: number): number {
    for (let m = digits; m; m &= m - 1) this.push(fact(cell, lowestDigit(m), 0))
    return POPCOUNT[digits]
  }

  /** Everything `f` implies directly. */
  private consequences(f: Fact): void {
    const cell = cellOfFact(f)
    const digit = digitOfFact(f)
    const bit = 1 << (digit - 1)
    const current = this.current
    if (f & 1) {
      const from = this.poolSize
      this.push(f)
      for (let m = current[cell] & ~bit; m; m &= m - 1) this.derive(fact(cell, lowestDigit(m), 0), Excluded, 0, from, 1)
      for (let i = cell * 20; i < cell * 20 + 20; i++) {
        const p = PEERS[i]
        if (current[p] & bit) this.derive(fact(p, digit, 0), Excluded, 0, from, 1)
      }
      return
    }
    if (!(current[cell] & bit)) return
    const left = (current[cell] &= ~bit)
    const original = this.startCands[cell]
    if (left === 0) {
      this.broken = Broken.EmptyCell
      this.brokenAt = cell
      return
    }
    if ((left & (left - 1)) === 0 && (!this.chainOnly || POPCOUNT[original] === 2)) {
      const last = fact(cell, lowestDigit(left), 1)
      if (!this.rank[last]) this.derive(last, NakedSingle, 0, this.poolSize, this.pushFalse(cell, original & ~left))
    }
    for (let k = cell * 3; k < cell * 3 + 3 && !this.broken; k++) {
      const u = CELL_UNITS[k]
      const placesLeft = --this.places[u * 9 + digit - 1]
      if (placesLeft === 0) {
        this.broken = Broken.NoPlace
        this.brokenAt = u
        this.brokenDigit = digit
        return
      }
      if (placesLeft !== 1 || (this.chainOnly && this.startPlaces[u * 9 + digit - 1] !== 2)) continue
      let only = -1
      for (let i = u * 9; i < u * 9 + 9; i++) if (current[UNIT_CELLS[i]] & bit) only = UNIT_CELLS[i]
      const placed = fact(only, digit, 1)
      if (this.rank[placed]) continue
      const from = this.poolSize
      for (let i = u * 9; i < u * 9 + 9; i++) {
        const c = UNIT_CELLS[i]
        if (c !== only && this.startCands[c] & bit) this.push(fact(c, digit, 0))
      }
      this.derive(placed, HiddenSingle, u, from, this.startPlaces[u * 9 + digit - 1] - 1)
    }
    if (this.options.lockedCandidates && !this.chainOnly && !this.broken) this.lockedFrom(cell, digit)
  }

  /** Locked candidates in the units of `cell` for `digit`, after `digit` left `cell`. */
  private lockedFrom(cell: Cell, digit: Digit): void {
    const bit = 1 << (digit - 1)
    for (let k = cell * 3; k < cell * 3 + 3; k++) {
      const u = CELL_UNITS[k]
      if (this.places[u * 9 + digit - 1] < 2) continue
      // The one line (for a box) or box (for a line) holding every place left, if there is one.
      let rows = 0
      let cols = 0
      let boxes = 0
      for (let i = u * 9; i < u * 9 + 9; i++) {
        const c = UNIT_CELLS[i]
        if (!(this.current[c] & bit)) continue
        rows |= 1 << ROW_OF[c]
        cols |= 1 << COL_OF[c]
        boxes |= 1 << BOX_OF[c]
      }
      let sharing = -1
      if (u < 18) sharing = POPCOUNT[boxes] === 1 ? 18 + indexOf(boxes) : -1
      else if (POPCOUNT[rows] === 1) sharing = indexOf(rows)
      else if (POPCOUNT[cols] === 1) sharing = 9 + indexOf(cols)
      if (sharing < 0) continue
      const from = this.poolSize
      let count = 0
      for (let i = u * 9; i < u * 9 + 9; i++) {
        const c = UNIT_CELLS[i]
        if (this.startCands[c] & bit && !(this.current[c] & bit)) {
          this.push(fact(c, digit, 0))
          count++
        }
      }
      for (let i = sharing * 9; i < sharing * 9 + 9; i++) {
        const c = UNIT_CELLS[i]
        if (this.current[c] & bit && !unitHas(u, c)) this.derive(fact(c, digit, 0), Locked, u * 27 + sharing, from, count)
      }
    }
  }

  /** At a fixed point: removes every candidate whose assumption contradicts the state reached. */
  private nestedPass(inner: PropagationOptions): boolean {
    if (inner.nested) throw new Error('forcing propagation nests one level at most')
    const before = this.size
    const state = new PropagationStart(this.current)
    const engine = engineAt(this.level + 1)
    const budget = this.options.budget
    const innerOptions = budget ? { ...inner, budget } : inner
    for (let cell = 0; cell < CELLS && !this.broken; cell++) {
      if (POPCOUNT[state.cands[cell]] < 2) continue
      for (let d = 1; d <= 9; d++) {
        if (!(state.cands[cell] & (1 << (d - 1)))) continue
        if (budget?.spent) return this.size > before
        engine.run(state, [fact(cell, d, 1)], innerOptions, false)
        if (!engine.contradicts) continue
        if (!this.recording) {
          this.derive(fact(cell, d, 0), Nested, 0, this.poolSize, 0)
          continue
        }
        // Run again, recording this time, to keep the reasoning (off the budget, so that a search
        // and its replay spend the same).
        engine.run(state, [fact(cell, d, 1)], inner)
        const tried = engine.result()
        const from = this.poolSize
        const premises = outerPremises(tried, this.startCands, (q) => this.rank[q] !== 0)
        for (const q of premises) this.push(q)
        if (this.derive(fact(cell, d, 0), Nested, 0, from, premises.length)) this.inner.set(this.size - 1, tried)
      }
    }
    return this.size > before
  }
}
