/**
 * paper/decide-page.ts: from each cell's kind and readings to the page as a person left it. Puzzles and their
 * solutions: the Sudoku Exchange bank (public domain).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CellKind } from '../../../../src/shared/vision/cell-reading'
import { type CellEvidence, INFORMED_RATIO, KIND_SWAPS_TRIED, decidePaper, kindProbs, mayBeGiven } from '../../../../src/shared/vision/paper/decide-page'
import { PUZZLES_DIR } from '../../../../datasets/puzzles'
import { peers } from '../../../../src/shared/sudoku/board'
import { solve } from '../../../../src/shared/sudoku/solver'

const bank = readFileSync(join(PUZZLES_DIR, 'medium_puzzle_and_solution.txt'), 'utf8')
  .split(/\r?\n/)
  .filter((l) => /^[0-9.]{81}\s+[1-9]{81}/.test(l))
  .slice(0, 10)
  .map((l) => {
    const [puzzle, solution] = l.split(/\s+/)
    return { puzzle: Uint8Array.from(puzzle, (ch) => Number(ch) || 0), solution: Uint8Array.from(solution, Number) }
  })

/** Probabilities that put `p` on `digit` and share the rest; `second` gets `q` of it when given. */
function digitProbs(digit: number, p = 0.9, second?: { digit: number; p: number }): Float32Array {
  const probs = new Float32Array(9).fill((1 - p - (second?.p ?? 0)) / (second ? 7 : 8))
  probs[digit - 1] = p
  if (second) probs[second.digit - 1] = second.p
  return probs
}

/** A page: the puzzle's givens printed, `written` cells holding those digits in pen, the rest empty. */
function page(puzzle: Uint8Array, written: Map<number, number>, overrides: Map<number, Partial<CellEvidence>> = new Map()): CellEvidence[] {
  return Array.from(puzzle, (given, cell) => {
    const pen = written.get(cell)
    const kind: CellKind = given ? 'given' : pen ? 'entry' : 'empty'
    const base: CellEvidence = {
      kind: kindProbs(kind),
      printed: given ? digitProbs(given) : null,
      written: pen ? digitProbs(pen) : null,
      marks: [],
    }
    return { ...base, ...overrides.get(cell) }
  })
}

const emptyCells = (puzzle: Uint8Array): number[] => [...puzzle.keys()].filter((c) => !puzzle[c])

/** A wrong digit a person could believe in: not the solution's, and printed nowhere in the cell's row, column or box. */
const plausibleMistake = (puzzle: Uint8Array, solution: Uint8Array, cell: number): number =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => d !== solution[cell] && !peers[cell].some((peer) => puzzle[peer] === d))!

/** A wrong digit the print already shows in the cell's row, column or box. */
const printedPeerDigit = (puzzle: Uint8Array, cell: number): number => puzzle[peers[cell].find((peer) => puzzle[peer])!]

describe('decidePaper', () => {
  it("keeps the givens, the entries and the marks apart, and finds the givens' solution", () => {
    const { puzzle, solution } = bank[0]
    const [a, b, c] = emptyCells(puzzle)
    const r = decidePaper(
      page(
        puzzle,
        new Map([
          [a, solution[a]],
          [b, solution[b]],
        ]),
        new Map([[c, { kind: kindProbs('marks'), marks: [2, 7] }]]),
      ),
    )
    expect(r.givens).toEqual(puzzle)
    expect(r.solution).toEqual(solution)
    expect([...r.entries.keys()].filter((cell) => r.entries[cell])).toEqual([a, b])
    expect([r.entries[a], r.entries[b]]).toEqual([solution[a], solution[b]])
    expect(r.cells[a]).toMatchObject({ kind: 'entry', digit: solution[a] })
    expect(r.cells[c]).toMatchObject({ kind: 'marks', digit: 0, marks: [2, 7] })
    expect(r.cells[puzzle.findIndex((d) => d !== 0)]).toMatchObject({ kind: 'given' })
    expect(r.mistakes).toEqual([])
    expect(r.informed).toEqual([])
    expect(r.solutions).toBe(1)
  })

  it('reports a clearly written wrong digit as a mistake and never changes it to the solution', () => {
    for (const { puzzle, solution } of bank) {
      const cell = emptyCells(puzzle).find((c) => plausibleMistake(puzzle, solution, c))!
      const wrong = plausibleMistake(puzzle, solution, cell)
      const r = decidePaper(page(puzzle, new Map([[cell, wrong]])))
      expect(r.entries[cell]).toBe(wrong)
      expect(r.cells[cell].digit).toBe(wrong)
      expect(r.mistakes).toEqual([cell])
      expect(r.informed).toEqual([])
    }
  })

  it('lets the solution settle an unclear stroke between two close readings, and says so', () => {
    const { puzzle, solution } = bank[1]
    const cell = emptyCells(puzzle)[5]
    const right = solution[cell]
    const other = (right % 9) + 1
    // Read a little more as `other` than as the right digit: the solution tips it.
    const unclear = digitProbs(other, 0.5, { digit: right, p: 0.45 })
    const r = decidePaper(page(puzzle, new Map([[cell, other]]), new Map([[cell, { written: unclear }]])))
    expect(r.entries[cell]).toBe(right)
    expect(r.informed).toEqual([cell])
    expect(r.mistakes).toEqual([])
    // A reading that favours `other` by more than the ratio allows stays a mistake.
    const clear = digitProbs(other, 0.8, { digit: right, p: 0.8 * INFORMED_RATIO * 0.9 })
    const s = decidePaper(page(puzzle, new Map([[cell, other]]), new Map([[cell, { written: clear }]])))
    expect(s.entries[cell]).toBe(other)
    expect(s.mistakes).toEqual([cell])
  })

  it('lets the solution settle a clear reading that repeats a printed digit of its row, column or box, and says so', () => {
    const { puzzle, solution } = bank[4]
    const cell = emptyCells(puzzle)[2]
    const repeated = printedPeerDigit(puzzle, cell)
    // Read as the printed digit with the solution's all but ruled out, as a model reads an 8 with an open loop as a 3.
    const sure = digitProbs(repeated, 0.99, { digit: solution[cell], p: 1e-4 })
    const r = decidePaper(page(puzzle, new Map([[cell, repeated]]), new Map([[cell, { written: sure }]])))
    expect(r.entries[cell]).toBe(solution[cell])
    expect(r.informed).toEqual([cell])
    expect(r.mistakes).toEqual([])
    // The same sure reading of a digit the print does not show there is the person's mistake.
    const believable = plausibleMistake(puzzle, solution, cell)
    const wrong = digitProbs(believable, 0.99, { digit: solution[cell], p: 1e-4 })
    const s = decidePaper(page(puzzle, new Map([[cell, believable]]), new Map([[cell, { written: wrong }]])))
    expect(s.entries[cell]).toBe(believable)
    expect(s.mistakes).toEqual([cell])
  })

  it('takes a stroke read as a printed digit of its row, column or box and one other about evenly for the other, a mistake too', () => {
    const { puzzle, solution } = bank[4]
    const cell = emptyCells(puzzle)[2]
    const repeated = printedPeerDigit(puzzle, cell)
    const believable = plausibleMistake(puzzle, solution, cell)
    const read = (written: Float32Array) => decidePaper(page(puzzle, new Map([[cell, repeated]]), new Map([[cell, { written }]])))
    // Split between the print's digit and a digit the print does not show: the person wrote that one.
    const split = read(digitProbs(repeated, 0.5, { digit: believable, p: 0.45 }))
    expect(split.entries[cell]).toBe(believable)
    expect(split.mistakes).toEqual([cell])
    // Spread wider (a third digit close too), the stroke is no clear one: the solution settles it, as before.
    const spread = new Float32Array(9).fill(0.01)
    const third = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => d !== repeated && d !== believable && d !== solution[cell])!
    ;[spread[repeated - 1], spread[believable - 1], spread[third - 1]] = [0.45, 0.3, 0.2]
    expect(read(spread).entries[cell]).toBe(solution[cell])
    expect(read(spread).informed).toEqual([cell])
  })

  it('repairs a misread given with the rules, but not the entries', () => {
    const { puzzle, solution } = bank[2]
    const given = puzzle.findIndex((d) => d !== 0)
    const row = Math.floor(given / 9)
    const clash = [...puzzle.slice(row * 9, row * 9 + 9)].find((d, i) => d && row * 9 + i !== given)!
    const pen = emptyCells(puzzle).find((c) => plausibleMistake(puzzle, solution, c))!
    const wrongEntry = plausibleMistake(puzzle, solution, pen)
    const misread = digitProbs(clash, 0.55, { digit: puzzle[given], p: 0.35 })
    const r = decidePaper(page(puzzle, new Map([[pen, wrongEntry]]), new Map([[given, { printed: misread }]])))
    expect(r.givens).toEqual(puzzle)
    expect(r.repaired).toEqual([given])
    expect(r.entries[pen]).toBe(wrongEntry)
    expect(r.mistakes).toEqual([pen])
  })

  it("weighs a repaired digit of the voters' weighted product by their total weight against a kind swap", () => {
    const { puzzle, solution } = bank[2]
    const given = puzzle.findIndex((d) => d !== 0)
    const row = Math.floor(given / 9)
    const clash = [...puzzle.slice(row * 9, row * 9 + 9)].find((d, i) => d && row * 9 + i !== given)!
    // A digit half cut off: print read as another digit, the true one all but ruled out (4.4 nats
    // to repair), its kind a sure print (3.9 nats to take it for handwriting).
    const misread = {
      kind: Float32Array.from([0, 0.98, 0.02, 0]),
      printed: digitProbs(clash, 0.82, { digit: puzzle[given], p: 0.01 }),
      written: digitProbs(puzzle[given]),
    }
    const asOneModel = decidePaper(page(puzzle, new Map(), new Map([[given, misread]])))
    expect(asOneModel.cells[given].kind).toBe('entry')
    const asEnsemble = decidePaper(page(puzzle, new Map(), new Map([[given, misread]])), { printWeight: 2.2 })
    expect(asEnsemble.cells[given]).toMatchObject({ kind: 'given', digit: puzzle[given] })
    expect(asEnsemble.givens).toEqual(puzzle)
    expect(asEnsemble.repaired).toEqual([given])
    expect(solution.length).toBe(81)
  })

  it('reports no solution and no mistakes when the givens are not a proper puzzle', () => {
    const { puzzle } = bank[3]
    const givens = [...puzzle.keys()].filter((c) => puzzle[c])
    // Drop a third of the givens' ink: several solutions, nothing to judge entries against.
    const sparse = Uint8Array.from(puzzle, (d, c) => (givens.indexOf(c) % 3 === 0 ? 0 : d))
    const pen = emptyCells(puzzle)[0]
    const r = decidePaper(page(sparse, new Map([[pen, 5]])))
    expect(r.solutions).toBeGreaterThan(1)
    expect(r.solution).toBeNull()
    expect(r.mistakes).toEqual([])
    expect(r.entries[pen]).toBe(5)
  })
})

describe('decidePaper against a known print', () => {
  it('takes the print as the givens and every other digit as written, a mistake included', () => {
    const { puzzle, solution } = bank[5]
    const [right, pencilled] = emptyCells(puzzle)
    const wrong = emptyCells(puzzle).find((c) => c !== right && c !== pencilled && plausibleMistake(puzzle, solution, c))!
    const mistake = plausibleMistake(puzzle, solution, wrong)
    // Neat pen the cell model takes for print, and a mark it takes for print with marks close behind.
    const asPrint: Partial<CellEvidence> = { kind: Float32Array.from([0, 0.9, 0.08, 0.02]) }
    const evidence = page(
      puzzle,
      new Map([
        [right, solution[right]],
        [wrong, mistake],
      ]),
      new Map<number, Partial<CellEvidence>>([
        [right, asPrint],
        [wrong, asPrint],
        [pencilled, { kind: Float32Array.from([0.05, 0.6, 0.1, 0.25]), written: digitProbs(4) }],
      ]),
    )
    // Read alone, the page's print gains the pen digits; the mistake is then no puzzle's given.
    const alone = decidePaper(evidence)
    expect(alone.cells[right].kind).toBe('given')

    const known = decidePaper(evidence, { print: puzzle })
    expect(known.givens).toEqual(puzzle)
    expect(known.repaired).toEqual([])
    expect(known.solutions).toBe(1)
    expect(known.cells[right]).toMatchObject({ kind: 'entry', digit: solution[right] })
    expect(known.cells[wrong]).toMatchObject({ kind: 'entry', digit: mistake })
    expect(known.mistakes).toEqual([wrong])
    // Of the pen the cell model takes for print, the digit the solution has there looks printed (a
    // given the print may have missed); a mistake does not, and a page read alone has no print to miss.
    expect(known.looksPrinted).toEqual([right])
    expect(alone.looksPrinted).toEqual([])
    // Without print, marks (0.25) outweigh an entry (0.1): 0.25 / 0.4 of what is left.
    expect(known.cells[pencilled]).toMatchObject({ kind: 'marks', digit: 0, confidence: 0.625 })
    const given = puzzle.findIndex((d) => d !== 0)
    expect(known.cells[given]).toMatchObject({ kind: 'given', digit: puzzle[given], confidence: 1 })
  })

  it('keeps a print that is no proper puzzle as it is, with no solution to judge entries by', () => {
    const { puzzle } = bank[6]
    const givens = [...puzzle.keys()].filter((c) => puzzle[c])
    const sparse = Uint8Array.from(puzzle, (d, c) => (givens.indexOf(c) % 3 === 0 ? 0 : d))
    const dropped = givens.filter((c) => !sparse[c])
    // The cell model sure of print in the cells the print lacks: they are read as written digits.
    const known = decidePaper(page(puzzle, new Map(), new Map(dropped.map((c) => [c, { written: digitProbs(puzzle[c]) }]))), { print: sparse })
    expect(known.givens).toEqual(sparse)
    expect(known.solutions).toBeGreaterThan(1)
    expect(known.solution).toBeNull()
    expect(known.mistakes).toEqual([])
    for (const cell of dropped) expect(known.cells[cell]).toMatchObject({ kind: 'entry', digit: puzzle[cell] })
    // With no solution, nothing can be told to be the print's.
    expect(known.looksPrinted).toEqual([])
  })

  it('finds a given the print missed where the page still has one solution without it', () => {
    const { puzzle, solution } = bank[7]
    const missed = [...puzzle.keys()].find(
      (c) =>
        puzzle[c] &&
        solve(
          Uint8Array.from(puzzle, (d, i) => (i === c ? 0 : d)),
          { limit: 2 },
        ).count === 1,
    )!
    const print = Uint8Array.from(puzzle, (d, i) => (i === missed ? 0 : d))
    const known = decidePaper(page(puzzle, new Map(), new Map([[missed, { written: digitProbs(puzzle[missed]) }]])), { print })
    expect(known.cells[missed]).toMatchObject({ kind: 'entry', digit: solution[missed] })
    expect(known.looksPrinted).toEqual([missed])
  })
})

describe('mayBeGiven', () => {
  it('asks for print readings of the givens and of the digit cells the rules may take for print, not of sure entries', () => {
    const { puzzle, solution } = bank[4]
    const pen = emptyCells(puzzle).slice(0, KIND_SWAPS_TRIED + 4)
    const kinds = page(puzzle, new Map(pen.map((c) => [c, solution[c]]))).map((e) => Float32Array.from(e.kind))
    // One printed digit the cell model took for handwriting, though not surely.
    const torn = puzzle.findIndex((d) => d !== 0)
    kinds[torn] = Float32Array.from([0, 0.4, 0.6, 0])
    for (const cell of pen) kinds[cell] = Float32Array.from([0, 0.001, 0.999, 0])
    const asked = mayBeGiven(kinds)
    expect(asked[torn]).toBe(true)
    expect([...puzzle.keys()].filter((c) => puzzle[c]).every((c) => asked[c])).toBe(true)
    // Of the sure entries only as many as the rules try are asked for, and no empty cell.
    expect(pen.filter((c) => asked[c]).length).toBeLessThanOrEqual(KIND_SWAPS_TRIED - 1)
    expect(
      emptyCells(puzzle)
        .filter((c) => !pen.includes(c))
        .some((c) => asked[c]),
    ).toBe(false)
  })
})
