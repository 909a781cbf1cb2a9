import { describe, expect, it } from 'vitest'
import { parseCandidates } from '../../../../src/shared/sudoku/candidates-format'
import { peers } from '../../../../src/shared/sudoku/board'
import { parsePuzzle } from '../../../../src/shared/sudoku/format'
import { solve } from '../../../../src/shared/sudoku/solver'
import { findSimpleColouring } from '../../../../src/shared/sudoku/logic/single-digit/simple-colouring'
import { contradictions } from './soundness-states'
import { casesOf } from './technique-cases'

/**
 * A colour wrap on 2, reached from magictour top1465 puzzle 489 by singles,
 * locked candidates and removals of wrong candidates (see soundness-states.ts).
 */
const WRAP_PUZZLE = '.5.4.....8.3..1...9..5...8...6.3..9..9.65.........2..3.2.1..7..6.....8.5....4.2..'
const WRAP_STATE =
  '12...........5....12....7.....4............8...3..67.9..3..6..912...6...12....7.........8....4.67....3.......2....7...2....7.91...........4.6..9....5.....2.4.67..........91..4.67..12.4..7......5.....2....7....3..67....34.6..........8.1..4.67..12.......1..4..........6.........78...3............78.....5............9.2.4.......3..............9.2....7.......6.......5.......4.....1.........2....7.........8.....5.......4..78....4..78.........91.........2..........4.6........67....3.........4......2...........5..8.1.............6.......5..8.......7....3..............9.....6...1.3......1.......9.23...7...2....7.9......7.9.......8....4.........5..........7....3....8.....5..89..3....8....4.........5..89.2.......1....6...1....6...'

describe('findSimpleColouring', () => {
  // The project's states where simple colouring is the first step that applies (technique-cases.ts).
  it.each(casesOf('simple-colouring').map((c) => [c.source, c] as const))('finds colourings in %s that agree with the solution', (_, { cands, solution }) => {
    const steps = findSimpleColouring(cands)
    expect(steps.length).toBeGreaterThan(0)
    for (const step of steps) {
      expect(step.text).toContain('green')
      expect(step.text).toContain('blue')
      expect(contradictions(step, solution)).toEqual([])
    }
  })

  it('finds a colour trap: a cell seeing both colours cannot hold the digit', () => {
    const traps = casesOf('simple-colouring')
      .flatMap(({ cands }) => findSimpleColouring(cands).map((step) => ({ step, cands })))
      .filter(({ step }) => / \(green\) and r\dc\d \(blue\)/.test(step.text))
    expect(traps.length).toBeGreaterThan(0)
    for (const { step } of traps) {
      const coloured = new Set(step.cells)
      for (const { cell } of step.eliminations) expect(coloured.has(cell)).toBe(false)
    }
  })

  it('finds a colour wrap: two cells of one colour in one unit remove that colour', () => {
    const cands = parseCandidates(WRAP_STATE)
    const steps = findSimpleColouring(cands)
    const wrap = steps.find((s) => s.text.includes('cannot be 2'))
    expect(wrap).toBeDefined()
    const removed = wrap!.eliminations.map((e) => e.cell)
    // Some two of the removed cells see each other: that is the clash.
    expect(removed.some((a) => removed.some((b) => peers[a].includes(b)))).toBe(true)
    expect(wrap!.eliminations.every((e) => e.digit === 2)).toBe(true)
    const { solution } = solve(parsePuzzle(WRAP_PUZZLE), { limit: 2 })
    for (const step of steps) expect(contradictions(step, solution!)).toEqual([])
  })

  it('finds nothing without conjugate pairs', () => {
    expect(findSimpleColouring(new Uint16Array(81).fill(0x1ff))).toEqual([])
  })
})
