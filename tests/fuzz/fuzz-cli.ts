/**
 * Fuzzes the CLI with malformed inputs (issue 11, "fail cleanly, lose nothing") and writes the
 * figures to bench/README.md, "Fuzzing the CLI". `npm run fuzz [-- --seed 11 --inputs 20000]`.
 *
 * Inputs, generated from a seed: puzzles of the wrong length, with bad characters, unicode (wide
 * digits, astral characters, bidi controls, lone surrogates), binary, 16x16 grids, empty and
 * comment-only files, broken CSV and 9-line grids, list files with bad lines among good ones, and
 * valid-looking grids of random digits (which check the answers); option strings for every
 * command; malformed images (0-byte, truncated JPEG and PNG, text named .jpg, a decompression bomb,
 * huge dimensions in a header); and two 200 MB files. Most run in-process through `main` with the
 * output captured (src/cli/in-process.ts); a sample, the images and the 200 MB files also run as
 * real processes (`node bin/sudoku-lens.js`), which catches what only a process shows (exit
 * codes from signals, handlers at the process level, memory).
 *
 * Counted: crashes (an exit code other than 0, 1 or 2, a signal, an error escaping `main`), stack
 * traces (a line starting "    at ", "Error:" next to a source path, or over 4 KB on stderr),
 * errors longer than one line, hangs (over the time limit), wrong statuses (an answer that
 * disagrees with the solver run here on the same puzzle) and lost lines (a list file answered
 * with fewer or more lines than it holds puzzles).
 */
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createDeflate, deflateSync, crc32 as zlibCrc32 } from 'node:zlib'
import sharp from 'sharp'
import { runCaptured } from '../../src/cli/in-process'
import { PuzzleFormatError, parsePuzzle } from '../../src/shared/sudoku/format'
import { solve } from '../../src/shared/sudoku/solver'
import { findConflicts } from '../../src/shared/sudoku/validate'
import { measuredLine, writeReadmeSection } from '../../devkit/readme-section'

const { values: cli } = parseArgs({
  options: { seed: { type: 'string' }, inputs: { type: 'string' }, 'no-readme': { type: 'boolean' }, quick: { type: 'boolean' } },
})
/** --quick: in-process runs only (no processes, no 200 MB files), 200 puzzle inputs unless --inputs says; never written to the README. */
const QUICK = cli.quick ?? false
const SEED = Number(cli.seed ?? 11)
/** Malformed puzzle inputs run in-process, spread over solve, rate, hint and steps. */
const PUZZLE_INPUTS = Number(cli.inputs ?? (QUICK ? 200 : 20_000))
/** Of those, how many also run as real processes (about 1 s each: tsx and the CLI start up). */
const CHILD_SAMPLE = 60
/** An in-process run or a process taking longer than this is a hang (a near-empty grid solves in ms). */
const HANG_MS = 60_000
/** More than this on stderr is a dump, not a message. */
const STDERR_LIMIT = 4096
const BIG_FILE_BYTES = 200 * 1024 * 1024

// --- seeded randomness -------------------------------------------------------------------------
let state = SEED >>> 0 || 1
/** mulberry32: small, fast, and enough to make a run repeatable. */
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const int = (n: number): number => Math.floor(random() * n)
const pick = <T>(list: readonly T[]): T => list[int(list.length)]
const chance = (p: number): boolean => random() < p

// --- puzzles -----------------------------------------------------------------------------------
/** A Sudoku Exchange puzzle (public domain) and its solution: emptied cells of it give unique or multiple puzzles. */
const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
const PUZZLE_CHARS = '0123456789.'
const BAD_CHARS = 'abcxyzABXYZ!@#$%^&()[]{};:\'"`~<>/\\?=+|-_ ,\t'
const UNICODE = [
  '１',
  '٣',
  '७',
  'Ⅷ',
  '⑨',
  '😀',
  '𝟗',
  'é',
  'e\u0301',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udc00',
  '\u00a0',
  '\u2028',
  '\u0085',
  'ß',
  '中',
  '\u0000',
  '\u0007',
  '\u001b[31m',
]

const repeat = (n: number, char: () => string): string => Array.from({ length: n }, char).join('')

/** The solution with `blanks` cells emptied: unique with few blanks, often several solutions with many. */
function fromSolution(blanks: number): string {
  const cells = [...SOLUTION]
  for (let k = 0; k < blanks; k++) cells[int(81)] = '.'
  return cells.join('')
}

/** One-line texts: what a list file's bad line or a bad argument looks like. Never holds `\n` or `\r`. */
const LINE_KINDS = {
  'wrong length': () => repeat(pick([0, 1, 9, 27, 80, 82, 90, 161, 162, 243]) + int(5), () => pick([...PUZZLE_CHARS])),
  'bad characters': () => {
    const cells = [...fromSolution(40)]
    for (let k = 1 + int(4); k > 0; k--) cells[int(81)] = pick([...BAD_CHARS])
    return cells.join('')
  },
  unicode: () => {
    const cells = [...fromSolution(40)]
    for (let k = 1 + int(4); k > 0; k--) cells[int(81)] = pick(UNICODE)
    return cells.join('').replace(/[\n\r]/g, '')
  },
  binary: () => repeat(20 + int(200), () => String.fromCharCode(int(0x10000))).replace(/[\n\r]/g, ''),
  '16x16 line': () => repeat(256, () => pick([...'0123456789ABCDEFG.'])),
  'random digits': () => repeat(81, () => (chance(0.05 + random() * 0.5) ? String(1 + int(9)) : '.')),
  'one cell changed': () => {
    const cells = [...pick([PUZZLE, fromSolution(45), fromSolution(20)])]
    cells[int(81)] = String(1 + int(9))
    return cells.join('')
  },
  'good puzzle': () => pick([PUZZLE, fromSolution(20 + int(40))]),
  'solution line': () => `${fromSolution(30)}:1:${SOLUTION}`,
} satisfies Record<string, () => string>

/** Whole files (or multi-line arguments): grids over 9 lines or CSV rows, broken in the usual ways. */
const FILE_KINDS = {
  empty: () => pick(['', '\n', '   \n\t\n', '# only a comment\n', '\ufeff', '\r\n\r\n']),
  '9 lines': () => {
    const rows = Array.from({ length: 9 }, (_, r) => fromSolution(40).slice(r * 9, r * 9 + 9))
    const damage = int(5)
    if (damage === 0) rows.splice(int(9), 1)
    if (damage === 1) rows.push(rows[0])
    if (damage === 2) rows[int(9)] += pick(['1', '.', 'x', '12'])
    if (damage === 3) rows[int(9)] = rows[int(9)].slice(1)
    const sep = chance(0.5) ? rows.map((r) => `${r.slice(0, 3)} | ${r.slice(3, 6)} | ${r.slice(6)}`) : rows
    return sep.join(pick(['\n', '\r\n'])) + (chance(0.5) ? '\n' : '')
  },
  csv: () => {
    const rows = Array.from({ length: 9 }, (_, r) => [...fromSolution(40).slice(r * 9, r * 9 + 9)].map((c) => (c === '.' ? '' : c)))
    const damage = int(6)
    if (damage === 0) rows.pop()
    if (damage === 1) rows[int(9)].push('')
    if (damage === 2) rows[int(9)][int(9)] = pick(['10', '-1', 'a', ' 5 ', '0x5', '５', '"3"'])
    if (damage === 3) rows[int(9)].pop()
    if (damage === 4) rows.push(['1', '2'])
    return rows.map((r) => r.join(',')).join('\n')
  },
  '16x16 grid': () => Array.from({ length: 16 }, () => repeat(16, () => pick([...'0123456789ABCDEFG.']))).join('\n'),
  binary: () => Buffer.from(Array.from({ length: int(3000) }, () => int(256))).toString('latin1'),
} satisfies Record<string, () => string>

type LineKind = keyof typeof LINE_KINDS
const lineKinds = Object.keys(LINE_KINDS) as LineKind[]
const badLineKinds = lineKinds.filter((k) => k !== 'good puzzle' && k !== 'solution line')

/**
 * A list file: a first line that can only be a list line (81 characters or more), then good and
 * bad lines, comments, blank lines, CRLF, a BOM, sometimes a line far over the length limit.
 * Returns the text and how many puzzles (lines to answer) it holds.
 */
function listFile(): { text: string; entries: number } {
  const lines = [chance(0.5) ? LINE_KINDS['good puzzle']() : LINE_KINDS['wrong length']().padEnd(90, '1')]
  for (let n = 3 + int(30); n > 0; n--) {
    const r = random()
    if (r < 0.05) lines.push(`# comment ${int(100)}`)
    else if (r < 0.1) lines.push(pick(['', '   ', '\t']))
    else if (r < 0.13) lines.push('5'.repeat(4097 + int(20_000)))
    else if (r < 0.55) lines.push(LINE_KINDS['good puzzle']())
    else lines.push(LINE_KINDS[pick(badLineKinds)]())
  }
  const entries = lines.filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length
  return { text: (chance(0.1) ? '\ufeff' : '') + lines.join(chance(0.2) ? '\r\n' : '\n') + (chance(0.5) ? '\n' : ''), entries }
}

/** 729-character candidate texts, mostly broken. */
function candidatesText(): string {
  const kind = int(5)
  if (kind === 0) return repeat(pick([0, 81, 728, 730, 1000]), () => pick([...'123456789.']))
  const groups = Array.from({ length: 81 }, () => [...'123456789'].map((d) => (chance(0.6) ? d : '.')).join(''))
  if (kind === 1) groups[int(81)] = '.........'
  if (kind === 2) groups[int(81)] = pick(['12345678x', '１23456789', '987654321'])
  if (kind === 3) return groups.join(' ')
  return groups.join('')
}

// --- what counts as a failure ------------------------------------------------------------------
type Problem = 'crash' | 'stack trace' | 'multi-line error' | 'hang' | 'wrong status' | 'lost lines'
const PROBLEMS: Problem[] = ['crash', 'stack trace', 'multi-line error', 'hang', 'wrong status', 'lost lines']

type InputKind = 'puzzle' | 'options' | 'image' | '200 MB'
const INPUT_KINDS: InputKind[] = ['puzzle', 'options', 'image', '200 MB']
const KIND_LABELS: Record<InputKind, string> = { puzzle: 'puzzle inputs', options: 'option strings', image: 'images', '200 MB': '200 MB files' }

interface Tally {
  inProcess: number
  processes: number
  kinds: Record<InputKind, number>
  codes: Record<string, number>
  problems: Record<Problem, number>
}
const tallies = new Map<string, Tally>()
const findings: string[] = []

function tally(command: string): Tally {
  let t = tallies.get(command)
  if (!t)
    tallies.set(
      command,
      (t = {
        inProcess: 0,
        processes: 0,
        kinds: { puzzle: 0, options: 0, image: 0, '200 MB': 0 },
        codes: {},
        problems: Object.fromEntries(PROBLEMS.map((p) => [p, 0])) as Record<Problem, number>,
      }),
    )
  return t
}

function note(command: string, problem: Problem, argv: readonly string[], detail: string): void {
  tally(command).problems[problem]++
  if (findings.length < 40)
    findings.push(`${problem}: ${command} ${argv.map((a) => JSON.stringify(a.length > 80 ? `${a.slice(0, 80)}…` : a)).join(' ')}: ${detail.slice(0, 300)}`)
}

const STACK = [/^\s+at\s/m, /\w*Error:.*[\\/][\w.-]+\.(ts|js|mjs|cjs)\b/, /node:internal/]

interface Outcome {
  readonly code: number | null
  readonly signal?: string | null
  readonly stdout: string
  readonly stderr: string
  readonly stderrChars: number
  readonly ms: number
}

/** The checks every run gets; `oneArgument` says whether one line of stderr is all it may write. */
function checkOutcome(command: string, argv: readonly string[], o: Outcome, oneArgument: boolean): void {
  const t = tally(command)
  t.codes[String(o.signal ?? o.code)] = (t.codes[String(o.signal ?? o.code)] ?? 0) + 1
  if (o.ms > HANG_MS) note(command, 'hang', argv, `${o.ms} ms`)
  if (o.signal || o.code === null || ![0, 1, 2].includes(o.code)) note(command, 'crash', argv, `exit ${o.signal ?? o.code}: ${o.stderr.slice(0, 200)}`)
  if (o.stderrChars > STDERR_LIMIT || STACK.some((re) => re.test(o.stderr) || re.test(o.stdout))) note(command, 'stack trace', argv, o.stderr.slice(0, 300))
  else if (oneArgument && o.stderr.trimEnd().split('\n').length > 1) note(command, 'multi-line error', argv, o.stderr)
}

function tryJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

interface Truth {
  /** solve's vocabulary: invalid when the text does not parse or has clashing givens. */
  readonly status: 'invalid' | 'none' | 'unique' | 'multiple'
  readonly parses: boolean
  /** Solutions, up to 2, whatever the clashes (rate and hint go by this alone). */
  readonly count: number
  readonly solution?: string
}

/** The solver's own answer for a puzzle text. */
function truth(text: string): Truth {
  let grid: Uint8Array
  try {
    grid = parsePuzzle(text)
  } catch (error) {
    if (error instanceof PuzzleFormatError) return { status: 'invalid', parses: false, count: 0 }
    throw error
  }
  const { count, solution } = solve(grid, { limit: 2 })
  const base = { parses: true, count, ...(count === 1 ? { solution: Array.from(solution!).join('') } : {}) }
  if (findConflicts(grid).length) return { ...base, status: 'invalid' }
  return { ...base, status: count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple' }
}

/** rate's vocabulary: invalid only for text that does not parse; clashing givens have no solution. */
const rateStatus = (t: Truth): string => (!t.parses ? 'invalid' : t.count === 0 ? 'no-solution' : t.count === 1 ? 'solved' : 'multiple-solutions')

/** solve --json and rate --json: each answer against the solver; a list file's answers counted. */
function checkAnswers(command: 'solve' | 'rate', argv: readonly string[], stdout: string, entries: number | null): void {
  const lines = stdout.split('\n').filter((l) => l)
  if (entries !== null && lines.length !== entries) note(command, 'lost lines', argv, `${entries} puzzles, ${lines.length} answers`)
  for (const line of lines) {
    const answer = tryJson<{ puzzle: string; status: string; solution?: string | null; message?: string }>(line)
    if (!answer) {
      note(command, 'wrong status', argv, `not JSON: ${line.slice(0, 100)}`)
      continue
    }
    if (answer.status === 'invalid' && /longer than \d+ characters/.test(answer.message ?? JSON.stringify(answer))) continue
    const expected = truth(answer.puzzle)
    const status = command === 'solve' ? expected.status : rateStatus(expected)
    if (answer.status !== status) note(command, 'wrong status', argv, `said ${answer.status}, the solver says ${status} for ${JSON.stringify(answer.puzzle)}`)
    else if (command === 'solve' && status === 'unique' && answer.solution !== expected.solution)
      note(command, 'wrong status', argv, `wrong solution for ${answer.puzzle}`)
  }
}

// --- running -----------------------------------------------------------------------------------
const tmp = mkdtempSync(join(tmpdir(), 'sudoku-lens-fuzz-'))
const BIN = resolve(import.meta.dirname, '../../bin/sudoku-lens.js')
let fileCounter = 0
function tempFile(content: string | Buffer, extension = 'txt'): string {
  const path = join(tmp, `in-${fileCounter++ % 200}.${extension}`)
  writeFileSync(path, content)
  return path
}

function tempCopy(path: string): string {
  const copy = join(tmp, `sample-${fileCounter++}.txt`)
  writeFileSync(copy, readFileSync(path))
  return copy
}

/** Errors that escape `main` in-process would end a real process: counted as crashes of the run in progress. */
let current: { command: string; argv: readonly string[] } | null = null
const escaped = (error: unknown): void => note(current?.command ?? '?', 'crash', current?.argv ?? [], `escaped main: ${String(error)}`)
process.on('uncaughtException', escaped)
process.on('unhandledRejection', escaped)

async function inProcess(kind: InputKind, argv: string[], oneArgument = true): Promise<Outcome> {
  const command = argv[0]
  current = { command, argv }
  tally(command).inProcess++
  tally(command).kinds[kind]++
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    const run = await Promise.race([
      runCaptured(argv),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${HANG_MS} ms`)), HANG_MS))),
    ])
    const outcome = { code: run.code, stdout: run.stdout, stderr: run.stderr, stderrChars: run.stderrChars, ms: performance.now() - started }
    checkOutcome(command, argv, outcome, oneArgument)
    return outcome
  } catch (error) {
    const hung = /no answer in/.test(String(error))
    note(command, hung ? 'hang' : 'crash', argv, `${hung ? '' : 'main threw: '}${String(error)}`)
    if (hung) throw new Error(`hang in-process (${argv.join(' ').slice(0, 200)}): cannot go on`, { cause: error })
    return { code: null, stdout: '', stderr: String(error), stderrChars: 0, ms: performance.now() - started }
  } finally {
    clearTimeout(timer)
    current = null
  }
}

/** A real `node bin/sudoku-lens.js` process; stdout kept up to 1 MB, its peak RSS read through a probe (Linux). */
async function asProcess(kind: InputKind, argv: string[], oneArgument = true): Promise<Outcome & { peakMB: number; stdoutLines: number }> {
  const command = argv[0]
  tally(command).processes++
  tally(command).kinds[kind]++
  const probe = join(tmp, 'probe.mjs')
  const report = join(tmp, `rss-${fileCounter++}.json`)
  // VmHWM is this process's own peak; getrusage's maxRSS would include the fuzzer's, inherited through fork.
  writeFileSync(
    probe,
    `import { readFileSync, writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(process.env.FUZZ_RSS, /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]))\n`,
  )
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', probe, BIN, ...argv], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FUZZ_RSS: report } })
  let stdout = ''
  let stdoutLines = 0
  let stderr = ''
  let stderrChars = 0
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) stdoutLines++
    if (stdout.length < 1 << 20) stdout += text
  })
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderrChars += text.length
    if (stderr.length < 64 * 1024) stderr += text
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), HANG_MS + 5000)
  const [code, signal] = await new Promise<[number | null, string | null]>((r) => child.on('close', (c, s) => r([c, s])))
  clearTimeout(timer)
  let peakMB = NaN
  try {
    peakMB = Number(readFileSync(report, 'utf8')) / 1024
  } catch {
    /* killed before exit */
  }
  const outcome = { code, signal, stdout, stderr, stderrChars, ms: performance.now() - started, peakMB, stdoutLines }
  checkOutcome(command, argv, outcome, oneArgument)
  return outcome
}

// --- puzzle inputs -----------------------------------------------------------------------------
interface PuzzleCase {
  readonly argv: string[]
  /** For solve/rate --json on a list file: how many answers to expect. */
  readonly entries: number | null
  readonly check: 'answers' | 'hint' | null
  /** The puzzle text given as an argument (hint checks its kind against it). */
  readonly text?: string
}

function puzzleSource(): { arg: string; entries: number | null; text?: string } {
  const r = random()
  if (r < 0.4) {
    const text = LINE_KINDS[pick(lineKinds)]()
    return { arg: text, entries: null, text }
  }
  if (r < 0.55) return { arg: tempFile(LINE_KINDS[pick(lineKinds)]()), entries: null }
  if (r < 0.75) return { arg: tempFile(FILE_KINDS[pick(Object.keys(FILE_KINDS) as (keyof typeof FILE_KINDS)[])]()), entries: null }
  const list = listFile()
  return { arg: tempFile(list.text), entries: list.entries }
}

function puzzleCase(command: 'solve' | 'rate' | 'hint' | 'steps'): PuzzleCase {
  if (command === 'steps') {
    return {
      argv: chance(0.5) ? ['steps', '--grid', LINE_KINDS[pick(lineKinds)](), '--json'] : ['steps', '--candidates', candidatesText()],
      entries: null,
      check: null,
    }
  }
  const source = puzzleSource()
  const json = chance(0.7)
  if (command === 'hint') {
    const argv = ['hint', source.arg, '--level', pick(['vague', 'concrete', 'full'])]
    if (chance(0.2)) argv.push('--entries', pick([LINE_KINDS[pick(lineKinds)](), fromSolution(50)]))
    if (chance(0.2)) argv.push('--candidates', candidatesText())
    if (json) argv.push('--json')
    return { argv, entries: null, check: json && source.text !== undefined && argv.length === 5 ? 'hint' : null, text: source.text }
  }
  const argv = [command, source.arg]
  if (command === 'solve' && chance(0.1)) argv.push('--limit', String(pick([1, 2, 3, 100, 100_000])))
  if (json) argv.push('--json')
  return { argv, entries: json ? source.entries : null, check: json ? 'answers' : null }
}

async function checkPuzzleCase(c: PuzzleCase, o: Outcome): Promise<void> {
  const command = c.argv[0] as 'solve' | 'rate' | 'hint'
  if (c.check === 'answers' && o.code !== 2 && o.stderr === '') checkAnswers(command as 'solve' | 'rate', c.argv, o.stdout, c.entries)
  if (c.check === 'hint' && c.text !== undefined) {
    // A text that does not parse is a bad input (exit 1, nothing on stdout); a puzzle without one
    // solution (clashing givens included) is an 'invalid-puzzle' hint (exit 1); else a step (exit 0).
    const expected = truth(c.text)
    let said = `exit ${o.code}`
    let right: boolean
    if (!expected.parses) right = o.code === 1 && o.stdout === ''
    else {
      const kind = tryJson<{ kind: string }>(o.stdout)?.kind
      said += `, ${kind}`
      right = expected.count === 1 ? o.code === 0 && (kind === 'step' || kind === 'solved') : o.code === 1 && kind === 'invalid-puzzle'
    }
    if (!right) note('hint', 'wrong status', c.argv, `${said}; the solver finds ${expected.count} solutions (parses: ${expected.parses})`)
  }
}

// --- option strings ----------------------------------------------------------------------------
const OPTION_TOKENS = [
  '--json',
  '--limit',
  '--limit=',
  '--limit=-5',
  '-5',
  '1e9',
  '--level',
  'loud',
  '--grid',
  '--candidates',
  '--entries',
  '--out',
  '--mode',
  'sepia',
  '--size',
  '89',
  '--debug',
  '--no-ocr',
  '--no-rules',
  '--fps-in',
  '--crf',
  '--crop',
  '1,2',
  '--preset',
  '-',
  '--',
  '---',
  '-x',
  '--json=1',
  '--help=1',
  '--LIMIT',
  '—json',
  '',
  ' ',
  PUZZLE,
  'missing.jpg',
  '/',
  '\u202e',
  'x'.repeat(5000),
]
const COMMANDS = ['solve', 'rate', 'hint', 'steps', 'read', 'export', 'timelapse']

function optionCase(command: string): string[] {
  const argv = [command, ...Array.from({ length: 1 + int(4) }, () => pick(OPTION_TOKENS))]
  // read without --no-ocr starts two Tesseract workers per run: kept for the process sample.
  if (command === 'read') argv.push('--no-ocr')
  // Never let a fuzzed export or timelapse write next to the repository.
  return argv.map((a) => (a === '--out' ? `--out=${join(tmp, 'out.png')}` : a))
}

// --- images ------------------------------------------------------------------------------------
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlibCrc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
function png(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))])
}
/** zlib data that inflates to `bytes` zero bytes, made without holding them. */
async function deflateZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 })
  const parts: Buffer[] = []
  deflate.on('data', (part: Buffer) => parts.push(part))
  const block = Buffer.alloc(1 << 20)
  for (let left = bytes; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) await new Promise<void>((r) => deflate.once('drain', () => r()))
  }
  await new Promise<void>((r) => deflate.end(() => r()))
  return Buffer.concat(parts)
}

/** A JPEG that is only a header: SOI and a baseline SOF0 declaring `width` x `height`, no scan. */
function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])])
}

async function makeImages(): Promise<Record<string, string>> {
  const dir = join(tmp, 'images')
  mkdirSync(dir)
  const noise = Buffer.from(Array.from({ length: 640 * 480 }, () => int(256)))
  const jpeg = await sharp(noise, { raw: { width: 640, height: 480, channels: 1 } })
    .jpeg({ quality: 80 })
    .toBuffer()
  const pngBytes = await sharp(noise, { raw: { width: 640, height: 480, channels: 1 } })
    .png()
    .toBuffer()
  const blank = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
  // 20000 x 20000 grey (400 MP, 8 times the reader's limit) in a 400 KB file: every row is zeros.
  const bombSide = 20_000
  const bomb = png(bombSide, bombSide, await deflateZeros((bombSide + 1) * bombSide))
  const files: Record<string, Buffer | string> = {
    '0-byte.jpg': Buffer.alloc(0),
    '0-byte.png': Buffer.alloc(0),
    'truncated-10.jpg': jpeg.subarray(0, jpeg.length * 0.1),
    'truncated-50.jpg': jpeg.subarray(0, jpeg.length * 0.5),
    'truncated-99.jpg': jpeg.subarray(0, jpeg.length - 10),
    'jpeg-signature-only.jpg': jpeg.subarray(0, 2),
    'truncated-10.png': pngBytes.subarray(0, pngBytes.length * 0.1),
    'truncated-50.png': pngBytes.subarray(0, pngBytes.length * 0.5),
    'truncated-99.png': pngBytes.subarray(0, pngBytes.length - 10),
    'text.jpg': 'this is not a photo\n',
    'html.png': '<html><body>not an image</body></html>',
    'random-bytes.jpg': Buffer.from(Array.from({ length: 10_000 }, () => int(256))),
    'decompression-bomb.png': bomb,
    'huge-dimensions.png': png(1_000_000, 1_000_000, deflateSync(Buffer.alloc(10))),
    'huge-dimensions.jpg': jpegHeader(65_500, 65_500),
    'zero-dimensions.png': png(0, 0, deflateSync(Buffer.alloc(0))),
    'huge.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><rect width="10" height="10"/></svg>',
    'blank-page.png': blank,
  }
  const paths: Record<string, string> = {}
  for (const [name, content] of Object.entries(files)) writeFileSync((paths[name] = join(dir, name)), content)
  paths['missing.jpg'] = join(dir, 'missing.jpg')
  paths['a directory'] = dir
  return paths
}

/** read: the image answered on stdout (its error), exit 1; export: one line on stderr, exit 1. */
function checkImage(command: 'read' | 'export', argv: string[], o: Outcome): void {
  if (o.code !== 1) note(command, 'wrong status', argv, `exit ${o.code} for an image that cannot be read`)
  if (command === 'export' && o.stdout !== '') note(command, 'wrong status', argv, `export printed ${o.stdout.slice(0, 100)}`)
  if (command === 'read' && !o.stdout.includes(`${argv[1]}: `) && !o.stdout.includes('"error"'))
    note(command, 'wrong status', argv, `read did not answer for the image: ${o.stdout.slice(0, 100)}`)
}

// --- 200 MB files ------------------------------------------------------------------------------
async function writeBig(path: string, fill: (chunk: Buffer) => void, tail: string): Promise<void> {
  const out = createWriteStream(path)
  const chunk = Buffer.alloc(1 << 20)
  for (let written = 0; written < BIG_FILE_BYTES; written += chunk.length) {
    fill(chunk)
    if (!out.write(Buffer.from(chunk))) await new Promise<void>((r) => out.once('drain', () => r()))
  }
  out.write(tail)
  await new Promise<void>((r) => out.end(() => r()))
}

/** Ends a --quick run before the processes. */
class Quick extends Error {}

// --- the run -----------------------------------------------------------------------------------
const started = performance.now()
const bigRuns: string[] = []
try {
  // Puzzle inputs in-process, a sample of them as processes too.
  const shares = { solve: 0.35, rate: 0.25, hint: 0.2, steps: 0.2 } as const
  const sample: PuzzleCase[] = []
  const sampled = { solve: 0, rate: 0, hint: 0, steps: 0 }
  for (const [command, share] of Object.entries(shares) as [keyof typeof shares, number][]) {
    for (let i = Math.round(PUZZLE_INPUTS * share); i > 0; i--) {
      const c = puzzleCase(command)
      const o = await inProcess('puzzle', c.argv)
      await checkPuzzleCase(c, o)
      // A process cannot take NUL in an argument; temporary files are reused, so the sample keeps a copy.
      const quota = CHILD_SAMPLE * share
      if (sampled[command] < quota && chance((2 * quota) / (PUZZLE_INPUTS * share)) && !c.argv.some((a) => a.includes('\0'))) {
        sampled[command]++
        const argv = c.argv.map((a) => (a.startsWith(tmp) ? tempCopy(a) : a))
        sample.push({ ...c, argv })
      }
    }
    console.log(`${command}: ${tally(command).inProcess} in-process runs, ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  if (!QUICK) for (const c of sample) await checkPuzzleCase(c, await asProcess('puzzle', c.argv))

  // Option strings for every command.
  for (const command of COMMANDS) {
    for (let i = command === 'read' ? 100 : 400; i > 0; i--) await inProcess('options', optionCase(command), false)
  }
  if (!QUICK) for (const command of COMMANDS) for (let i = 0; i < 3; i++) await asProcess('options', optionCase(command), false)
  console.log(`options: done, ${((performance.now() - started) / 1000).toFixed(0)} s`)

  // Images: in-process, then each as a process (export, and read with Tesseract on a few).
  const images = await makeImages()
  for (const [name, path] of Object.entries(images)) {
    const out = join(tmp, 'exported.png')
    for (const argv of [
      ['read', path, '--no-ocr', '--json'],
      ['read', path, '--no-ocr'],
      ['export', path, '--out', out],
      ['export', path, '--out', out, '--mode', 'overlay'],
    ]) {
      checkImage(argv[0] as 'read' | 'export', argv, await inProcess('image', argv))
    }
    if (QUICK) continue
    checkImage('export', ['export', path], await asProcess('image', ['export', path, '--out', out]))
    if (['0-byte.jpg', 'truncated-50.jpg', 'decompression-bomb.png', 'blank-page.png'].includes(name))
      checkImage('read', ['read', path], await asProcess('image', ['read', path]))
  }
  console.log(`images: done, ${((performance.now() - started) / 1000).toFixed(0)} s`)

  // 200 MB: one line with no newline then a puzzle and a bad line; and random bytes.
  if (QUICK) throw new Quick()
  const big = join(tmp, 'big.txt')
  await writeBig(big, (chunk) => chunk.fill('7'), `\n${PUZZLE}\n12345\n`)
  for (const command of ['solve', 'rate'] as const) {
    const o = await asProcess('200 MB', [command, big, '--json'])
    checkAnswers(command, [command, '200 MB one-line file'], o.stdout, 3)
    bigRuns.push(
      `\`${command}\` on 200 MB in one line, then 2 lines: exit ${o.code}, ${o.stdoutLines} answers, ${(o.ms / 1000).toFixed(1)} s, peak RSS ${o.peakMB.toFixed(0)} MB`,
    )
  }
  await writeBig(
    big,
    (chunk) => {
      for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((random() * 2 ** 32) >>> 0, i)
    },
    '',
  )
  const o = await asProcess('200 MB', ['solve', big])
  bigRuns.push(
    `\`solve\` on 200 MB of random bytes (a newline every 256 bytes on average): exit ${o.code}, ${o.stdoutLines} answers, ${(o.ms / 1000).toFixed(1)} s, peak RSS ${o.peakMB.toFixed(0)} MB`,
  )
  rmSync(big)
} catch (error) {
  if (!(error instanceof Quick)) throw error
} finally {
  rmSync(tmp, { recursive: true, force: true })
}

// --- report ------------------------------------------------------------------------------------
const wall = (performance.now() - started) / 1000
const total = (key: Problem): number => [...tallies.values()].reduce((n, t) => n + t.problems[key], 0)
const rows = COMMANDS.map((command) => {
  const t = tally(command)
  const codes = Object.entries(t.codes)
    .sort()
    .map(([c, n]) => `${c}: ${n}`)
    .join(', ')
  return `| ${command} | ${INPUT_KINDS.map((k) => t.kinds[k]).join(' | ')} | ${t.inProcess} | ${t.processes} | ${PROBLEMS.map((p) => t.problems[p]).join(' | ')} | ${codes} |`
})
const allInputs = [...tallies.values()].reduce((n, t) => n + t.inProcess + t.processes, 0)
const section = [
  `\`npm run fuzz\` (tests/fuzz/fuzz-cli.ts, seed ${SEED}): ${allInputs} runs of the CLI on malformed input, ${PUZZLE_INPUTS} of them`,
  'puzzle inputs (wrong lengths, bad characters, unicode, binary, 16x16 grids, empty files, broken',
  '9-line and CSV grids, list files with bad lines among good ones, random-digit grids) to `solve`,',
  '`rate`, `hint` and `steps`; option strings to every command; malformed images (0-byte, truncated',
  'JPEG and PNG, text named .jpg, a 400 MP decompression bomb, huge dimensions in a PNG, JPEG and',
  'SVG header, a blank page) to `read` and `export`; two 200 MB files. Most run in-process through',
  '`main` with the output captured; a sample, every image and the 200 MB files as real processes.',
  'A crash is an exit code other than 0, 1, 2 (or a signal, or an error escaping `main`); a stack',
  'trace is a line starting `    at `, `Error:` next to a source path, or over 4 KB on stderr; a',
  'wrong status is an answer (`solve`/`rate --json` status and solution, `hint --json` kind)',
  "disagreeing with the solver's own; lost lines, a list file answered with fewer or more lines",
  'than it holds puzzles.',
  '',
  `| command | ${INPUT_KINDS.map((k) => KIND_LABELS[k]).join(' | ')} | in-process | processes | ${PROBLEMS.join(' | ')} | exit codes |`,
  `|---|${INPUT_KINDS.map(() => '---|').join('')}---|---|${PROBLEMS.map(() => '---|').join('')}---|`,
  ...rows,
  `| **all** | ${INPUT_KINDS.map((k) => [...tallies.values()].reduce((n, t) => n + t.kinds[k], 0)).join(' | ')} | ${[...tallies.values()].reduce((n, t) => n + t.inProcess, 0)} | ${[...tallies.values()].reduce((n, t) => n + t.processes, 0)} | ${PROBLEMS.map((p) => total(p)).join(' | ')} | |`,
  '',
  ...bigRuns.map((line) => `- ${line}`),
  '',
  'Targets: 0 crashes, 0 stack traces, 0 hangs, 0 wrong statuses, 0 lost lines.',
  ...(findings.length ? ['', 'First findings:', '', ...findings.map((f) => `- ${f.replace(/\|/g, '\\|')}`)] : []),
  '',
  `${wall.toFixed(0)} s wall. ${measuredLine('npm run fuzz')}`,
].join('\n')
console.log(`\n${section}`)
if (!cli['no-readme'] && !QUICK) writeReadmeSection('Fuzzing the CLI', section)
process.exitCode = PROBLEMS.some((p) => total(p) > 0) ? 1 : 0
