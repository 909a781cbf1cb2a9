/**
 * paper/printed-cells.ts and its use in paper/decide-page.ts: a page's printed givens settled by symmetry and by the
 * rules. Puzzles and solutions: the Sudoku Exchange bank (public domain).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CellKind } from '../../../../src/shared/vision/cell-reading'
import { type CellEvidence, decidePaper } from '../../../../src/shared/vision/paper/decide-page'
import { mendSymmetry } from '../../../../src/shared/vision/paper/printed-cells'
import { PUZZLES_DIR } from '../../../../datasets/puzzles'
import { solve } from '../../../../src/shared/sudoku/solver'
import { peers } from '../../../../src/shared/sudoku/board'

const bank = readFileSync(join(PUZZLES_DIR, 'medium_puzzle_and_solution.txt'), 'utf8')
  .split(/\r?\n/)
  .filter((l) => /^[0-9.]{81}\s+[1-9]{81}/.test(l))
  .map((l) => {
    const [puzzle, solution] = l.split(/\s+/)
    return { puzzle: Uint8Array.from(puzzle, (ch) => Number(ch) || 0), solution: Uint8Array.from(solution, Number) }
  })
const symmetric = (p: Uint8Array): boolean => p.every((d, i) => d > 0 === p[80 - i] > 0)
const symmetricPuzzles = bank.filter((b) => symmetric(b.puzzle)).slice(0, 10)
/** Puzzles whose givens keep at most half their mirrored pairs whole. */
const asymmetricPuzzles = bank
  .filter((b) => {
    let whole = 0
    let broken = 0
    for (let i = 0; i <= 40; i++) if (b.puzzle[i] || b.puzzle[80 - i]) b.puzzle[i] && b.puzzle[80 - i] ? whole++ : broken++
    return broken >= whole
  })
  .slice(0, 10)

/** Kind probabilities putting `p` on `kind`, the rest shared. */
function kindP(kind: CellKind, p = 0.98): Float32Array {
  const order: CellKind[] = ['empty', 'given', 'entry', 'marks']
  return Float32Array.from(order, (k) => (k === kind ? p : (1 - p) / 3))
}

const digitP = (d: number): Float32Array => Float32Array.from({ length: 9 }, (_, i) => (i === d - 1 ? 0.96 : 0.005))

/** The puzzle printed, the rest of the solution written in `written` cells, each judged as given by `judged`. */
function page(b: { puzzle: Uint8Array; solution: Uint8Array }, written: readonly number[], judged: Map<number, Float32Array> = new Map()): CellEvidence[] {
  return Array.from(b.puzzle, (given, cell) => {
    const pen = written.includes(cell)
    const truth: CellKind = given ? 'given' : pen ? 'entry' : 'empty'
    const digit = given || (pen ? b.solution[cell] : 0)
    return { kind: judged.get(cell) ?? kindP(truth), printed: given ? digitP(given) : null, written: digit ? digitP(digit) : null, marks: [] }
  })
}

const emptyOf = (p: Uint8Array): number[] => [...p.keys()].filter((c) => !p[c])

describe('mendSymmetry', () => {
  it('keeps a sure given facing a sure blank: a tie is no evidence (a printed puzzle may lack symmetry)', () => {
    for (const b of symmetricPuzzles) {
      const cell = emptyOf(b.puzzle).find((c) => !b.puzzle[80 - c] && c !== 40)!
      const kinds = Array.from(b.puzzle, (d, i): CellKind => (d || i === cell ? 'given' : 'empty'))
      const sure = (k: CellKind): Float32Array => Float32Array.from(['empty', 'given', 'entry', 'marks'], (x) => (x === k ? 1 : 0))
      // The given a hair less sure than the blank: both at the floor of the log-odds all the same.
      const probs = kinds.map((k, i) => (i === cell ? Float32Array.from([0, 0.9999, 0.0001, 0]) : sure(k)))
      expect(mendSymmetry(kinds, probs)[cell]).toBe('given')
    }
  })

  it('takes a written digit judged printed for an entry when its mirror is empty', () => {
    for (const b of symmetricPuzzles) {
      const cell = emptyOf(b.puzzle).find((c) => !b.puzzle[80 - c] && c !== 40)!
      const kinds = Array.from(b.puzzle, (d, i): CellKind => (d || i === cell ? 'given' : 'empty'))
      const probs = kinds.map((k, i) => (i === cell ? kindP('given', 0.8) : kindP(k, 0.999)))
      expect(mendSymmetry(kinds, probs)[cell]).toBe('entry')
    }
  })

  it('takes a printed digit judged written for a given when its mirror is printed, or the mirror for an entry when it is the less sure', () => {
    const b = symmetricPuzzles[0]
    const cell = [...b.puzzle.keys()].find((c) => b.puzzle[c] && c !== 40)!
    const written = emptyOf(b.puzzle)
    const kinds = Array.from(b.puzzle, (d, i): CellKind => (i === cell ? 'entry' : d ? 'given' : written.includes(i) ? 'entry' : 'empty'))
    const sure = kinds.map((k) => kindP(k, 0.999))
    expect(
      mendSymmetry(
        kinds,
        sure.map((p, i) => (i === cell ? kindP('entry', 0.7) : p)),
      )[cell],
    ).toBe('given')
    const mended = mendSymmetry(
      kinds,
      sure.map((p, i) => (i === 80 - cell ? kindP('given', 0.6) : p)),
    )
    expect([mended[cell], mended[80 - cell]]).toEqual(['entry', 'entry'])
  })

  it('keeps a sure print facing an empty cell, and leaves puzzles without symmetry alone', () => {
    const b = symmetricPuzzles[1]
    const cell = [...b.puzzle.keys()].find((c) => b.puzzle[c] && c !== 40)!
    // A faint given read as empty: its printed mirror stays a given.
    const kinds = Array.from(b.puzzle, (d, i): CellKind => (d && i !== 80 - cell ? 'given' : 'empty'))
    const probs = kinds.map((k, i) => (i === 80 - cell ? kindP('empty', 0.7) : kindP(k, 0.9999)))
    expect(mendSymmetry(kinds, probs)).toEqual(kinds)
    expect(asymmetricPuzzles.length).toBeGreaterThan(3)
    for (const a of asymmetricPuzzles) {
      const k = Array.from(a.puzzle, (d): CellKind => (d ? 'given' : 'empty'))
      expect(
        mendSymmetry(
          k,
          k.map((x) => kindP(x, 0.6)),
        ),
      ).toEqual(k)
    }
  })
})

describe('decidePaper settles kinds', () => {
  it('finds a given judged written when the givens would otherwise have several solutions', () => {
    let found = 0
    for (const b of asymmetricPuzzles) {
      // Judge each given written in turn until dropping it leaves several solutions.
      const givens = [...b.puzzle.keys()].filter((c) => b.puzzle[c])
      const cell = givens.find(
        (c) =>
          solve(
            b.puzzle.map((d, i) => (i === c ? 0 : d)),
            { limit: 2 },
          ).count > 1,
      )
      if (cell === undefined) continue
      const r = decidePaper(page(b, [], new Map([[cell, kindP('entry', 0.7)]])))
      expect(r.cells[cell].kind).toBe('given')
      expect(r.givens).toEqual(b.puzzle)
      expect(r.solutions).toBe(1)
      found++
    }
    expect(found).toBeGreaterThan(2)
  })

  it('finds a written mistake judged printed: the givens have no solution with it, the cell is an entry and a mistake', () => {
    const b = asymmetricPuzzles[0]
    // A wrong candidate: printed nowhere in the cell's row, column or box, so no clash, but no solution either.
    const candidate = (c: number) => [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => d !== b.solution[c] && !peers[c].some((p) => b.puzzle[p] === d))
    const cell = emptyOf(b.puzzle).find((c) => candidate(c))!
    const wrong = candidate(cell)!
    const evidence = page(b, [cell], new Map([[cell, kindP('given', 0.7)]]))
    evidence[cell] = { ...evidence[cell], written: digitP(wrong), printed: null }
    const r = decidePaper(evidence)
    expect(r.cells[cell]).toMatchObject({ kind: 'entry', digit: wrong })
    expect(r.givens).toEqual(b.puzzle)
    expect(r.mistakes).toEqual([cell])
  })

  it('takes a pen digit judged printed that repeats the print for an entry, and lets the solution settle it', () => {
    const b = asymmetricPuzzles[0]
    const cell = emptyOf(b.puzzle).find((c) => b.puzzle.some((d, i) => d && i !== c && Math.floor(i / 9) === Math.floor(c / 9)))!
    const row = Math.floor(cell / 9)
    // A digit already printed in the row: a clash if it were a given, and as handwriting a misread more likely than a slip.
    const repeated = b.puzzle.slice(row * 9, row * 9 + 9).find((d) => d !== 0)!
    const evidence = page(b, [cell], new Map([[cell, kindP('given', 0.7)]]))
    evidence[cell] = { ...evidence[cell], written: digitP(repeated), printed: null }
    const r = decidePaper(evidence)
    expect(r.cells[cell]).toMatchObject({ kind: 'entry', digit: b.solution[cell] })
    expect(r.givens).toEqual(b.puzzle)
    expect(r.informed).toEqual([cell])
    expect(r.mistakes).toEqual([])
  })

  it('reads a page judged all handwriting as all print when only that is a proper puzzle', () => {
    for (const b of symmetricPuzzles.slice(0, 3)) {
      const givens = [...b.puzzle.keys()].filter((c) => b.puzzle[c])
      // A print face the cell model takes for pen in every cell; its handwriting reading is right.
      const r = decidePaper(page(b, [], new Map(givens.map((c) => [c, kindP('entry', 0.9)]))))
      expect(r.givens).toEqual(b.puzzle)
      expect(givens.every((c) => r.cells[c].kind === 'given')).toBe(true)
      expect(r.mistakes).toEqual([])
    }
  })

  it('keeps a page in progress with too few givens read as it is when all print is no proper puzzle either', () => {
    const b = symmetricPuzzles[3]
    const givens = [...b.puzzle.keys()].filter((c) => b.puzzle[c])
    const pen = emptyOf(b.puzzle)[0]
    // The person's wrong digit clashes with a given in its row, so all print cannot be a puzzle.
    const row = Math.floor(pen / 9)
    const clash = b.puzzle.slice(row * 9, row * 9 + 9).find((d) => d !== 0)!
    const judged = new Map(givens.slice(0, 10).map((c) => [c, kindP('entry', 0.9)]))
    const evidence = page(b, [pen], judged)
    evidence[pen] = { ...evidence[pen], written: digitP(clash) }
    const r = decidePaper(evidence)
    expect(r.cells[pen].kind).toBe('entry')
    expect(r.solutions).not.toBe(1)
  })
})
