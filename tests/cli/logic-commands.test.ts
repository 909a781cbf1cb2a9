/** `sudoku-lens hint`, `steps` and `rate`, run as a user would through the bin script. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli } from './run-cli'


// The first puzzle of the Sudoku Exchange hard bank (public domain) and its solution.
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const SOLUTION = '389251467576948132142367589821694375934715826765823941258136794493572618617489253'

/** Every digit possible everywhere, then 5 kept only in columns 3 and 8 of rows 2 and 7: an X-Wing. */
function xWingCandidates(): string {
  const groups = Array.from({ length: 81 }, () => '123456789')
  for (const row of [1, 6]) {
    for (let col = 0; col < 9; col++) if (col !== 2 && col !== 7) groups[row * 9 + col] = '1234.6789'
  }
  return groups.join('')
}

describe('sudoku-lens steps', () => {
  it('lists every step of a grid as JSON, all instances, each agreeing with the solution', async () => {
    const { code, stdout } = await cli('steps', '--grid', PUZZLE, '--json')
    expect(code).toBe(0)
    const steps = JSON.parse(stdout) as { technique: string; placements: { cell: number; digit: number }[]; eliminations: { cell: number; digit: number }[]; text: string }[]
    expect(Object.keys(steps[0]).sort()).toEqual(['eliminations', 'placements', 'technique', 'text'])
    const singles = steps.filter((s) => s.technique === 'hidden-single')
    expect(singles.length).toBeGreaterThan(1)
    for (const s of steps) {
      for (const p of s.placements) expect(Number(SOLUTION[p.cell])).toBe(p.digit)
      for (const e of s.eliminations) expect(Number(SOLUTION[e.cell])).not.toBe(e.digit)
    }
  })

  it('reads the 729-character candidates form', async () => {
    const { code, stdout } = await cli('steps', '--candidates', xWingCandidates(), '--json')
    expect(code).toBe(0)
    const wings = JSON.parse(stdout).filter((s: { technique: string }) => s.technique === 'x-wing')
    expect(wings).toHaveLength(1)
    expect(wings[0].eliminations).toHaveLength(14)
    expect(wings[0].eliminations.every((e: { digit: number }) => e.digit === 5)).toBe(true)
  })

  it('explains bad input', async () => {
    expect((await cli('steps', '--candidates', '123')).stderr).toMatch(/729 characters/)
    expect((await cli('steps')).stderr).toMatch(/exactly one of --grid/)
  })
})

describe('sudoku-lens hint', () => {
  it('prints the hint at each level', async () => {
    expect((await cli('hint', PUZZLE)).stdout.trim()).toBe('Look for a hidden single.')
    expect((await cli('hint', PUZZLE, '--level', 'concrete')).stdout.trim()).toBe('Look for a hidden single on 3 in box 1.')
    const full = JSON.parse((await cli('hint', PUZZLE, '--level', 'full', '--json')).stdout)
    expect(full.step.placements).toEqual([{ cell: 0, digit: 3 }])
  })

  it('reports wrong entries first, with exit code 1', async () => {
    const entries = `1${PUZZLE.slice(1)}`
    const { code, stdout } = await cli('hint', PUZZLE, '--entries', entries, '--json')
    expect(code).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ kind: 'mistakes', cells: [0] })
  })
})

describe('sudoku-lens rate', () => {
  it('rates a puzzle as JSON', async () => {
    const { code, stdout } = await cli('rate', PUZZLE, '--json')
    expect(code).toBe(0)
    const r = JSON.parse(stdout)
    expect(r).toMatchObject({ puzzle: PUZZLE, status: 'solved', level: 'medium', hardest: 'hidden-pair' })
    expect(r.techniques.map((t: { technique: string }) => t.technique)).toContain('hidden-single')
  })

  it('rates each line of a file and says why it cannot rate one', async () => {
    // The file's first three puzzles and its lines without one solution: some of its other
    // puzzles need forcing nets, seconds each, which this test is not about.
    const lines0 = readFileSync(resolve('../shared/data/puzzles/test_puzzles_with_counts'), 'utf8').trim().split('\n')
    const file = join(mkdtempSync(join(tmpdir(), 'rate-')), 'puzzles.txt')
    writeFileSync(file, [...lines0.slice(0, 3), ...lines0.filter((l) => l.split(':')[1] !== '1')].join('\n'))
    const { code, stdout } = await cli('rate', file)
    const lines = stdout.trim().split('\n')
    expect(lines.length).toBeGreaterThan(20)
    expect(code).toBe(1)
    expect(lines.some((l) => /^(easy|medium|hard|expert|extreme) \(score \d+; Sudoku Explainer \d+\.\d; hardest: /.test(l))).toBe(true)
    expect(lines.some((l) => l.startsWith('no-solution'))).toBe(true)
  })
})
