/**
 * ALS-XY-Wing: three almost locked sets (als/als.ts). A and the pivot C share a restricted common
 * digit x, B and C another, y. C can lose only one digit, so it keeps x or y: then A cannot be x,
 * or B cannot be y, and that set is locked. Either way a digit z of both A and B (other than x and
 * y) lands in A or in B, so z goes from every cell that sees all the cells of A and B holding it.
 */
import { type Candidates, digitBit, digitsOf } from '../../board'
import { type AlsState, type Bits, almostLockedSets, overlaps, targetsOf } from './als'
import { alsMarks, alsText } from './als-xz'
import { describeEliminations } from '../common'
import type { Elimination, Step } from '../step'

export function findAlsXyWing(cands: Candidates): Step[] {
  const state = almostLockedSets(cands)
  const neighbours = neighbourLists(state)
  const steps: Step[] = []
  const seen = new Set<string>()
  state.sets.forEach((c, ci) => {
    const links = neighbours[ci]
    for (let p = 0; p < links.length; p++)
      for (let q = p + 1; q < links.length; q++) {
        const [first, second] = [links[p], links[q]]
        const [a, b] = [state.sets[first.other], state.sets[second.other]]
        const zs = a.digits & b.digits
        if (!zs || overlaps(a.bits, b.bits)) continue
        const outside: Bits = [a.bits[0] | b.bits[0] | c.bits[0], a.bits[1] | b.bits[1] | c.bits[1], a.bits[2] | b.bits[2] | c.bits[2]]
        for (const x of digitsOf(first.rcc))
          for (const y of digitsOf(second.rcc)) {
            if (x === y || !(zs & ~digitBit(x) & ~digitBit(y))) continue
            const eliminations: Elimination[] = []
            for (const z of digitsOf(zs & ~digitBit(x) & ~digitBit(y)))
              for (const cell of targetsOf(state, [a, b], z, outside)) eliminations.push({ cell, digit: z })
            if (eliminations.length === 0) continue
            const key = eliminations.map((e) => e.cell * 10 + e.digit).join(',')
            if (seen.has(key)) continue
            seen.add(key)
            steps.push({
              technique: 'als-xy-wing',
              placements: [],
              eliminations,
              cells: [...a.cells, ...b.cells, ...c.cells].sort((m, n) => m - n),
              units: [a.unit, b.unit, c.unit],
              text:
                `Three almost locked sets, each holding one digit more than it has cells: A = ${alsText(a)}, B = ${alsText(b)} ` +
                `and C = ${alsText(c)}. ${x} can be in at most one of A and C, and ${y} in at most one of B and C (every cell ` +
                `holding it in one sees every cell holding it in the other). C can lose only one digit, so it keeps ${x} or ${y}, ` +
                `and then A or B is locked without it. Either way the digits A and B share land in one of them, so the cells that ` +
                `see all their cells holding one cannot: ${describeEliminations(eliminations)}.`,
              marks: alsMarks(cands, [a, b, c]),
            })
          }
      }
  })
  return steps
}

/** For each set, the sets it shares a restricted common digit with, and which digits. */
function neighbourLists(state: AlsState): { other: number; rcc: number }[][] {
  const lists: { other: number; rcc: number }[][] = state.sets.map(() => [])
  for (const { i, j, rcc } of state.restricted) {
    lists[i].push({ other: j, rcc })
    lists[j].push({ other: i, rcc })
  }
  return lists
}
