/**
 * The `--candidates` text form of a candidate grid: 81 groups of 9 characters, one group per cell
 * in row-major order; within a group, position d-1 holds `d` when d is still a candidate and `.`
 * when not. A solved cell has exactly one digit left. Whitespace between groups is ignored.
 * A cell with no digit left is refused unless `emptyCells` is set (a player's state may hold one).
 */
import { type Candidates, CELLS, cellName, digitBit } from './board'

export class CandidatesFormatError extends Error {
  override name = 'CandidatesFormatError'
}

export function parseCandidates(text: string, { emptyCells = false }: { emptyCells?: boolean } = {}): Candidates {
  const chars = text.replace(/\s+/g, '')
  if (chars.length !== CELLS * 9) {
    throw new CandidatesFormatError(`A candidate grid has 729 characters (81 cells x 9 digits), but this text has ${chars.length}.`)
  }
  const cands = new Uint16Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) {
    for (let d = 1; d <= 9; d++) {
      const ch = chars[cell * 9 + d - 1]
      if (ch === String(d)) cands[cell] |= digitBit(d)
      else if (ch !== '.' && ch !== '0') {
        throw new CandidatesFormatError(`Cell ${cellName(cell)}, position ${d}: expected "${d}" or ".", found "${ch}".`)
      }
    }
    if (cands[cell] === 0 && !emptyCells) throw new CandidatesFormatError(`Cell ${cellName(cell)} has no candidates left.`)
  }
  return cands
}

export function formatCandidates(cands: Candidates): string {
  let out = ''
  for (let cell = 0; cell < CELLS; cell++) {
    for (let d = 1; d <= 9; d++) out += cands[cell] & digitBit(d) ? String(d) : '.'
  }
  return out
}
