/**
 * A large puzzle file is streamed: read line by line, answered line by line, its output written as
 * the pipe takes it. Shown on the real CLI process, run with its V8 heap capped below the file's
 * size (--max-old-space-size=32: reading the 50 MB file whole and splitting it into lines aborts V8
 * there): its peak resident memory (VmHWM in /proc/self/status as it exits: getrusage's maxRSS would
include this test process's, which a child inherits through fork and exec) on the 50 MB file stays
 * within GROWTH_BOUND_MB of that on a 12.5 MB one. --max-semi-space-size=1 keeps V8 from growing
 * its young generation with the allocation rate (up to 16 MB per semi-space, whatever the input),
 * which would otherwise blur the comparison by 10-20 MB.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'

const tmp = mkdtempSync(join(tmpdir(), 'cli-stream-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
/**
 * Measured on a 2-core machine: 84-85 MB peak for the 12.5 and 50 MB files (86-100 MB for 12.5 to
 * 100 MB without the flags). Holding the 37.5 MB of extra text once, let alone its lines, would
 * exceed the bound; reading the file whole, the process does not even finish under the heap cap.
 */
const GROWTH_BOUND_MB = 10
const HEAP_CAP_MB = 32

/** Puzzle lines (the solution with 30 cells emptied: quick to solve) and, every 14th line, a 32 KB line too long to be one. */
async function writeList(path: string, lines: number): Promise<{ bytes: number; puzzles: number; junk: number }> {
  const out = createWriteStream(path)
  let bytes = 0
  let puzzles = 0
  let seed = 1
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
  for (let i = 0; i < lines; i++) {
    let line: string
    if (i % 14 === 13) line = '7'.repeat(32 * 1024)
    else {
      const cells = [...SOLUTION]
      for (let k = 0; k < 30; k++) cells[random(81)] = '.'
      line = cells.join('')
      puzzles++
    }
    bytes += line.length + 1
    if (!out.write(`${line}\n`)) await new Promise<void>((r) => out.once('drain', () => r()))
  }
  await new Promise<void>((r) => out.end(r))
  return { bytes, puzzles, junk: lines - puzzles }
}

/** Runs `sudoku-lens solve <file>`, counting output lines without keeping them; returns the process's peak RSS. */
async function solvePeak(file: string): Promise<{ code: number; lines: number; invalid: number; peakMB: number; stderr: string }> {
  const probe = join(tmp, 'probe.mjs')
  const report = join(tmp, `rss-${Date.now()}.json`)
  await import('node:fs/promises').then((fs) =>
    fs.writeFile(
      probe,
      `import { readFileSync, writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(${JSON.stringify(report)}, /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]))\n`,
    ),
  )
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${HEAP_CAP_MB}`, '--max-semi-space-size=1', '--import', probe, resolve('bin/sudoku-lens.js'), 'solve', file],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let lines = 0
  let invalid = 0
  let partial = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const parts = (partial + text).split('\n')
    partial = parts.pop()!
    lines += parts.length
    for (const p of parts) if (p.startsWith('invalid:')) invalid++
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)))
  // No report when V8 aborted (out of heap) before the exit handlers ran.
  const peakMB = existsSync(report) ? Number(readFileSync(report, 'utf8')) / 1024 : NaN
  return { code, lines, invalid, peakMB, stderr }
}

let small: Awaited<ReturnType<typeof writeList>>
let large: Awaited<ReturnType<typeof writeList>>
beforeAll(async () => {
  small = await writeList(join(tmp, 'small.txt'), 5_250)
  large = await writeList(join(tmp, 'large.txt'), 21_000)
})

it('solves a 50 MB list file line by line in bounded memory', async () => {
  expect(large.bytes).toBeGreaterThan(50e6)
  expect(small.bytes * 4).toBeCloseTo(large.bytes, -6)
  const a = await solvePeak(join(tmp, 'small.txt'))
  const b = await solvePeak(join(tmp, 'large.txt'))
  expect([a.code, b.code, a.stderr.slice(0, 300), b.stderr.slice(0, 300)]).toEqual([1, 1, '', ''])
  // Every line answered, the too-long ones as invalid.
  expect(b.lines).toBe(large.puzzles + large.junk)
  expect(b.invalid).toBe(large.junk)
  console.info(
    `peak RSS: ${a.peakMB.toFixed(0)} MB for ${(small.bytes / 1e6).toFixed(1)} MB, ${b.peakMB.toFixed(0)} MB for ${(large.bytes / 1e6).toFixed(1)} MB`,
  )
  expect(b.peakMB - a.peakMB).toBeLessThan(GROWTH_BOUND_MB)
}, 180_000)
