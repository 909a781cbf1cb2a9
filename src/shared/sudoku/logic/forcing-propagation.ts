/**
 * What follows from an assumption: the engine under forcing chains and forcing nets.
 *
 * A fact is one candidate said true or false: `node * 2 + 1` for "digit d is in cell c", `node * 2`
 * for "it is not" (nodes as in links.ts). From assumed facts the propagation derives, breadth-first,
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
 */
import { type Candidates, type Cell, type Digit, allUnits, bitCount, boxOf, cellName, colOf, digitBit, peers, rowOf, unitName, unitsOfCell } from '../board'
import { NODES, nodeCell, nodeDigit, nodeOf } from './links'

/** `node * 2 + 1`: the candidate is true; `node * 2`: it is false. */
export type Fact = number

export const FACTS = NODES * 2
export const factOf = (cell: Cell, digit: Digit, isTrue: boolean): Fact => nodeOf(cell, digit) * 2 + (isTrue ? 1 : 0)
export const factCell = (fact: Fact): Cell => nodeCell(fact >> 1)
export const factDigit = (fact: Fact): Digit => nodeDigit(fact >> 1)
export const factIsTrue = (fact: Fact): boolean => (fact & 1) === 1
export const opposite = (fact: Fact): Fact => fact ^ 1

/** Why a fact holds, besides its premises. */
export type Reason =
  | { readonly kind: 'assumed' }
  /** A true fact whose premise is another digit of the cell, or the same digit in a peer. */
  | { readonly kind: 'excluded' }
  /** The last digit left in the cell. */
  | { readonly kind: 'naked-single' }
  /** The last place left for the digit in `unit`. */
  | { readonly kind: 'hidden-single'; readonly unit: number }
  /** The digit's places in `unit` all lie in `within`, so it goes in `unit` ∩ `within`. */
  | { readonly kind: 'locked'; readonly unit: number; readonly within: number }
  /** A false fact: assuming it true, in the state reached so far, leads to the contradiction `inner` shows. */
  | { readonly kind: 'nested'; readonly inner: Propagation }

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
}

export interface Propagation {
  /** Facts that cannot all hold, or null when the propagation reached a fixed point without one. */
  readonly contradiction: readonly Fact[] | null
  /** What the contradiction is, in words ("r3c4 would have no digit left"), or '' when none. */
  readonly clash: string
  /** 1 for each fact derived (assumptions included). */
  readonly known: Uint8Array
  /** Facts in the order derived, assumptions first. */
  readonly order: readonly Fact[]
  /** Per derived fact: the facts it follows from, why, and the longest run of implications from an assumption to it. */
  readonly premises: ReadonlyMap<Fact, readonly Fact[]>
  readonly reasons: ReadonlyMap<Fact, Reason>
  readonly depth: ReadonlyMap<Fact, number>
}

const ASSUMED: Reason = { kind: 'assumed' }
const EXCLUDED: Reason = { kind: 'excluded' }
const NAKED: Reason = { kind: 'naked-single' }
const NONE: readonly Fact[] = []

export function propagate(cands: Candidates, assumptions: readonly Fact[], options: PropagationOptions): Propagation {
  const chainOnly = options.mode === 'chain'
  const current = Uint16Array.from(cands)
  const known = new Uint8Array(FACTS)
  // Maps, not arrays of FACTS entries: most propagations derive a few dozen facts, and allocating
  // three arrays of 1,458 for each of the hundreds per state cost more than the propagation.
  const premises = new Map<Fact, readonly Fact[]>()
  const reasons = new Map<Fact, Reason>()
  const depth = new Map<Fact, number>()
  const order: Fact[] = []
  let contradiction: Fact[] | null = null
  let clash = ''

  const derive = (fact: Fact, from: readonly Fact[], reason: Reason): void => {
    if (contradiction || known[fact]) return
    known[fact] = 1
    premises.set(fact, from)
    reasons.set(fact, reason)
    let longest = 0
    for (const q of from) longest = Math.max(longest, depth.get(q)! + 1)
    depth.set(fact, longest)
    order.push(fact)
    if (known[opposite(fact)]) {
      contradiction = [opposite(fact), fact]
      clash = `${name(fact)} would be both true and false`
    }
  }
  /** "cell is not d" for every digit of `digits`. */
  const falseFacts = (cell: Cell, digits: number): Fact[] => {
    const out: Fact[] = []
    for (let d = 1; d <= 9; d++) if (digits & digitBit(d)) out.push(factOf(cell, d, false))
    return out
  }

  for (const fact of assumptions) derive(fact, NONE, ASSUMED)
  let head = 0
  for (;;) {
    while (head < order.length && !contradiction) consequences(order[head++])
    if (contradiction || !options.nested || !nestedPass(options.nested)) break
  }
  return { contradiction, clash, known, order, premises, reasons, depth }

  /** Everything `fact` implies directly. */
  function consequences(fact: Fact): void {
    const cell = factCell(fact)
    const digit = factDigit(fact)
    const bit = digitBit(digit)
    if (factIsTrue(fact)) {
      for (let d = 1; d <= 9; d++) if (d !== digit && current[cell] & digitBit(d)) derive(factOf(cell, d, false), [fact], EXCLUDED)
      for (const p of peers[cell]) if (current[p] & bit) derive(factOf(p, digit, false), [fact], EXCLUDED)
      return
    }
    if (!(current[cell] & bit)) return
    current[cell] &= ~bit
    const left = current[cell]
    if (left === 0) {
      contradiction = falseFacts(cell, cands[cell])
      clash = `${cellName(cell)} would have no digit left`
      return
    }
    if ((left & (left - 1)) === 0 && (!chainOnly || bitCount(cands[cell]) === 2)) {
      const last = 32 - Math.clz32(left)
      derive(factOf(cell, last, true), falseFacts(cell, cands[cell] & ~left), NAKED)
    }
    for (const u of unitsOfCell[cell]) {
      let places = 0
      let only = -1
      for (const c of allUnits[u]) if (current[c] & bit) {
        places++
        only = c
      }
      if (places === 0) {
        contradiction = allUnits[u].filter((c) => cands[c] & bit).map((c) => factOf(c, digit, false))
        clash = `${digit} would have no place left in ${unitName(u)}`
        return
      }
      if (places !== 1 || known[factOf(only, digit, true)]) continue
      const others = allUnits[u].filter((c) => c !== only && cands[c] & bit)
      if (chainOnly && others.length !== 1) continue
      derive(factOf(only, digit, true), others.map((c) => factOf(c, digit, false)), { kind: 'hidden-single', unit: u })
    }
    if (options.lockedCandidates && !chainOnly && !contradiction) lockedFrom(cell, digit)
  }
  /** At a fixed point: removes every candidate whose assumption contradicts the state reached. */
  function nestedPass(inner: PropagationOptions): boolean {
    const before = order.length
    const state = Uint16Array.from(current)
    for (let cell = 0; cell < current.length && !contradiction; cell++) {
      if (bitCount(state[cell]) < 2) continue
      for (let d = 1; d <= 9; d++) {
        if (!(state[cell] & digitBit(d))) continue
        const tried = propagate(state, [factOf(cell, d, true)], inner)
        if (tried.contradiction) derive(factOf(cell, d, false), outerPremises(tried), { kind: 'nested', inner: tried })
      }
    }
    return order.length > before
  }

  /** The facts of this propagation that an inner contradiction used: the removals it relied on. */
  function outerPremises(inner: Propagation): Fact[] {
    const used = new Set<Fact>()
    const removedFrom = (cell: Cell, digits: number): void => {
      for (let d = 1; d <= 9; d++) if (digits & digitBit(d) && known[factOf(cell, d, false)]) used.add(factOf(cell, d, false))
    }
    const removedIn = (unit: number, digit: Digit): void => {
      for (const c of allUnits[unit]) removedFrom(c, digitBit(digit))
    }
    for (const f of ancestry(inner, inner.contradiction!)) {
      const reason = inner.reasons.get(f)!
      if (reason.kind === 'naked-single') removedFrom(factCell(f), cands[factCell(f)])
      else if (reason.kind === 'hidden-single' || reason.kind === 'locked') removedIn(reason.unit, factDigit(f))
    }
    const [last] = inner.contradiction!.slice(-1)
    removedFrom(factCell(last), cands[factCell(last)])
    for (const u of unitsOfCell[factCell(last)]) removedIn(u, factDigit(last))
    return [...used]
  }

  /** Locked candidates in the units of `cell` for `digit`, after `digit` left `cell`. */
  function lockedFrom(cell: Cell, digit: Digit): void {
    const bit = digitBit(digit)
    for (const u of unitsOfCell[cell]) {
      const places = allUnits[u].filter((c) => current[c] & bit)
      if (places.length < 2) continue
      const sharing = u >= 18 ? lineOf(places) : sameBox(places)
      if (sharing < 0) continue
      const removed = allUnits[u].filter((c) => cands[c] & bit && !(current[c] & bit)).map((c) => factOf(c, digit, false))
      for (const c of allUnits[sharing])
        if (!places.includes(c) && current[c] & bit) derive(factOf(c, digit, false), removed, { kind: 'locked', unit: u, within: sharing })
    }
  }
}

/** The row or column (unit index) holding all of `cells`, or -1. */
function lineOf(cells: readonly Cell[]): number {
  if (cells.every((c) => rowOf(c) === rowOf(cells[0]))) return rowOf(cells[0])
  if (cells.every((c) => colOf(c) === colOf(cells[0]))) return 9 + colOf(cells[0])
  return -1
}

function sameBox(cells: readonly Cell[]): number {
  return cells.every((c) => boxOf(c) === boxOf(cells[0])) ? 18 + boxOf(cells[0]) : -1
}

/** "r1c2 is 5" / "r1c2 is not 5". */
export function name(fact: Fact): string {
  return `${cellName(factCell(fact))} is ${factIsTrue(fact) ? '' : 'not '}${factDigit(fact)}`
}

/** The facts `target` rests on, back to the assumptions, in the order they were derived. */
export function ancestry(p: Propagation, targets: readonly Fact[]): Fact[] {
  const need = new Set<Fact>()
  const stack = [...targets]
  while (stack.length) {
    const f = stack.pop()!
    if (need.has(f)) continue
    need.add(f)
    for (const q of p.premises.get(f) ?? NONE) stack.push(q)
  }
  return p.order.filter((f) => need.has(f))
}
