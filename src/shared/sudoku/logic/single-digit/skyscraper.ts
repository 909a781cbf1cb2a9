/**
 * Skyscraper: two rows (or two columns) where a digit has exactly two places each, with one end
 * of each in the same column (or row). Only one of those two "base" cells can hold the digit, so
 * at least one of the two other ends ("tops") does, and no cell seeing both tops can hold it.
 */
import { colOf, rowOf, unitName } from '../../board'
import { cellsSeeingAll, eliminate, listCells, solvedCells } from '../common'
import { strongLinks } from '../engine/conjugates'
import { alternatingLinks, candidateEnd } from '../engine/chain-text'
import type { Step, TechniqueFinder } from '../step'

export const findSkyscraper: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (const byRows of [true, false]) {
    const crossOf = byRows ? colOf : rowOf
    for (let digit = 1; digit <= 9; digit++) {
      const links = byRows ? strongLinks(cands, solved, digit, 0, 9) : strongLinks(cands, solved, digit, 9, 18)
      for (let i = 0; i < links.length; i++) {
        for (let j = i + 1; j < links.length; j++) {
          const a = links[i]
          const b = links[j]
          for (let ai = 0; ai < 2; ai++) {
            for (let bi = 0; bi < 2; bi++) {
              const [baseA, topA] = [a.ends[ai], a.ends[1 - ai]]
              const [baseB, topB] = [b.ends[bi], b.ends[1 - bi]]
              // Bases share a line; tops must not (that would be an X-Wing).
              if (crossOf(baseA) !== crossOf(baseB) || crossOf(topA) === crossOf(topB)) continue
              const pattern = [baseA, topA, baseB, topB]
              const targets = cellsSeeingAll(cands, solved, [topA, topB], digit, pattern)
              if (targets.length === 0) continue
              const baseLine = byRows ? `column ${crossOf(baseA) + 1}` : `row ${crossOf(baseA) + 1}`
              steps.push({
                technique: 'skyscraper',
                placements: [],
                eliminations: eliminate(targets, digit),
                cells: pattern,
                units: [a.unit, b.unit],
                text:
                  `In ${unitName(a.unit)}, ${digit} can only go in ${listCells([baseA, topA])}, and in ${unitName(b.unit)} only in ${listCells([baseB, topB])}. ` +
                  `${listCells([baseA, baseB])} are both in ${baseLine}, so at most one of them is ${digit}; ` +
                  `that means at least one of ${listCells([topA, topB])} is ${digit}. ` +
                  `Cells that see both of them cannot be ${digit}: remove ${digit} from ${listCells(targets)}.`,
                links: alternatingLinks([topA, baseA, baseB, topB].map((cell) => candidateEnd(cell, digit))),
              })
            }
          }
        }
      }
    }
  }
  return steps
}
