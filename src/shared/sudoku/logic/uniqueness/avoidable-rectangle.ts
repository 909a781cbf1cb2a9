/**
 * Avoidable Rectangle, types 1 and 2: the deadly pattern (uniqueness/rectangles.ts) among digits already
 * written in. Two digits x and y placed while solving (not given) at corners of a rectangle could
 * be swapped round it just like candidates: the givens would allow both solutions. So no corner
 * may complete such a pattern.
 *
 * - Type 1: three corners are placed, x opposite the open corner and y in the other two; the open
 *   corner cannot be x.
 * - Type 2: two corners side by side are placed (x and y); the corner opposite x holds only x and
 *   z, the one opposite y only y and z. Both taking x and y would complete the pattern, so one of
 *   them is z, and z goes from every cell that sees both.
 *
 * A given at any corner breaks the swap, so only the player's or the solver's placed digits count:
 * the finder needs the written grid and the givens, and finds nothing without them.
 *
 * ASSUMPTION: the puzzle has exactly one solution, and the digits written in are right (hints
 * point out wrong digits before any step).
 */
import { type Candidates, type Cell, type Grid, bitCount, cellName, digitBit } from '../../board'
import { cellsSeeingAll, listCells, solvedCells } from '../common'
import { type Corners, RECTANGLES, aligned, opposite, rectangleUnits, swapText } from './rectangles'
import type { Elimination, FindOptions, Placement, Step, Technique } from '../step'

export function findAvoidableRectangles(cands: Candidates, grid?: Grid, options?: FindOptions): Step[] {
  const givens = options?.givens
  if (!grid || !givens) return []
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (const corners of RECTANGLES) {
    if (corners.some((c) => givens[c])) continue
    const placed = corners.filter((c) => grid[c])
    if (placed.length === 3) steps.push(...type1(cands, grid, corners))
    if (placed.length === 2 && aligned(placed[0], placed[1])) steps.push(...type2(cands, solved, grid, corners, placed))
  }
  return steps
}

function type1(cands: Candidates, grid: Grid, corners: Corners): Step[] {
  const open = corners.find((c) => !grid[c])!
  const x = grid[opposite(corners, open)]
  const sides = corners.filter((c) => c !== open && c !== opposite(corners, open))
  const y = grid[sides[0]]
  if (y === x || grid[sides[1]] !== y || !(cands[open] & digitBit(x))) return []
  return [
    avoidableStep(
      'avoidable-rectangle-1',
      corners,
      [{ cell: open, digit: x }],
      `${listCells(sides)} hold ${y} and ${cellName(opposite(corners, open))} holds ${x}, none of them given. If ${cellName(open)} were ${x}, ` +
        `${swapText(corners, x, y)} that the givens both allow. So ${x} can be removed from ${cellName(open)}.`,
      [{ cell: open, digit: x }],
    ),
  ]
}

function type2(cands: Candidates, solved: Uint8Array, grid: Grid, corners: Corners, placed: readonly Cell[]): Step[] {
  const [s1, s2] = placed
  const [x, y] = [grid[s1], grid[s2]]
  const [o1, o2] = [opposite(corners, s1), opposite(corners, s2)]
  const extra = cands[o1] & ~digitBit(x)
  if (bitCount(cands[o1]) !== 2 || !(cands[o1] & digitBit(x)) || bitCount(extra) !== 1 || cands[o2] !== (extra | digitBit(y))) return []
  const z = 31 - Math.clz32(extra) + 1
  const targets = cellsSeeingAll(cands, solved, [o1, o2], z, corners)
  if (targets.length === 0) return []
  return [
    avoidableStep(
      'avoidable-rectangle-2',
      corners,
      targets.map((cell) => ({ cell, digit: z })),
      `${cellName(s1)} holds ${x} and ${cellName(s2)} holds ${y}, neither given; ${cellName(o1)} has only ${x} and ${z} left and ` +
        `${cellName(o2)} only ${y} and ${z}. If neither were ${z}, ${swapText(corners, x, y)} that the givens both allow. So one of them ` +
        `is ${z}, and ${z} can be removed from ${listCells(targets)}, which ${targets.length > 1 ? 'see' : 'sees'} both.`,
      [
        { cell: o1, digit: x },
        { cell: o1, digit: z },
        { cell: o2, digit: y },
        { cell: o2, digit: z },
      ],
    ),
  ]
}

function avoidableStep(technique: Technique, corners: Corners, eliminations: Elimination[], text: string, marks: Placement[]): Step {
  return { technique, placements: [], eliminations, cells: corners, units: rectangleUnits(corners), text: `Avoidable rectangle: ${text}`, marks }
}
