/** `sudoku-lens hint`, `steps` and `rate`, run as a user would through the bin script. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli } from './run-cli'
import { PUZZLES_DIR } from '../../datasets/paths'

// The first puzzle of the Sudoku Exchange hard bank (public domain) and its solution.
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const SOLUTION = '389251467576948132142367589821694375934715826765823941258136794493572618617489253'

// HoDoKu's BUG+1 example (r6c5 is 1), as a library line and as givens, all digits and candidates.
const BUG_LINE =
  ':0610::8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149+87+2566+2+5..+3+7+8+9::565 965::'
const BUG_GIVENS = '8..325...7.....9.........2..9327.5.1....3.8....6............13...49.7.566........'
const BUG_FILLED = '8493256177328..9455617..328493278561157.3.892286...473978..2134314987256625..3789'
const BUG_CANDIDATES =
  '.......8....4.............9..3.......2...........5.........6...1..............7........7....3.......2..............8.1....6...1....6...........9...4.........5........5.........6...1..............7.....4....9...4....9..3.......2..............8....4.............9..3.......2.............7.........8.....5.........6...1........1............5..........7.....4.6.....3.........4.6..........8.........9.2........2..............8......6...1...5....1...5...91.......9...4...........7....3..............9......7.........8.....56.......56....2.......1..........3.........4.......3......1...........4.............9.......8.......7...2...........5.........6........6....2...........5....1..4.....1..4.......3............7.........8.........9'

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
    const steps = JSON.parse(stdout) as {
      technique: string
      placements: { cell: number; digit: number }[]
      eliminations: { cell: number; digit: number }[]
      text: string
    }[]
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

  it('tells a solved cell from a cell with one candidate left once the digits are given too', async () => {
    // r1c1 left open with 3 as its only mark: from candidates alone it looks solved.
    const grid = `.${SOLUTION.slice(1)}`
    const marks = Array.from(SOLUTION, (d) => '.'.repeat(Number(d) - 1) + d + '.'.repeat(9 - Number(d))).join('')
    expect((await cli('steps', '--candidates', marks)).stdout.trim()).toBe('No step found.')
    const { code, stdout } = await cli('steps', '--grid', grid, '--candidates', marks, '--json')
    expect(code).toBe(0)
    expect(JSON.parse(stdout)[0]).toMatchObject({ technique: 'full-house', placements: [{ cell: 0, digit: 3 }] })
  })

  it('answers BUG+1 from the givens, the placed digits and the candidates together', async () => {
    // HoDoKu's BUG+1 example: as a library line, and as its three parts.
    const { stdout } = await cli('steps', '--grid', BUG_LINE, '--json')
    expect(JSON.parse(stdout)[0]).toMatchObject({ technique: 'bug-plus-one', placements: [{ cell: 49, digit: 1 }] })
    const parts = await cli('steps', '--grid', BUG_GIVENS, '--entries', BUG_FILLED, '--candidates', BUG_CANDIDATES, '--json')
    expect(JSON.parse(parts.stdout)[0]).toMatchObject({ technique: 'bug-plus-one', placements: [{ cell: 49, digit: 1 }] })
  })

  it('explains bad input in one line', async () => {
    expect((await cli('steps', '--candidates', '123')).stderr).toMatch(/729 characters/)
    const none = await cli('steps')
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/^sudoku-lens steps: give the state: --grid, --entries or --candidates, in any combination. Usage: /)
    const clash = await cli('steps', '--grid', PUZZLE, '--entries', `17${PUZZLE.slice(2)}`)
    expect(clash.code).toBe(1)
    expect(clash.stderr.trim()).toBe('sudoku-lens steps: --entries: r1c2 is the given 8, not 7')
    expect((await cli('steps', '--grid', ':0000:x:12+3::')).stderr.trim()).toBe(
      'sudoku-lens steps: --grid: The puzzle field has 3 cells; a library line needs 81.',
    )
    for (const { stderr } of [clash, none]) expect(stderr.trim().split('\n')).toHaveLength(1)
  })
})

describe('sudoku-lens hint', () => {
  it('prints the hint at each level', async () => {
    expect((await cli('hint', PUZZLE)).stdout.trim()).toBe('Look for a hidden single.')
    expect((await cli('hint', PUZZLE, '--level', 'concrete')).stdout.trim()).toBe('Look for a hidden single on 3 in box 1.')
    const full = JSON.parse((await cli('hint', PUZZLE, '--level', 'full', '--json')).stdout)
    expect(full.step.placements).toEqual([{ cell: 0, digit: 3 }])
  })

  it('takes a whole state as its argument, or the puzzle with --entries and --candidates', async () => {
    const line = await cli('hint', BUG_LINE, '--level', 'full', '--json')
    expect(line.code).toBe(0)
    expect(JSON.parse(line.stdout)).toMatchObject({ technique: 'bug-plus-one', step: { placements: [{ cell: 49, digit: 1 }] } })
    const parts = await cli('hint', '--grid', BUG_GIVENS, '--entries', BUG_FILLED, '--candidates', BUG_CANDIDATES)
    expect(parts.stdout.trim()).toBe('Look for a BUG+1.')
    const both = await cli('hint', BUG_GIVENS, '--grid', BUG_GIVENS)
    expect(both.code).toBe(2)
    expect(both.stderr).toMatch(/^sudoku-lens hint: give the puzzle, as an argument or as --grid \(not both\)\./)
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
    const lines0 = readFileSync(join(PUZZLES_DIR, 'test_puzzles_with_counts'), 'utf8').trim().split('\n')
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
