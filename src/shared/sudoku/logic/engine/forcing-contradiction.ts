/**
 * The contradictions of a forcing propagation (engine/forcing-propagation.ts) written out for a
 * caller that keeps the result: which facts cannot all hold and why in words, and which facts of
 * an outer propagation an inner contradiction relied on. Off the hot loop: only a recording run
 * comes here.
 */
import { type Cell, type Digit, allUnits, cellName, unitName, unitsOfCell } from '../../board'
import { type Fact, type Propagation, ancestry, factCell, factDigit, factOf, name } from './forcing-facts'

/** How a propagation broke down, if it did. */
export const Broken = { None: 0, Both: 1, EmptyCell: 2, NoPlace: 3 } as const
export type Broken = (typeof Broken)[keyof typeof Broken]

/**
 * The facts that cannot all hold, and what clashes in words, for a propagation from candidates
 * `startCands` that broke down as `broken` at `at` (the fact found both ways, the cell left empty,
 * or the unit left without a place for `digit`).
 */
export function contradictionOf(broken: Broken, at: number, digit: Digit, startCands: Uint16Array): { contradiction: Fact[] | null; clash: string } {
  switch (broken) {
    case Broken.Both:
      return { contradiction: [at ^ 1, at], clash: `${name(at)} would be both true and false` }
    case Broken.EmptyCell:
      return { contradiction: falseFacts(at, startCands[at]), clash: `${cellName(at)} would have no digit left` }
    case Broken.NoPlace:
      return {
        contradiction: allUnits[at].filter((c) => startCands[c] & (1 << (digit - 1))).map((c) => factOf(c, digit, false)),
        clash: `${digit} would have no place left in ${unitName(at)}`,
      }
    default:
      return { contradiction: null, clash: '' }
  }
}

/**
 * The facts of an outer propagation from `cands` (`known` says which it derived) that an inner
 * contradiction used: the removals it relied on.
 */
export function outerPremises(inner: Propagation, cands: Uint16Array, known: (f: Fact) => boolean): Fact[] {
  const used = new Set<Fact>()
  const removedFrom = (cell: Cell, digits: number): void => {
    for (let d = 1; d <= 9; d++) if (digits & (1 << (d - 1)) && known(factOf(cell, d, false))) used.add(factOf(cell, d, false))
  }
  const removedIn = (unit: number, digit: Digit): void => {
    for (const c of allUnits[unit]) removedFrom(c, 1 << (digit - 1))
  }
  for (const f of ancestry(inner, inner.contradiction!)) {
    const reason = inner.reason(f)
    if (reason.kind === 'naked-single') removedFrom(factCell(f), cands[factCell(f)])
    else if (reason.kind === 'hidden-single' || reason.kind === 'locked') removedIn(reason.unit, factDigit(f))
  }
  const [last] = inner.contradiction!.slice(-1)
  removedFrom(factCell(last), cands[factCell(last)])
  for (const u of unitsOfCell[factCell(last)]) removedIn(u, factDigit(last))
  return [...used]
}

/** "cell is not d" for every digit of `digits`. */
function falseFacts(cell: Cell, digits: number): Fact[] {
  const out: Fact[] = []
  for (let d = 1; d <= 9; d++) if (digits & (1 << (d - 1))) out.push(factOf(cell, d, false))
  return out
}
