/**
 * What a forcing propagation found (engine/forcing-propagation.ts), stored compactly and read back fact by
 * fact: a search keeps several hundred of these per state, so each one is a handful of typed
 * arrays rather than maps of arrays.
 *
 * A fact is one candidate said true or false: `node * 2 + 1` for "digit d is in cell c", `node * 2`
 * for "it is not" (nodes as in engine/links.ts).
 */
import { type Cell, type Digit, cellName } from '../../board'
import { NODES, nodeCell, nodeDigit, nodeOf } from './links'

/** `node * 2 + 1`: the candidate is true; `node * 2`: it is false. */
export type Fact = number

export const FACTS = NODES * 2
/** 32-bit words in a set of facts kept as bits. */
export const FACT_WORDS = Math.ceil(FACTS / 32)
export const factOf = (cell: Cell, digit: Digit, isTrue: boolean): Fact => nodeOf(cell, digit) * 2 + (isTrue ? 1 : 0)
export const factCell = (fact: Fact): Cell => nodeCell(fact >> 1)
export const factDigit = (fact: Fact): Digit => nodeDigit(fact >> 1)
export const factIsTrue = (fact: Fact): boolean => (fact & 1) === 1
export const opposite = (fact: Fact): Fact => fact ^ 1

/** Why a fact holds, besides its premises. */
export type Reason =
  | { readonly kind: 'assumed' }
  /** A false fact whose premise is another digit of the cell, or the same digit in a peer. */
  | { readonly kind: 'excluded' }
  /** The last digit left in the cell. */
  | { readonly kind: 'naked-single' }
  /** The last place left for the digit in `unit`. */
  | { readonly kind: 'hidden-single'; readonly unit: number }
  /** The digit's places in `unit` all lie in `within`, so it goes in `unit` ∩ `within`. */
  | { readonly kind: 'locked'; readonly unit: number; readonly within: number }
  /** A false fact: assuming it true, in the state reached so far, leads to the contradiction `inner` shows. */
  | { readonly kind: 'nested'; readonly inner: Propagation }

/** Reason kinds as stored, one byte per derived fact. */
export const ReasonCode = { Assumed: 0, Excluded: 1, NakedSingle: 2, HiddenSingle: 3, Locked: 4, Nested: 5 } as const

/** The parts a propagation is stored in; `Propagation` reads them. */
export interface PropagationRecord {
  readonly contradiction: readonly Fact[] | null
  readonly clash: string
  /** Bit per fact: set when derived. */
  readonly known: Uint32Array
  /** Facts in the order derived, assumptions first. */
  readonly order: Uint16Array
  /** Per position: the longest run of implications from an assumption to the fact. */
  readonly depths: Uint16Array
  readonly codes: Uint8Array
  /** Per position: the unit of a hidden single; `unit * 27 + within` for locked candidates. */
  readonly units: Uint16Array
  /** Per position: where its premises start in `pool`, and how many there are. */
  readonly premiseFrom: Uint32Array
  readonly premiseCount: Uint16Array
  readonly pool: Uint16Array
  /** Per position of a nested fact: the inner propagation that removed it. */
  readonly inner: ReadonlyMap<number, Propagation>
}

export class Propagation {
  /** Per fact: 0 when not derived, else its position in `order` plus one; built when first asked for. */
  private rank: Uint16Array | null = null

  constructor(private readonly record: PropagationRecord) {}

  private positionOf(fact: Fact): number {
    if (!this.rank) {
      this.rank = new Uint16Array(FACTS)
      this.record.order.forEach((f, at) => (this.rank![f] = at + 1))
    }
    return this.rank[fact] - 1
  }

  /** Facts that cannot all hold, or null when the propagation reached a fixed point without one. */
  get contradiction(): readonly Fact[] | null {
    return this.record.contradiction
  }

  /** What the contradiction is, in words ("r3c4 would have no digit left"), or '' when none. */
  get clash(): string {
    return this.record.clash
  }

  /** Facts in the order derived, assumptions first. */
  get order(): Uint16Array {
    return this.record.order
  }

  knows(fact: Fact): boolean {
    return ((this.record.known[fact >> 5] >>> (fact & 31)) & 1) === 1
  }

  /** The facts `fact` follows from (none for an assumption or a fact not derived). */
  premises(fact: Fact): Fact[] {
    const at = this.positionOf(fact)
    if (at < 0) return []
    const from = this.record.premiseFrom[at]
    return Array.from(this.record.pool.subarray(from, from + this.record.premiseCount[at]))
  }

  reason(fact: Fact): Reason {
    const at = this.positionOf(fact)
    const unit = this.record.units[at]
    switch (this.record.codes[at]) {
      case ReasonCode.Excluded:
        return { kind: 'excluded' }
      case ReasonCode.NakedSingle:
        return { kind: 'naked-single' }
      case ReasonCode.HiddenSingle:
        return { kind: 'hidden-single', unit }
      case ReasonCode.Locked:
        return { kind: 'locked', unit: Math.floor(unit / 27), within: unit % 27 }
      case ReasonCode.Nested:
        return { kind: 'nested', inner: this.record.inner.get(at)! }
      default:
        return { kind: 'assumed' }
    }
  }

  /** The longest run of implications from an assumption to `fact` (0 when not derived). */
  depth(fact: Fact): number {
    const at = this.positionOf(fact)
    return at < 0 ? 0 : this.record.depths[at]
  }
}

/** "r1c2 is 5" / "r1c2 is not 5". */
export function name(fact: Fact): string {
  return `${cellName(factCell(fact))} is ${factIsTrue(fact) ? '' : 'not '}${factDigit(fact)}`
}

/** The facts `targets` rest on, back to the assumptions, in the order they were derived. */
export function ancestry(p: Propagation, targets: readonly Fact[]): Fact[] {
  const need = new Set<Fact>()
  const stack = [...targets]
  while (stack.length) {
    const f = stack.pop()!
    if (need.has(f)) continue
    need.add(f)
    for (const q of p.premises(f)) stack.push(q)
  }
  return Array.from(p.order).filter((f) => need.has(f))
}
