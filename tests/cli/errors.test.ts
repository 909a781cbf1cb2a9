/**
 * Issue 11, "fail cleanly, lose nothing": every command has --help, refuses unknown options, says a
 * usage error in one line with exit code 2 and a bad input in one line with exit code 1, never
 * with a stack trace; a bad line in a puzzle file is named by its line number and the good lines
 * are still answered. Most runs are in-process (src/cli/in-process.ts); the ones that used to dump
 * stack traces or OpenCV's source at the process level go through the real bin script.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCaptured } from '../../src/cli/in-process'
import { WICHT_DIR } from '../../datasets/wicht'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'cli-errors-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
const COMMANDS = ['solve', 'read', 'hint', 'steps', 'rate', 'export', 'timelapse']
/** No stack frame, no "Error:" with a source path, nothing longer than a line or two. */
const clean = (text: string): boolean => !/^\s+at /m.test(text) && !/Error:.*[\\/][\w.-]+\.(ts|js)/.test(text) && text.length < 1000

function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern)
  expect(stderr.trimEnd().split('\n')).toHaveLength(1)
  expect(clean(stderr)).toBe(true)
}

describe.each(COMMANDS)('sudoku-lens %s', (command) => {
  it('prints its usage and options for --help, exit 0', async () => {
    const { code, stdout, stderr } = await runCaptured([command, '--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(new RegExp(`^Usage: sudoku-lens ${command} `))
    expect(stdout).toMatch(/-h, --help/)
    expect(stderr).toBe('')
  })

  it('refuses an unknown option in one line, exit 2', async () => {
    const { code, stdout, stderr } = await runCaptured([command, '--bogus', 'x'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expectOneLine(stderr, new RegExp(`^sudoku-lens ${command}: unknown option --bogus; sudoku-lens ${command} --help lists the options`))
  })

  it('says a usage error (nothing to work on) in one line, exit 2', async () => {
    const { code, stderr } = await runCaptured([command])
    expect(code).toBe(2)
    expectOneLine(stderr, new RegExp(`^sudoku-lens ${command}: (give|Usage)`))
  })
})

describe('usage errors', () => {
  it.each([
    [['solve', '--limit'], /--limit needs a value/],
    [['solve', '--limit', '0', PUZZLE], /--limit must be a whole number from 1 to 100000, not 0/],
    [['solve', '--limit', '1e12', PUZZLE], /--limit must be a whole number/],
    [['solve', '--json=yes', PUZZLE], /--json takes no value/],
    [['hint', PUZZLE, '--level', 'loud'], /--level must be vague, concrete or full, not loud/],
    [['hint', PUZZLE, PUZZLE], /too many arguments \(2; hint takes 1\)/],
    [['steps'], /give the state: --grid, --entries or --candidates, in any combination/],
    [['export', 'photo.jpg'], /give --out FILE/],
    [['export', 'photo.jpg', '--out', 'x.png', '--mode', 'sepia'], /--mode must be clean or overlay/],
    [['timelapse', tmp, '--out', 'x.mp4', '--crf', '60'], /--crf must be a whole number from 0 to 51/],
    [['frobnicate'], /Unknown command: frobnicate/],
    [[], /give a command/],
  ])('%j', async (argv, message) => {
    const { code, stdout, stderr } = await runCaptured(argv)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expectOneLine(stderr, message)
  })
})

describe('bad inputs: one line, exit 1, and the good ones still answered', () => {
  const list = join(tmp, 'list.txt')
  writeFileSync(
    list,
    [
      '# two good puzzles, four bad lines',
      PUZZLE,
      '12345',
      `${PUZZLE.slice(0, 40)}A${PUZZLE.slice(41)}`,
      '',
      `${PUZZLE}:1:${SOLUTION}`,
      `${PUZZLE.slice(0, 40)}\u0007${PUZZLE.slice(41)}`,
      '1'.repeat(10_000),
    ].join('\n'),
  )

  it('solve answers each line in order, naming the bad ones by line number', async () => {
    const { code, stdout, stderr } = await runCaptured(['solve', list])
    expect(code).toBe(1)
    expect(stderr).toBe('')
    expect(stdout.trimEnd().split('\n')).toEqual([
      `unique: ${SOLUTION}`,
      `invalid: ${list} line 3: A puzzle has 81 cells, but this text has 5. Use digits 1-9 and . or 0 for empty cells.`,
      `invalid: ${list} line 4: Unexpected character "A" for cell 41: use digits 1-9, or . or 0 for empty.`,
      `unique: ${SOLUTION}`,
      // A control character read from the file is shown escaped, never sent to the terminal.
      `invalid: ${list} line 7: Unexpected character "\\u0007" for cell 41: use digits 1-9, or . or 0 for empty.`,
      `invalid: ${list} line 8: the line is longer than 4096 characters`,
    ])
  })

  it('solve --json gives each answer its file and line', async () => {
    const { stdout } = await runCaptured(['solve', list, '--json'])
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => [l.line, l.status])).toEqual([
      [2, 'unique'],
      [3, 'invalid'],
      [4, 'invalid'],
      [6, 'unique'],
      [7, 'invalid'],
      [8, 'invalid'],
    ])
    expect(lines.every((l) => l.file === list)).toBe(true)
  })

  it('rate does the same', async () => {
    const { code, stdout } = await runCaptured(['rate', list])
    expect(code).toBe(1)
    const lines = stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(6)
    expect(lines.filter((l) => l.startsWith('medium ('))).toHaveLength(2)
    expect(lines[1]).toBe(`invalid: ${list} line 3: A puzzle has 81 cells, but this text has 5. Use digits 1-9 and . or 0 for empty cells.`)
  })

  it('an unreadable argument is one line on stderr, and the other arguments are still solved', async () => {
    const { code, stdout, stderr } = await runCaptured(['solve', join(tmp, 'missing.txt'), PUZZLE, tmp])
    expect(code).toBe(1)
    expect(stdout).toBe(`unique: ${SOLUTION}\n`)
    expect(stderr.trimEnd().split('\n')).toEqual([
      `sudoku-lens solve: ${join(tmp, 'missing.txt')} is neither an 81-character puzzle nor a file`,
      `sudoku-lens solve: ${tmp} is a directory, not a puzzle file`,
    ])
  })

  it('an empty file and a 16x16 grid are bad inputs, not crashes', async () => {
    const empty = join(tmp, 'empty.txt')
    writeFileSync(empty, '')
    const big = join(tmp, '16x16.txt')
    writeFileSync(big, Array.from({ length: 16 }, () => '0123456789ABCDEF').join('\n'))
    const a = await runCaptured(['solve', empty])
    expect(a.code).toBe(1)
    expectOneLine(a.stderr, /empty.txt holds no puzzle/)
    const b = await runCaptured(['rate', big])
    expect(b.code).toBe(1)
    expect(b.stdout).toBe(`invalid: ${big} lines 1-16: A puzzle has 81 cells, but this text has 256. Use digits 1-9 and . or 0 for empty cells.\n`)
  })

  it('hint: a bad puzzle, a file with several, bad --entries are one line each', async () => {
    for (const [argv, message] of [
      [['hint', list], /hint takes one puzzle, but .*list.txt line 3 holds another/],
      [['hint', '12345'], /A puzzle has 81 cells, but this text has 5/],
      [['hint', PUZZLE, '--entries', 'abc'], /--entries: This text is not a puzzle: expected 81 digits/],
      [['hint', PUZZLE, '--candidates', '1'.repeat(729)], /--candidates: Cell r1c1, position 2/],
    ] as const) {
      const { code, stdout, stderr } = await runCaptured([...argv])
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expectOneLine(stderr, message)
    }
  })

  it('steps: a bad grid or candidates is one line', async () => {
    const { code, stderr } = await runCaptured(['steps', '--grid', `${PUZZLE}1`])
    expect(code).toBe(1)
    expectOneLine(stderr, /^sudoku-lens steps: --grid: A puzzle has 81 cells, but this text has 82/)
    const marks = await runCaptured(['steps', '--grid', PUZZLE, '--candidates', 'x'])
    expect(marks.code).toBe(1)
    expectOneLine(marks.stderr, /^sudoku-lens steps: --candidates: A candidate grid has 729 characters/)
  })

  it('read: each unreadable image is named, the rest still read', async () => {
    const zero = join(tmp, 'zero.jpg')
    writeFileSync(zero, '')
    const { code, stdout, stderr } = await runCaptured(['read', '--no-ocr', zero, join(tmp, 'missing.png'), '--json'])
    expect(code).toBe(1)
    expect(stderr).toBe('')
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.file)).toEqual([zero, join(tmp, 'missing.png')])
    for (const l of lines) expect(l.error).toMatch(/^Cannot read image/)
  })

  it('timelapse: a folder without frames is one line, exit 1', async () => {
    const { code, stderr } = await runCaptured(['timelapse', tmp, '--out', join(tmp, 'x.mp4')])
    expect(code).toBe(1)
    expectOneLine(stderr, /no frame0000001.jpg-style frames in/)
  })
})

describe('through the real bin script (where stack traces and OpenCV source used to come out)', () => {
  it.each([
    ['steps', '--help'],
    ['timelapse', '--help'],
    ['export', '--help'],
  ])('%s %s: usage on stdout, exit 0', async (...argv) => {
    const { code, stdout, stderr } = await cli(...argv)
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Usage: sudoku-lens /)
    expect(stderr).toBe('')
  })

  it('steps with neither --grid nor --candidates, and hint with no puzzle: one line, exit 2', async () => {
    for (const argv of [['steps'], ['hint']]) {
      const { code, stderr } = await cli(...argv)
      expect(code).toBe(2)
      expectOneLine(stderr, /^sudoku-lens (steps|hint): give /)
    }
  })

  it('export on a missing, a 0-byte and a truncated image: one line, exit 1, no OpenCV source', async () => {
    const zero = join(tmp, 'zero.jpg')
    writeFileSync(zero, '')
    const truncated = join(tmp, 'truncated.jpg')
    const jpeg = readFileSync(join(WICHT_DIR, 'image1.jpg'))
    writeFileSync(truncated, jpeg.subarray(0, jpeg.length >> 1))
    for (const [image, message] of [
      [join(tmp, 'missing.jpg'), /Cannot read image .*missing.jpg: Input file is missing/],
      [zero, /Cannot read image .*zero.jpg: Input file contains unsupported image format/],
      [truncated, /Cannot decode image .*truncated.jpg: VipsJpeg: premature end of JPEG image/],
    ] as const) {
      const { code, stdout, stderr } = await cli('export', image, '--out', join(tmp, 'out.png'))
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expect(stderr).not.toMatch(/Module|opencv/)
      expectOneLine(stderr, message)
    }
  })
})
