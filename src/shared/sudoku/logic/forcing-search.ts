/**
 * The search shared by forcing chains and forcing nets: every open candidate is assumed true and
 * assumed false once, and what each assumption implies (forcing-propagation.ts) is compared.
 *
 * - contradiction: assuming a candidate true (false) leads to a contradiction, so it is false (true);
 * - digit: the candidate true and the candidate false imply the same fact, so the fact holds;
 * - cell: every digit of a cell implies the same fact;
 * - unit: every place for a digit in a row, column or box implies the same fact.
 * One of the assumptions in each case must hold, so what all of them imply holds too. A branch
 * that ends in a contradiction is impossible and drops out of the comparison.
 *
 * Only the proof with the fewest implications is kept for each conclusion, and the finder returns
 * the easiest proofs (Sudoku Explainer's scale, then size) first.
 */
import { type Candidates, type Cell, type Digit, CELLS, allUnits, bitCount, digitBit } from '../board'
import { solvedCells } from './common'
import { type Fact, type Propagation, type PropagationOptions, ancestry, factOf, opposite, propagate } from './forcing-propagation'

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
  readonly branches: readonly { readonly assumption: Fact; readonly propagation: Propagation; readonly targets: readonly Fact[] }[]
  /** Sum over the branches of the longest run of implications to the target: ranks proofs cheaply. */
  readonly estimate: number
}

/** Every open candidate's two propagations, computed once and shared by the four kinds. */
interface Assumptions {
  readonly ifTrue: (Propagation | undefined)[]
  readonly ifFalse: (Propagation | undefined)[]
}

function assumeAll(cands: Candidates, open: Uint8Array, options: PropagationOptions): Assumptions {
  const ifTrue: (Propagation | undefined)[] = []
  const ifFalse: (Propagation | undefined)[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    if (!open[cell]) continue
    for (let d = 1; d <= 9; d++) {
      if (!(cands[cell] & digitBit(d))) continue
      const node = cell * 9 + d - 1
      ifTrue[node] = propagate(cands, [factOf(cell, d, true)], options)
      ifFalse[node] = propagate(cands, [factOf(cell, d, false)], options)
    }
  }
  return { ifTrue, ifFalse }
}

/** Whether proving `fact` changes the candidates: a removal of a candidate still there, or a placement in an open cell. */
function isNews(cands: Candidates, open: Uint8Array, fact: Fact): boolean {
  const node = fact >> 1
  const cell = Math.floor(node / 9)
  if (!open[cell] || !(cands[cell] & digitBit((node % 9) + 1))) return false
  return (fact & 1) === 0 || bitCount(cands[cell]) > 1
}

type Branch = { readonly assumption: Fact; readonly propagation: Propagation; readonly targets: readonly Fact[] }

function candidateOf(kind: ForcingKind, conclusion: Fact, anchor: number, branches: Branch[]): ForcingCandidate {
  let estimate = 0
  for (const b of branches) estimate += 1 + Math.max(...b.targets.map((t) => b.propagation.depth.get(t) ?? 0))
  return { kind, conclusion, anchor, branches, estimate }
}

/** Writes out a candidate proof: each branch's facts from its assumption to its target. */
export function prove(candidate: ForcingCandidate): ForcingProof {
  const branches = candidate.branches.map((b) => ({ assumption: b.assumption, propagation: b.propagation, path: ancestry(b.propagation, b.targets) }))
  return { ...candidate, branches, size: branches.reduce((n, b) => n + b.path.length, 0) }
}

const contradictionOf = (assumption: Fact, p: Propagation): ForcingCandidate =>
  candidateOf('contradiction', opposite(assumption), -1, [{ assumption, propagation: p, targets: p.contradiction! }])

/**
 * Facts every live branch implies that would change the candidates, with the proofs of each. The
 * branches that end in a contradiction are part of each proof: they show why they drop out.
 */
function commonConclusions(
  cands: Candidates,
  open: Uint8Array,
  kind: ForcingKind,
  anchor: number,
  branches: readonly { assumption: Fact; propagation: Propagation }[],
): ForcingCandidate[] {
  const live = branches.filter((b) => !b.propagation.contradiction)
  if (live.length === 0) return [] // the state itself is broken; nothing to conclude from here
  const found: ForcingCandidate[] = []
  for (const fact of live[0].propagation.order) {
    if (!isNews(cands, open, fact) || !live.every((b) => b.propagation.known[fact])) continue
    const shown = branches.map((b) => ({ ...b, targets: b.propagation.contradiction ?? [fact] }))
    found.push(candidateOf(kind, fact, anchor, shown))
  }
  return found
}

/** All forcing proofs in this state (the shortest one per conclusion and kind), not yet written out. */
export function findForcingProofs(cands: Candidates, options: PropagationOptions): ForcingCandidate[] {
  const solved = solvedCells(cands)
  const open = Uint8Array.from(solved, (s, cell) => (s || bitCount(cands[cell]) < 2 ? 0 : 1))
  const { ifTrue, ifFalse } = assumeAll(cands, open, options)
  const proofs: ForcingCandidate[] = []
  for (let node = 0; node < CELLS * 9; node++) {
    const whenTrue = ifTrue[node]
    const whenFalse = ifFalse[node]
    if (!whenTrue || !whenFalse) continue
    const yes = node * 2 + 1
    const no = node * 2
    for (const [assumption, p] of [[yes, whenTrue], [no, whenFalse]] as const)
      if (p.contradiction) proofs.push(contradictionOf(assumption, p))
    if (!whenTrue.contradiction && !whenFalse.contradiction)
      proofs.push(...commonConclusions(cands, open, 'digit', -1, [{ assumption: yes, propagation: whenTrue }, { assumption: no, propagation: whenFalse }]))
  }
  for (let cell = 0; cell < CELLS; cell++) {
    if (!open[cell]) continue
    const branches: { assumption: Fact; propagation: Propagation }[] = []
    for (let d = 1; d <= 9; d++) if (cands[cell] & digitBit(d)) branches.push({ assumption: factOf(cell, d, true), propagation: ifTrue[cell * 9 + d - 1]! })
    proofs.push(...commonConclusions(cands, open, 'cell', cell, branches))
  }
  for (let u = 0; u < allUnits.length; u++) {
    for (let d: Digit = 1; d <= 9; d++) {
      const places: Cell[] = allUnits[u].filter((c) => open[c] && cands[c] & digitBit(d))
      // Two places are a strong link already covered by digit forcing on either of them.
      if (places.length < 3 || allUnits[u].some((c) => !open[c] && cands[c] === digitBit(d))) continue
      const branches = places.map((c) => ({ assumption: factOf(c, d, true), propagation: ifTrue[c * 9 + d - 1]! }))
      proofs.push(...commonConclusions(cands, open, 'unit', u, branches))
    }
  }
  return shortestPerConclusion(proofs)
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

/**
 * The first proof by contradiction, or from both digits of a two-digit cell, trying the cells with
 * the fewest digits first: for costly propagations (nested ones), where searching every candidate
 * both ways for the shortest proof would take seconds.
 */
export function findFirstForcingProof(cands: Candidates, options: PropagationOptions): ForcingProof | null {
  const solved = solvedCells(cands)
  const open = Uint8Array.from(solved, (s, cell) => (s || bitCount(cands[cell]) < 2 ? 0 : 1))
  const cells = [...Array(CELLS).keys()].filter((c) => open[c]).sort((a, b) => bitCount(cands[a]) - bitCount(cands[b]))
  for (const cell of cells) {
    const branches: { assumption: Fact; propagation: Propagation }[] = []
    for (let d = 1; d <= 9; d++) {
      if (!(cands[cell] & digitBit(d))) continue
      const assumption = factOf(cell, d, true)
      const p = propagate(cands, [assumption], options)
      if (p.contradiction) return prove(contradictionOf(assumption, p))
      branches.push({ assumption, propagation: p })
    }
    const common = commonConclusions(cands, open, 'cell', cell, branches)
    if (common.length) return prove(common.reduce((a, b) => (b.estimate < a.estimate ? b : a)))
  }
  return null
}
