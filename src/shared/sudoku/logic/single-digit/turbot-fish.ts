/**
 * Turbot Fish: two strong links on one digit (two units where it has only two places each) whose
 * near ends see each other. The near ends cannot both hold the digit, so at least one far end
 * does, and a cell seeing both far ends cannot. Skyscraper (two parallel lines) and 2-String Kite
 * (a row and a column meeting in a box) are the named cases and come first in the order; this
 * finder reports the rest (a box link with a line link, or near ends that meet in a line).
 */
import { boxOf, unitName } from '../../board'
import { cellsSeeingAll, eliminate, listCells, sees, solvedCells, uniqueCells } from '../common'
import { strongLinks } from '../engine/conjugates'
import type { Step, TechniqueFinder } from '../step'

export const findTurbotFish: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  const seen = new Set<string>()
  for (let digit = 1; digit <= 9; digit++) {
    const links = strongLinks(cands, solved, digit)
    for (let i = 0; i < links.length; i++) {
      for (let j = 0; j < links.length; j++) {
        const [a, b] = [links[i], links[j]]
        if (i === j || isNamedCase(a.unit, b.unit)) continue
        for (let ai = 0; ai < 2; ai++) {
          for (let bi = 0; bi < 2; bi++) {
            const [aNear, aFar] = [a.ends[ai], a.ends[1 - ai]]
            const [bNear, bFar] = [b.ends[bi], b.ends[1 - bi]]
            const pattern = [aFar, aNear, bNear, bFar]
            if (new Set(pattern).size < 4 || !sees(aNear, bNear) || sees(aFar, bFar)) continue
            if (a.unit < 18 && b.unit < 18 && boxOf(aNear) === boxOf(bNear)) continue // a 2-String Kite
            const key = `${digit}:${uniqueCells(pattern).join(',')}`
            if (seen.has(key)) continue
            const targets = cellsSeeingAll(cands, solved, [aFar, bFar], digit, pattern)
            if (targets.length === 0) continue
            seen.add(key)
            steps.push({
              technique: 'turbot-fish',
              placements: [],
              eliminations: eliminate(targets, digit),
              cells: pattern,
              units: [a.unit, b.unit],
              text:
                `In ${unitName(a.unit)}, ${digit} can only go in ${listCells([aNear, aFar])}, and in ${unitName(b.unit)} only in ${listCells([bNear, bFar])}. ` +
                `${listCells([aNear, bNear])} see each other, so at most one of them is ${digit}; ` +
                `that means at least one of ${listCells([aFar, bFar])} is ${digit}. ` +
                `Cells that see both of them cannot be ${digit}: remove ${digit} from ${listCells(targets)}.`,
              links: [
                { from: end(aFar, digit), to: end(aNear, digit), kind: 'strong' },
                { from: end(aNear, digit), to: end(bNear, digit), kind: 'weak' },
                { from: end(bNear, digit), to: end(bFar, digit), kind: 'strong' },
              ],
            })
          }
        }
      }
    }
  }
  return steps
}

const end = (cell: number, digit: number) => ({ cells: [cell], digit })

/** Two rows, two columns (Skyscraper) or a row and a column (2-String Kite, when the near ends share a box). */
function isNamedCase(u: number, v: number): boolean {
  const kind = (x: number): number => Math.floor(x / 9) // 0 row, 1 column, 2 box
  return kind(u) === kind(v) && kind(u) < 2
}
