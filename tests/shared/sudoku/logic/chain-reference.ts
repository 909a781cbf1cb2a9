/**
 * A slow, plainly correct reference for the chain finders: every alternating chain (strong link
 * first and last, no candidate twice) up to a length, found by trying every path, straight from
 * the candidates. Its eliminations are what X-Chain, XY-Chain and AIC promise to find; the tests
 * compare the finders' with these on real states.
 */
import { type Candidates, type Cell, type Digit, allUnits, bitCount, digitBit, peers } from '../../../../src/shared/sudoku/board'

/** A candidate: cell and digit. */
export type Candidate = readonly [Cell, Digit]

const has = (cands: Candidates, cell: Cell, digit: number): boolean => (cands[cell] & digitBit(digit)) !== 0

export interface ReferenceOptions {
  readonly maxNodes: number
  /** Only candidates of bivalue cells and only links inside them or on one digit (XY-Chain). */
  readonly bivalueOnly: boolean
}

function strongFrom(cands: Candidates, [cell, digit]: Candidate, { bivalueOnly }: ReferenceOptions): Candidate[] {
  const out: Candidate[] = []
  if (bitCount(cands[cell]) === 2) for (let d = 1; d <= 9; d++) if (d !== digit && has(cands, cell, d)) out.push([cell, d])
  if (bivalueOnly) return out
  for (const unit of allUnits) {
    if (!unit.includes(cell)) continue
    const places = unit.filter((c) => has(cands, c, digit))
    const other = places[0] === cell ? places[1] : places[0]
    if (places.length === 2 && bitCount(cands[other]) >= 2 && !out.some(([c]) => c === other)) out.push([other, digit])
  }
  return out
}

function weakFrom(cands: Candidates, [cell, digit]: Candidate, { bivalueOnly }: ReferenceOptions): Candidate[] {
  const out: Candidate[] = []
  for (const p of peers[cell]) {
    const n = bitCount(cands[p])
    if (has(cands, p, digit) && n >= 2 && (!bivalueOnly || n === 2)) out.push([p, digit])
  }
  if (!bivalueOnly) for (let d = 1; d <= 9; d++) if (d !== digit && has(cands, cell, d)) out.push([cell, d])
  return out
}

/** "digit@cell" of every candidate that cannot be true together with this one. */
function excludedBy(cands: Candidates, [cell, digit]: Candidate): Set<string> {
  const out = new Set<string>()
  for (let d = 1; d <= 9; d++) if (d !== digit && has(cands, cell, d)) out.add(`${d}@${cell}`)
  for (const p of peers[cell]) if (has(cands, p, digit)) out.add(`${digit}@${p}`)
  return out
}

/** Every simple alternating chain from strong link to strong link, of at least 4 nodes. */
export function forEachChain(cands: Candidates, options: ReferenceOptions, fn: (chain: readonly Candidate[]) => void): void {
  const path: Candidate[] = []
  const onPath = new Set<string>()
  const extend = (strongNext: boolean): void => {
    if (!strongNext && path.length >= 4) fn(path)
    if (path.length >= options.maxNodes) return
    const last = path[path.length - 1]
    for (const next of strongNext ? strongFrom(cands, last, options) : weakFrom(cands, last, options)) {
      const key = `${next[1]}@${next[0]}`
      if (onPath.has(key)) continue
      onPath.add(key)
      path.push(next)
      extend(!strongNext)
      path.pop()
      onPath.delete(key)
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    const n = bitCount(cands[cell])
    if (n < 2 || (options.bivalueOnly && n !== 2)) continue
    for (let d = 1; d <= 9; d++) {
      if (!has(cands, cell, d)) continue
      path.push([cell, d])
      onPath.add(`${d}@${cell}`)
      extend(true)
      path.pop()
      onPath.delete(`${d}@${cell}`)
    }
  }
}

/** What the chains `keep` accepts remove ("digit@cell"), each with the first chain that removes it. */
export function referenceEliminations(cands: Candidates, options: ReferenceOptions, keep: (chain: readonly Candidate[]) => boolean): Map<string, Candidate[]> {
  const out = new Map<string, Candidate[]>()
  forEachChain(cands, options, (chain) => {
    if (!keep(chain)) return
    const first = excludedBy(cands, chain[0])
    for (const key of excludedBy(cands, chain[chain.length - 1])) if (first.has(key) && !out.has(key)) out.set(key, [...chain])
  })
  return out
}
