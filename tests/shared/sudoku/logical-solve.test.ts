import { describe, expect, it } from 'vitest'
import { logicalSolve } from '../../../src/shared/sudoku/logical-solve'
import { TECHNIQUE_LABELS, TECHNIQUE_ORDER, techniqueRank, techniques } from '../../../src/shared/sudoku/logic/techniques'

// magictour top1465 #1: needs far more than singles.
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........'
const grid = (text: string) => Uint8Array.from(text, (ch) => (ch === '.' ? 0 : Number(ch)))

describe('logicalSolve', () => {
  const singlesOnly = techniques.filter((t) => techniqueRank(t.technique) <= techniqueRank('hidden-single'))

  it('stops with "stuck" when brute force is off and the techniques run out', () => {
    const result = logicalSolve(grid(HARD), { techniques: singlesOnly, bruteForce: false })
    expect(result.status).toBe('stuck')
    expect(result.bruteForceSteps).toBe(0)
    expect(result.grid.includes(0)).toBe(true)
    for (let c = 0; c < 81; c++) if (result.grid[c]) expect(result.grid[c]).toBe(result.solution![c])
  })

  it('falls back on named brute-force steps and still finishes', () => {
    const result = logicalSolve(grid(HARD), { techniques: singlesOnly })
    expect(result.status).toBe('solved')
    expect(result.bruteForceSteps).toBeGreaterThan(0)
    const forced = result.steps.filter((s) => s.technique === 'brute-force')
    expect(forced).toHaveLength(result.bruteForceSteps)
    expect(forced[0].text).toMatch(/brute force/)
    expect(Array.from(result.grid)).toEqual(Array.from(result.solution!))
  })

  it('takes no steps on puzzles without exactly one solution', () => {
    expect(logicalSolve(new Uint8Array(81))).toMatchObject({ status: 'multiple-solutions', steps: [] })
    const clash = grid(HARD)
    clash[1] = 4 // a second 4 in row 1
    expect(logicalSolve(clash)).toMatchObject({ status: 'no-solution', steps: [], solution: null })
  })
})

describe('technique registry', () => {
  it('lists finders in order of difficulty, each technique named and labelled', () => {
    const ranks = techniques.map((t) => techniqueRank(t.technique))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(new Set(TECHNIQUE_ORDER).size).toBe(TECHNIQUE_ORDER.length)
    for (const t of TECHNIQUE_ORDER) expect(TECHNIQUE_LABELS[t]).toBeTruthy()
    expect(techniques.map((t) => t.technique)).toContain('aic')
  })
})
