/**
 * Builds candidate grids for technique tests through the 729-character `--candidates` form, the
 * way textbook diagrams draw them: start with every digit possible everywhere (no cell solved),
 * then remove the candidates that make the pattern.
 */
import { type Candidates, type Cell, cellAt } from '../../../../src/shared/sudoku/board'
import { parseCandidates } from '../../../../src/shared/sudoku/candidates-format'
import type { Elimination, Step } from '../../../../src/shared/sudoku/logic/step'

export class Pencil {
  private readonly groups: string[] = Array.from({ length: 81 }, () => '123456789')

  /** The cell keeps exactly these digits. */
  set(cell: Cell, digits: string): this {
    this.groups[cell] = [...'123456789'].map((d) => (digits.includes(d) ? d : '.')).join('')
    return this
  }

  /** Removes `digit` from the cells given. */
  remove(digit: number, cells: readonly Cell[]): this {
    for (const cell of cells) {
      const g = this.groups[cell].split('')
      g[digit - 1] = '.'
      this.groups[cell] = g.join('')
    }
    return this
  }

  /** Within `unit`, `digit` stays only in `keep`. */
  only(digit: number, unit: readonly Cell[], keep: readonly Cell[]): this {
    return this.remove(
      digit,
      unit.filter((c) => !keep.includes(c)),
    )
  }

  text(): string {
    return this.groups.join('')
  }

  candidates(): Candidates {
    return parseCandidates(this.text())
  }
}

/** r1c1-style names to cells, for readable tests: cell('r5c4'). */
export function cell(name: string): Cell {
  const m = /^r(\d)c(\d)$/.exec(name)
  if (!m) throw new Error(`bad cell name ${name}`)
  return cellAt(Number(m[1]) - 1, Number(m[2]) - 1)
}

export const cells = (...names: string[]): Cell[] => names.map(cell)

/** A step's eliminations as sorted "digit@rXcY" strings, easy to compare and read in failures. */
export function elims(step: Pick<Step, 'eliminations'>): string[] {
  return step.eliminations.map(show).sort()
}

export const expected = (digit: number, names: string[]): string[] => names.map((n) => show({ cell: cell(n), digit })).sort()

function show({ cell: c, digit }: Elimination): string {
  return `${digit}@r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`
}
