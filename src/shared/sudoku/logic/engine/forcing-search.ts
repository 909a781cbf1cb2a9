/**
 * The search shared by forcing chains and forcing nets: open candidates are assumed true and
 * assumed false, and what each assumption implies (engine/forcing-propagation.ts) is compared.
 *
 * - contradiction: assuming a candidate true (false) leads to a contradiction, so it is false (true);
 * - digit: the candidate true and the candidate false imply the same fact, so the fact holds;
 * - cell: every digit of a cell implies the same fact;
 * - unit: every place for a digit in a row, column or box implies the same fact.
 * One of the assumptions in each case must hold, so what all of them imply holds too. A branch
 * that ends in a contradiction is impossible and drops out of the comparison.
 *
 * Each candidate's two propagations are run once per state, when first needed, and shared by the
 * four kinds. Two searches use them: `findForcingProofs` tries everything and keeps the shortest
 * proof per conclusion (the logical solve and the rating want the easiest step), and
 * `findFirstForcingProof` stops at the first proof, trying the cheap sources first (hints, and
 * nested nets, whose propagations are too dear to run them all).
 */
import { type Candidates, type Cell, type Digit, CELLS, allUnits, bitCount, digitBit } from '../../board'
import { solvedCells } from '../common'
import { FACTS, FACT_WORDS, type Fact, type Propagation, ancestry, factOf, name, opposite } from './forcing-facts'
import { PropagationBudget, type PropagationOptions, PropagationStart, propagateBits, propagateFrom } from './forcing-propagation'

export type ForcingKind = 'contradiction' | 'digit' | 'cell' | 'unit'

export interface ForcingBranch {
  readonly assumption: Fact
  readonly propagation: Propagation
  /** The facts this branch needs, in order, from the assumption to the conclusion or contradiction. */
  readonly path: readonly Fact[]
}

export interface ForcingProof {
  readonly kind: ForcingKind
  /** The fact proven: a false fact removes a candidate, a true one places a digit. */
  readonly conclusion: Fact
  /** The cell (cell forcing) or unit (unit forcing) the branches come from; -1 otherwise. */
  readonly anchor: number
  readonly branches: readonly ForcingBranch[]
  /** Implications in all branches together: the measure of how long the proof is. */
  readonly size: number
}

/**
 * A proof found but not yet written out: the ancestry of a fact costs a walk over the whole
 * propagation, and a state can hold thousands of proofs, so only the few shown are written out.
 */
export interface ForcingCandidate {
  readonly kind: ForcingKind
  readonly conclusion: Fact
  readonly anchor: number
  readonly branches: readonly Branch[]
  /** Sum over the branches of the longest run of implications to the target: ranks proofs cheaply. */
  readonly estimate: number
}

type Branch = { readonly assumption: Fact; readonly propagation: Propagation; readonly targets: readonly Fact[] }

const LIVE = 1
const BROKEN = 2
/** FACT_WORDS read once: the comparison loops read it for every word. */
const WORDS = FACT_WORDS

/**
 * The state searched: its open cells and what each assumption implies, run on first use. The
 * search compares only which facts each assumption implies (kept as bits); the reasoning is
 * replayed, from the same start with the same budget, for the few assumptions a proof shows.
 */
class Assumptions {
  readonly open: Uint8Array
  private readonly start: PropagationStart
  /** Per assumption (a fact): LIVE, BROKEN (it leads to a contradiction), or 0 when not yet run. */
  private readonly status = new Uint8Array(FACTS)
  /** Per assumption: the facts it implies, FACT_WORDS words of bits from `assumption * FACT_WORDS`. */
  private readonly implied = new Uint32Array(FACTS * FACT_WORDS)
  /** Per assumption: the budget its run spent, so that a replay stops where it stopped. */
  private readonly spent = new Uint32Array(FACTS)
  private readonly explained = new Map<Fact, Propagation>()

  constructor(
    readonly cands: Candidates,
    private readonly options: PropagationOptions,
  ) {
    const solved = solvedCells(cands)
    this.open = Uint8Array.from(solved, (s, cell) => (s || bitCount(cands[cell]) < 2 ? 0 : 1))
    this.start = new PropagationStart(cands)
  }

  get outOfBudget(): boolean {
    return this.options.budget?.spent ?? false
  }

  outcome(assumption: Fact): number {
    if (!this.status[assumption]) {
      const budget = this.options.budget
      const before = budget?.left ?? 0
      const broken = propagateBits(this.start, [assumption], this.options, this.implied, assumption * FACT_WORDS)
      this.status[assumption] = broken ? BROKEN : LIVE
      if (budget) this.spent[assumption] = before - budget.left
    }
    return this.status[assumption]
  }

  /** The assumption's propagation with its reasoning. */
  explain(assumption: Fact): Propagation {
    let p = this.explained.get(assumption)
    if (p) return p
    const budget = this.options.budget && new PropagationBudget(this.spent[assumption])
    p = propagateFrom(this.start, [assumption], budget ? { ...this.options, budget } : this.options)
    if (!p.contradiction !== (this.outcome(assumption) === LIVE)) throw new Error(`the replay of ${name(assumption)} differs from its run`)
    this.explained.set(assumption, p)
    return p
  }

  /** The facts that every one of `assumptions` (run already) implies and that would change the candidates. */
  commonNews(assumptions: readonly Fact[]): Fact[] {
    const out: Fact[] = []
    const implied = this.implied
    for (let w = 0; w < WORDS; w++) {
      let word = implied[assumptions[0] * WORDS + w]
      for (let i = 1; i < assumptions.length && word; i++) word &= implied[assumptions[i] * WORDS + w]
      for (; word; word &= word - 1) {
        const fact = w * 32 + (31 - Math.clz32(word & -word))
        if (this.isNews(fact)) out.push(fact)
      }
    }
    return out
  }

  /** Each digit of an open cell, assumed true. */
  cellBranches(cell: Cell): Fact[] {
    const out: Fact[] = []
    for (let d = 1; d <= 9; d++) if (this.cands[cell] & digitBit(d)) out.push(factOf(cell, d, true))
    return out
  }

  /** The open places of `digit` in unit `u` assumed true, or none when the digit is already placed there. */
  placeBranches(u: number, digit: Digit): Fact[] {
    const bit = digitBit(digit)
    if (allUnits[u].some((c) => !this.open[c] && this.cands[c] === bit)) return []
    return allUnits[u].filter((c) => this.open[c] && this.cands[c] & bit).map((c) => factOf(c, digit, true))
  }

  /** Whether proving `fact` changes the candidates: a removal of a candidate still there, or a placement in an open cell. */
  private isNews(fact: Fact): boolean {
    const node = fact >> 1
    const cell = Math.floor(node / 9)
    if (!this.open[cell] || !(this.cands[cell] & digitBit((node % 9) + 1))) return false
    return (fact & 1) === 0 || bitCount(this.cands[cell]) > 1
  }
}

function candidateOf(kind: ForcingKind, conclusion: Fact, anchor: number, branches: Branch[]): ForcingCandidate {
  let estimate = 0
  for (const b of branches) estimate += 1 + Math.max(...b.targets.map((t) => b.propagation.depth(t)))
  return { kind, conclusion, anchor, branches, estimate }
}

/** Writes out a candidate proof: each branch's facts from its assumption to its target. */
export function prove(candidate: ForcingCandidate): ForcingProof {
  const branches = candidate.branches.map((b) => ({ assumption: b.assumption, propagation: b.propagation, path: ancestry(b.propagation, b.targets) }))
  return { ...candidate, branches, size: branches.reduce((n, b) => n + b.path.length, 0) }
}

function contradictionOf(state: Assumptions, assumption: Fact): ForcingCandidate {
  const propagation = state.explain(assumption)
  return candidateOf('contradiction', opposite(assumption), -1, [{ assumption, propagation, targets: propagation.contradiction! }])
}

/**
 * Facts every live branch implies that would change the candidates, with the proofs of each. The
 * branches that end in a contradiction are part of each proof: they show why they drop out.
 */
function commonConclusions(state: Assumptions, kind: ForcingKind, anchor: number, assumptions: readonly Fact[]): ForcingCandidate[] {
  const live = assumptions.filter((a) => state.outcome(a) === LIVE)
  if (live.length === 0) return [] // the state itself is broken; nothing to conclude from here
  const facts = state.commonNews(live)
  if (facts.length === 0) return []
  const branches = assumptions.map((assumption) => ({ assumption, propagation: state.explain(assumption) }))
  return facts.map((fact) =>
    candidateOf(
      kind,
      fact,
      anchor,
      branches.map((b) => ({ ...b, targets: b.propagation.contradiction ?? [fact] })),
    ),
  )
}

/** Open cells, those with the fewest digits first (row-major among equals). */
function openCells(state: Assumptions): Cell[] {
  const cells: Cell[] = []
  for (let cell = 0; cell < CELLS; cell++) if (state.open[cell]) cells.push(cell)
  return cells.sort((a, b) => bitCount(state.cands[a]) - bitCount(state.cands[b]) || a - b)
}

/** All forcing proofs in this state (the shortest one per conclusion and kind), not yet written out. */
export function findForcingProofs(cands: Candidates, options: PropagationOptions): ForcingCandidate[] {
  const state = new Assumptions(cands, options)
  const proofs: ForcingCandidate[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    if (!state.open[cell]) continue
    for (let d = 1; d <= 9; d++) {
      if (!(cands[cell] & digitBit(d))) continue
      proofs.push(...digitProofs(state, cell, d))
    }
  }
  for (let cell = 0; cell < CELLS; cell++) if (state.open[cell]) proofs.push(...commonConclusions(state, 'cell', cell, state.cellBranches(cell)))
  for (let u = 0; u < allUnits.length; u++) {
    for (let d: Digit = 1; d <= 9; d++) {
      const places = state.placeBranches(u, d)
      // Two places are a strong link already covered by digit forcing on either of them.
      if (places.length < 3) continue
      proofs.push(...commonConclusions(state, 'unit', u, places))
    }
  }
  return shortestPerConclusion(proofs)
}

/** Proofs from one candidate: a contradiction either way, or what both ways imply. */
function digitProofs(state: Assumptions, cell: Cell, digit: Digit): ForcingCandidate[] {
  const yes = factOf(cell, digit, true)
  const no = factOf(cell, digit, false)
  const proofs: ForcingCandidate[] = []
  for (const branch of [yes, no]) if (state.outcome(branch) === BROKEN) proofs.push(contradictionOf(state, branch))
  if (proofs.length === 0) proofs.push(...commonConclusions(state, 'digit', -1, [yes, no]))
  return proofs
}

function shortestPerConclusion(proofs: readonly ForcingCandidate[]): ForcingCandidate[] {
  const best = new Map<string, ForcingCandidate>()
  for (const proof of proofs) {
    const key = `${proof.kind}:${proof.conclusion}`
    const old = best.get(key)
    if (!old || proof.estimate < old.estimate) best.set(key, proof)
  }
  return [...best.values()]
}

const shortest = (proofs: readonly ForcingCandidate[]): ForcingCandidate | null =>
  proofs.length ? proofs.reduce((a, b) => (b.estimate < a.estimate ? b : a)) : null

/**
 * The first proof found, trying the sources most likely to give a short proof for the fewest
 * propagations first: two-digit cells and two-place units (two propagations each, and the
 * implications a person follows), then each candidate true and false, fewest-digit cells first,
 * then cells and units with more options (their branches are already propagated by then).
 * Stops early, returning null, when the options' budget runs out.
 */
export function findFirstForcingProof(cands: Candidates, options: PropagationOptions): ForcingProof | null {
  const state = new Assumptions(cands, options)
  const found = firstCandidate(state)
  return found ? prove(found) : null
}

function firstCandidate(state: Assumptions): ForcingCandidate | null {
  const cells = openCells(state)
  const fromTwo = (kind: ForcingKind, anchor: number, branches: Fact[]): ForcingCandidate | null => {
    const broken = branches.find((b) => state.outcome(b) === BROKEN)
    return broken !== undefined ? contradictionOf(state, broken) : shortest(commonConclusions(state, kind, anchor, branches))
  }
  for (const cell of cells) {
    if (bitCount(state.cands[cell]) !== 2 || state.outOfBudget) continue
    const proof = fromTwo('cell', cell, state.cellBranches(cell))
    if (proof) return proof
  }
  for (let u = 0; u < allUnits.length; u++) {
    for (let d: Digit = 1; d <= 9 && !state.outOfBudget; d++) {
      const places = state.placeBranches(u, d)
      if (places.length !== 2) continue
      const proof = fromTwo('unit', u, places)
      if (proof) return proof
    }
  }
  // A two-digit cell's candidate false is its other digit true: the first loop covered it.
  for (const cell of cells) {
    if (bitCount(state.cands[cell]) === 2) continue
    for (let d = 1; d <= 9; d++) {
      if (!(state.cands[cell] & digitBit(d)) || state.outOfBudget) continue
      const proof = shortest(digitProofs(state, cell, d))
      if (proof) return proof
    }
  }
  for (const cell of cells) {
    if (bitCount(state.cands[cell]) < 3 || state.outOfBudget) continue
    const proof = shortest(commonConclusions(state, 'cell', cell, state.cellBranches(cell)))
    if (proof) return proof
  }
  for (let u = 0; u < allUnits.length; u++) {
    for (let d: Digit = 1; d <= 9 && !state.outOfBudget; d++) {
      const places = state.placeBranches(u, d)
      if (places.length < 3) continue
      const proof = shortest(commonConclusions(state, 'unit', u, places))
      if (proof) return proof
    }
  }
  return null
}
