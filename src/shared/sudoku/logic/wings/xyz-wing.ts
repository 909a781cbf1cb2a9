/**
 * XYZ-Wing: a pivot with candidates {x, y, z} sees two cells {x, z} and {y, z}. Whatever the
 * pivot holds, one of the three cells is z, so no cell seeing all three can be z.
 */
import { CELLS, bitCount, cellName, digitBit, digitsOf, peers } from '../../board'
import { cellsSeeingAll, eliminate, listCells, solvedCells } from '../common'
import type { Step, TechniqueFinder } from '../step'

export const findXYZWing: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (let pivot = 0; pivot < CELLS; pivot++) {
    if (solved[pivot] || bitCount(cands[pivot]) !== 3) continue
    const wings = peers[pivot].filter((c) => !solved[c] && bitCount(cands[c]) === 2 && (cands[c] & cands[pivot]) === cands[c])
    for (let i = 0; i < wings.length; i++) {
      for (let j = i + 1; j < wings.length; j++) {
        const a = wings[i]
        const b = wings[j]
        const common = cands[a] & cands[b]
        if (bitCount(common) !== 1) continue
        const z = digitsOf(common)[0]
        const targets = cellsSeeingAll(cands, solved, [pivot, a, b], z)
        if (targets.length === 0) continue
        const [x] = digitsOf(cands[a] & ~digitBit(z))
        const [y] = digitsOf(cands[b] & ~digitBit(z))
        steps.push({
          technique: 'xyz-wing',
          placements: [],
          eliminations: eliminate(targets, z),
          cells: [pivot, a, b],
          units: [],
          text:
            `${cellName(pivot)} can only be ${x}, ${y} or ${z}. If it is ${x}, then ${cellName(a)} (${x} or ${z}) must be ${z}; ` +
            `if it is ${y}, then ${cellName(b)} (${y} or ${z}) must be ${z}. So one of ${listCells([pivot, a, b])} is ${z}, ` +
            `and cells that see all three cannot be ${z}: remove ${z} from ${listCells(targets)}.`,
        })
      }
    }
  }
  return steps
}
