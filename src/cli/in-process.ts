/**
 * The CLI run inside the current process with its output captured, for tests and the fuzzer:
 * thousands of runs without thousands of process start-ups. Runs one at a time (stdout and stderr
 * are the process's own); `maxOutput` bounds what is kept of each stream.
 */
import { main } from './index'

export interface CapturedRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  /** Characters written to each stream, including any beyond `maxOutput`. */
  readonly stdoutChars: number
  readonly stderrChars: number
}

let running = false

export async function runCaptured(argv: readonly string[], maxOutput = 1 << 20): Promise<CapturedRun> {
  if (running) throw new Error('runCaptured: one run at a time')
  running = true
  const kept = { stdout: [] as string[], stderr: [] as string[] }
  const chars = { stdout: 0, stderr: 0 }
  // Kept to be put back on the same streams afterwards, never called detached.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write }
  const capture = (name: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
      if (chars[name] < maxOutput) kept[name].push(text.slice(0, maxOutput - chars[name]))
      chars[name] += text.length
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined
      callback?.()
      return true
    }) as typeof process.stdout.write
  process.stdout.write = capture('stdout')
  process.stderr.write = capture('stderr')
  try {
    const code = await main(argv)
    return { code, stdout: kept.stdout.join(''), stderr: kept.stderr.join(''), stdoutChars: chars.stdout, stderrChars: chars.stderr }
  } finally {
    process.stdout.write = originals.stdout
    process.stderr.write = originals.stderr
    running = false
  }
}
