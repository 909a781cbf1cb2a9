/**
 * 2-String Kite: a digit with exactly two places in a row and exactly two in a column, one end of
 * each inside the same box. Those two ends cannot both hold the digit, so at least one of the far
 * ends does, and no cell seeing both far ends can hold it.
 */
import { boxOf, unitName } from '../../board'
import { cellsSeeingAll, eliminate, listCells, solvedCells } from '../common'
import { strongLinks } from '../engine/conjugates'
import { alternatingLinks, candidateEnd } from '../engine/chain-text'
import type { Step, TechniqueFinder } from '../step'

export const findTwoStringKite: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (let digit = 1; digit <= 9; digit++) {
    const rowLinks = strongLinks(cands, solved, digit, 0, 9)
    const colLinks = strongLinks(cands, solved, digit, 9, 18)
    for (const row of rowLinks) {
      for (const col of colLinks) {
        for (let ri = 0; ri < 2; ri++) {
          for (let ci = 0; ci < 2; ci++) {
            const [rowNear, rowFar] = [row.ends[ri], row.ends[1 - ri]]
            const [colNear, colFar] = [col.ends[ci], col.ends[1 - ci]]
            const box = boxOf(rowNear)
            if (rowNear === colNear || boxOf(colNear) !== box) continue
            if (boxOf(rowFar) === box || boxOf(colFar) === box || rowFar === colFar) continue
            const pattern = [rowNear, rowFar, colNear, colFar]
            const targets = cellsSeeingAll(cands, solved, [rowFar, colFar], digit, pattern)
            if (targets.length === 0) continue
            steps.push({
              technique: 'two-string-kite',
              placements: [],
              eliminations: eliminate(targets, digit),
              cells: pattern,
              units: [row.unit, col.unit, 18 + box],
              text:
                `In ${unitName(row.unit)}, ${digit} can only go in ${listCells([rowNear, rowFar])}, and in ${unitName(col.unit)} only in ${listCells([colNear, colFar])}. ` +
                `${listCells([rowNear, colNear])} are both in box ${box + 1}, so at most one of them is ${digit}; ` +
                `that means at least one of ${listCells([rowFar, colFar])} is ${digit}. ` +
                `Cells that see both of them cannot be ${digit}: remove ${digit} from ${listCells(targets)}.`,
              links: alternatingLinks([rowFar, rowNear, colNear, colFar].map((cell) => candidateEnd(cell, digit))),
            })
          }
        }
      }
    }
  }
  return steps
}
