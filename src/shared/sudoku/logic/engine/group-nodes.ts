/**
 * Group nodes for grouped chains: a digit's candidates in one box that all lie in one row (or one
 * column) of it act together as one node, "the digit is in one of these cells". Such a node has
 * strong links where a unit's places for the digit split into it and one other node (a candidate
 * or another group), and weak links to the digit in every cell that sees all of its cells.
 *
 * Each box meets 3 rows and 3 columns: 54 segments of 3 cells on the board, so 9 x 54 possible
 * group nodes. They are numbered after the 729 candidates (engine/links.ts), so one number names a node
 * of either kind.
 */
import { type Candidates, type Cell, type Digit, allUnits, bitCount, cellAt, digitBit } from '../../board'

/** The first group node's number: candidates are 0..728. */
export const GROUP_BASE = 729

/** Row segments (27: row r, band of columns b, at r * 3 + b) then column segments (27). */
const SEGMENTS = 54

export const GROUP_NODES = 9 * SEGMENTS

const segmentCells: readonly (readonly Cell[])[] = Array.from({ length: SEGMENTS }, (_, s) => {
  const line = Math.floor((s % 27) / 3)
  const band = s % 3
  return [0, 1, 2].map((i) => (s < 27 ? cellAt(line, band * 3 + i) : cellAt(band * 3 + i, line)))
})

/** For each unit of `allUnits`, the segments inside it: 3 for a row or column, 6 for a box. */
const unitSegments: readonly (readonly number[])[] = allUnits.map((unit) =>
  segmentCells.flatMap((cells, s) => (cells.every((c) => unit.includes(c)) ? [s] : [])),
)

export const isGroup = (node: number): boolean => node >= GROUP_BASE

export const groupDigit = (node: number): Digit => Math.floor((node - GROUP_BASE) / SEGMENTS) + 1

const groupNode = (digit: Digit, segment: number): number => GROUP_BASE + (digit - 1) * SEGMENTS + segment

export interface GroupNode {
  readonly node: number
  readonly digit: Digit
  /** Every cell of its segment that still has the digit: two or three of them. */
  readonly cells: readonly Cell[]
}

/**
 * The group nodes of `digit` in this state: segments with two or three places for it. A segment
 * with a single-candidate cell among them is left out, as such a cell is (about to be) solved.
 */
export function groupNodes(cands: Candidates, digit: Digit): GroupNode[] {
  const bit = digitBit(digit)
  const groups: GroupNode[] = []
  for (let s = 0; s < SEGMENTS; s++) {
    const cells = segmentCells[s].filter((c) => cands[c] & bit)
    if (cells.length >= 2 && cells.every((c) => bitCount(cands[c]) >= 2)) groups.push({ node: groupNode(digit, s), digit, cells })
  }
  return groups
}

/** The group nodes among `groups` whose segment lies inside unit `unit`. */
export function groupsInUnit(groups: readonly GroupNode[], unit: number): GroupNode[] {
  const inside = unitSegments[unit]
  return groups.filter((g) => inside.includes((g.node - GROUP_BASE) % SEGMENTS))
}
