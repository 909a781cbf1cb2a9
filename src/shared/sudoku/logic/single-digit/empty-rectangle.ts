/**
 * Empty Rectangle: in a box, a digit's places all lie in one row and one column of the box (a
 * cross, not all in one line), so it goes in that row or in that column. A strong link on the
 * digit in a line outside the box, with one end in the cross's row (or column), then removes it
 * where the link's other line meets the cross's column (or row): if that cell held the digit, the
 * link's far end would not, its near end would, and the box would have no place left.
 */
import { type Cell, allUnits, boxOf, cellAt, colOf, digitBit, rowOf, unitName } from '../../board'
import { eliminate, listCells, placesFor, solvedCells } from '../common'
import { strongLinks } from '../engine/conjugates'
import type { Step, TechniqueFinder } from '../step'

export const findEmptyRectangle: TechniqueFinder = (cands) => {
  const solved = solvedCells(cands)
  const steps: Step[] = []
  for (let digit = 1; digit <= 9; digit++) {
    const bit = digitBit(digit)
    const lineLinks = strongLinks(cands, solved, digit, 0, 18)
    for (let box = 0; box < 9; box++) {
      const places = placesFor(cands, solved, allUnits[18 + box], digit)
      if (places.length < 2) continue
      for (const [row, col] of crosses(places)) {
        for (const link of lineLinks) {
          const byRow = link.unit >= 9 // a column link meets the cross's row; a row link meets its column
          for (let k = 0; k < 2; k++) {
            const [near, far] = [link.ends[k], link.ends[1 - k]]
            if (boxOf(near) === box || boxOf(far) === box) continue
            if (byRow ? rowOf(near) !== row : colOf(near) !== col) continue
            const target: Cell = byRow ? cellAt(rowOf(far), col) : cellAt(row, colOf(far))
            if (boxOf(target) === box || solved[target] || !(cands[target] & bit) || target === far) continue
            const line = byRow ? `row ${row + 1}` : `column ${col + 1}`
            const other = byRow ? `column ${col + 1}` : `row ${row + 1}`
            steps.push({
              technique: 'empty-rectangle',
              placements: [],
              eliminations: eliminate([target], digit),
              cells: [...places, near, far],
              units: [18 + box, link.unit],
              text:
                `In box ${box + 1}, ${digit} can only go in row ${row + 1} or column ${col + 1} (${listCells(places)}). ` +
                `In ${unitName(link.unit)}, ${digit} can only go in ${listCells([near, far])}. ` +
                `If ${listCells([target])} were ${digit}, ${listCells([far])} would not be, so ${listCells([near])} would, which takes ${line} in box ${box + 1}; ` +
                `${listCells([target])} takes ${other} there, leaving box ${box + 1} no place for ${digit}. So remove ${digit} from ${listCells([target])}.`,
              links: [
                { from: { cells: [target], digit }, to: { cells: [far], digit }, kind: 'weak' },
                { from: { cells: [far], digit }, to: { cells: [near], digit }, kind: 'strong' },
              ],
            })
          }
        }
      }
    }
  }
  return steps
}

/** The (row, column) pairs of the box whose union holds every place, when the places are not all in one line. */
function crosses(places: readonly Cell[]): [number, number][] {
  const rows = [...new Set(places.map(rowOf))]
  const cols = [...new Set(places.map(colOf))]
  if (rows.length === 1 || cols.length === 1) return []
  const out: [number, number][] = []
  for (const r of rows) for (const c of cols) if (places.every((p) => rowOf(p) === r || colOf(p) === c)) out.push([r, c])
  return out
}
