/**
 * Almost locked sets (ALS): N open cells of one unit holding N + 1 digits between them. Take any
 * one digit away and the other N fill the N cells. ALS-XZ and ALS-XY-Wing are built from them; this
 * module finds them once per candidate state (the finders share the result) together with the
 * restricted common digits between pairs of them.
 *
 * Cell sets are bit sets of the 81 cells in three 27-bit words (rows 1-3, 4-6, 7-9), so "every
 * cell of A holding x sees every cell of B holding x" is a few ANDs.
 */
import { type Candidates, type Cell, CELLS, allUnits, bitCount, digitBit, peers } from '../../board'

export type Bits = [number, number, number]

export const emptyBits = (): Bits => [0, 0, 0]
export const fullBits = (): Bits => [0x7ffffff, 0x7ffffff, 0x7ffffff]
export const addBit = (bits: Bits, cell: Cell): void => void (bits[Math.floor(cell / 27)] |= 1 << (cell % 27))
export const hasBit = (bits: Bits, cell: Cell): boolean => (bits[Math.floor(cell / 27)] & (1 << (cell % 27))) !== 0
export const andBits = (a: Bits, b: Bits): Bits => [a[0] & b[0], a[1] & b[1], a[2] & b[2]]
export const minusBits = (a: Bits, b: Bits): Bits => [a[0] & ~b[0], a[1] & ~b[1], a[2] & ~b[2]]
export const isEmptyBits = (a: Bits): boolean => (a[0] | a[1] | a[2]) === 0
export const overlaps = (a: Bits, b: Bits): boolean => ((a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2])) !== 0
export const within = (a: Bits, b: Bits): boolean => isEmptyBits(minusBits(a, b))
export function cellsOfBits(bits: Bits): Cell[] {
  const out: Cell[] = []
  for (let w = 0; w < 3; w++) for (let word = bits[w]; word; word &= word - 1) out.push(w * 27 + 31 - Math.clz32(word & -word))
  return out.sort((a, b) => a - b)
}

const PEER_BITS: readonly Bits[] = Array.from({ length: CELLS }, (_, cell) => {
  const bits = emptyBits()
  for (const p of peers[cell]) addBit(bits, p)
  return bits
})

/** Cells that see every cell of `cells` (none of `cells` themselves). */
export function seeingAll(cells: readonly Cell[]): Bits {
  return cells.reduce((acc, c) => andBits(acc, PEER_BITS[c]), fullBits())
}

export interface Als {
  readonly cells: readonly Cell[]
  readonly bits: Bits
  /** Index into allUnits of a unit holding it, for the text. */
  readonly unit: number
  /** Its N + 1 digits, as a mask. */
  readonly digits: number
  /** For digit d (index d): its cells holding d. */
  readonly holders: readonly (readonly Cell[])[]
  /** For digit d: the cells (outside the set) that see every one of its cells holding d. */
  readonly seers: readonly Bits[]
  /** For digit d: its cells holding d, as bits. */
  readonly digitBits: readonly Bits[]
}

export interface AlsState {
  readonly sets: readonly Als[]
  /** For digit d: the open cells still holding it. */
  readonly places: readonly Bits[]
  /** For each pair [i, j] (i < j) of disjoint sets, the mask of their restricted common digits. */
  readonly restricted: readonly { readonly i: number; readonly j: number; readonly rcc: number }[]
}

/**
 * Sets of up to MAX_ALS_CELLS cells: 8 is every size a unit's nine cells allow once one is taken,
 * as HoDoKu searches; timing is in bench/logic-chains.ts.
 */
const MAX_ALS_CELLS = 8

/** Bits set in each 9-bit mask: the hot loops below count digits and cells many thousand times a state. */
const POPCOUNT = Uint8Array.from({ length: 1 << 9 }, (_, m) => bitCount(m))

let cachedFor: Candidates | null = null
let cached: AlsState | null = null

/** The almost locked sets of this state, computed once per distinct candidate grid. */
export function almostLockedSets(cands: Candidates): AlsState {
  if (cachedFor && cached && cachedFor.every((m, i) => m === cands[i])) return cached
  cached = computeAls(cands)
  cachedFor = Uint16Array.from(cands)
  return cached
}

function computeAls(cands: Candidates): AlsState {
  const places = Array.from({ length: 10 }, emptyBits)
  for (let cell = 0; cell < CELLS; cell++) if (bitCount(cands[cell]) > 1) for (let d = 1; d <= 9; d++) if (cands[cell] & digitBit(d)) addBit(places[d], cell)
  const sets: Als[] = []
  const seen = new Set<string>()
  const digitsOfSubset = new Uint16Array(1 << 9)
  allUnits.forEach((unit, u) => {
    const open = unit.filter((c) => bitCount(cands[c]) > 1)
    // Each subset of the unit's open cells as a bit mask; its digits from the subset without its lowest cell.
    for (let subset = 1; subset < 1 << open.length; subset++) {
      const lowest = 31 - Math.clz32(subset & -subset)
      const digits = (digitsOfSubset[subset] = digitsOfSubset[subset & (subset - 1)] | cands[open[lowest]])
      const n = POPCOUNT[subset]
      if (n > MAX_ALS_CELLS || POPCOUNT[digits] !== n + 1) continue
      const cells = open.filter((_, i) => subset & (1 << i))
      const key = cells.join(',')
      if (seen.has(key)) continue
      seen.add(key)
      sets.push(makeAls(cands, cells, u, digits))
    }
  })
  const restricted: { i: number; j: number; rcc: number }[] = []
  for (let i = 0; i < sets.length; i++)
    for (let j = i + 1; j < sets.length; j++) {
      const [a, b] = [sets[i], sets[j]]
      const common = a.digits & b.digits
      if (!common || overlaps(a.bits, b.bits)) continue
      let rcc = 0
      for (let rest = common; rest; rest &= rest - 1) {
        const bit = rest & -rest
        const d = 32 - Math.clz32(bit)
        if (within(b.digitBits[d], a.seers[d])) rcc |= bit
      }
      if (rcc) restricted.push({ i, j, rcc })
    }
  return { sets, places, restricted }
}

function makeAls(cands: Candidates, cells: Cell[], unit: number, digits: number): Als {
  const bits = emptyBits()
  for (const c of cells) addBit(bits, c)
  const holders: Cell[][] = Array.from({ length: 10 }, () => [])
  const seers: Bits[] = Array.from({ length: 10 }, emptyBits)
  const digitBits: Bits[] = Array.from({ length: 10 }, emptyBits)
  for (let d = 1; d <= 9; d++) {
    if (!(digits & digitBit(d))) continue
    holders[d] = cells.filter((c) => cands[c] & digitBit(d))
    seers[d] = seeingAll(holders[d])
    for (const c of holders[d]) addBit(digitBits[d], c)
  }
  return { cells, bits, unit, digits, holders, seers, digitBits }
}

/** Open cells outside `exclude` holding `digit` that see every cell of each set in `sets` holding it. */
export function targetsOf(state: AlsState, sets: readonly Als[], digit: number, exclude: Bits): Cell[] {
  let bits = minusBits(state.places[digit], exclude)
  for (const s of sets) if (s.holders[digit].length) bits = andBits(bits, s.seers[digit])
  return cellsOfBits(bits)
}
