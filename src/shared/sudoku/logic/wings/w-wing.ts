/**
 * W-Wing: two cells that can only be x or y, not seeing each other, joined by a strong link on x
 * (a unit where x has exactly two places, one seeing each cell). They cannot both be x, since then
 * neither end of the link could be x; so one of them is y, and no cell seeing both can be y.
 */
import { CELLS, type Cell, bitCount, cellName, digitsOf, unitName } from '../../board'
import { cellsSeeingAll, eliminate, listCells, sees, solvedCells } from '../common'
import { strongLinks } from '../engine/conjugates'
import { alternatingLinks, candidateEnd } from '../engine/chain-text'
import type { Step, TechniqueFinder } from '../step'

export const findWWing: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  const bivalue: number[] = []
  for (let c = 0; c < CELLS; c++) if (!solved[c] && bitCount(cands[c]) === 2) bivalue.push(c)
  const linksByDigit = new Map<number, ReturnType<typeof strongLinks>>()
  const linksOf = (d: number) => {
    if (!linksByDigit.has(d)) linksByDigit.set(d, strongLinks(cands, solved, d))
    return linksByDigit.get(d)!
  }
  for (let i = 0; i < bivalue.length; i++) {
    for (let j = i + 1; j < bivalue.length; j++) {
      const p = bivalue[i]
      const q = bivalue[j]
      if (cands[p] !== cands[q] || sees(p, q)) continue
      const digits = digitsOf(cands[p])
      for (const x of digits) {
        const y = digits[0] === x ? digits[1] : digits[0]
        const targets = cellsSeeingAll(cands, solved, [p, q], y)
        if (targets.length === 0) continue
        for (const link of linksOf(x)) {
          const [a, b] = link.ends
          if ([p, q].includes(a) || [p, q].includes(b)) continue
          let nearP: Cell
          let nearQ: Cell
          if (sees(a, p) && sees(b, q)) [nearP, nearQ] = [a, b]
          else if (sees(b, p) && sees(a, q)) [nearP, nearQ] = [b, a]
          else continue
          steps.push({
            technique: 'w-wing',
            placements: [],
            eliminations: eliminate(targets, y),
            cells: [p, q, nearP, nearQ],
            units: [link.unit],
            text:
              `${listCells([p, q])} can each only be ${x} or ${y}. In ${unitName(link.unit)}, ${x} can only go in ${listCells([nearP, nearQ])}; ` +
              `${cellName(nearP)} sees ${cellName(p)} and ${cellName(nearQ)} sees ${cellName(q)}. If both cells were ${x}, ` +
              `${unitName(link.unit)} would have no place left for ${x}, so at least one of them is ${y}. ` +
              `Cells that see both cannot be ${y}: remove ${y} from ${listCells(targets)}.`,
            // As a chain: p is y, or p is x, which rules x out of nearP, so nearQ is x, so q is not x but y.
            links: alternatingLinks(
              [
                [p, y],
                [p, x],
                [nearP, x],
                [nearQ, x],
                [q, x],
                [q, y],
              ].map(([cell, d]) => candidateEnd(cell, d)),
            ),
          })
          break // one link is enough to show this pair; others would repeat the same removal
        }
      }
    }
  }
  return steps
}
