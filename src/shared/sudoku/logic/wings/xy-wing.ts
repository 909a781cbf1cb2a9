/**
 * XY-Wing: a pivot cell with candidates {x, y} sees two cells {x, z} and {y, z}. Whichever digit
 * the pivot takes, one of the two "pincers" becomes z, so no cell seeing both pincers can be z.
 */
import { CELLS, bitCount, cellName, digitsOf, peers } from '../../board'
import { cellsSeeingAll, eliminate, listCells, solvedCells } from '../common'
import { alternatingLinks, candidateEnd } from '../engine/chain-text'
import type { Step, TechniqueFinder } from '../step'

export const findXYWing: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (let pivot = 0; pivot < CELLS; pivot++) {
    if (solved[pivot] || bitCount(cands[pivot]) !== 2) continue
    const [x, y] = digitsOf(cands[pivot])
    const wings = peers[pivot].filter((c) => !solved[c] && bitCount(cands[c]) === 2)
    for (const a of wings) {
      const shared = cands[a] & cands[pivot]
      if (bitCount(shared) !== 1 || !(shared & (1 << (x - 1)))) continue // a = {x, z}
      const zBit = cands[a] & ~cands[pivot]
      for (const b of wings) {
        if (b === a || cands[b] !== ((1 << (y - 1)) | zBit)) continue // b = {y, z}
        const z = digitsOf(zBit)[0]
        const targets = cellsSeeingAll(cands, solved, [a, b], z, [pivot, a, b])
        if (targets.length === 0) continue
        steps.push({
          technique: 'xy-wing',
          placements: [],
          eliminations: eliminate(targets, z),
          cells: [pivot, a, b],
          units: [],
          text:
            `${cellName(pivot)} can only be ${x} or ${y}. If it is ${x}, then ${cellName(a)} (${x} or ${z}) must be ${z}; ` +
            `if it is ${y}, then ${cellName(b)} (${y} or ${z}) must be ${z}. Either way one of ${listCells([a, b])} is ${z}, ` +
            `so cells that see both cannot be ${z}: remove ${z} from ${listCells(targets)}.`,
          // As a chain: a is z, or a is x, so the pivot is y, so b is not y but z.
          links: alternatingLinks(
            [
              [a, z],
              [a, x],
              [pivot, x],
              [pivot, y],
              [b, y],
              [b, z],
            ].map(([cell, d]) => candidateEnd(cell, d)),
          ),
        })
      }
    }
  }
  return steps
}
